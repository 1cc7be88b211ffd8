import FavoritePrimes
import Foundation
import SQLite
import Testing

import FavoritePrimesLive

/// What the outside tester found a backup or an export could destroy: the files SQLite keeps beside a copy,
/// the real database behind a symbolic link, and a path that names a directory.
@Suite(.timeLimit(.minutes(2)))
struct TransferSafetyTests {
  /// A file beside the backup's name that SQLite would take for the copy's own journal or write-ahead log,
  /// and delete, is refused and kept.
  @Test(arguments: SidecarFile.allCases.map(\.suffix))
  func aBackupNextToAFileSQLiteWouldTakeForItsOwnIsRefusedAndTheFileKept(suffix: String) async throws {
    try await withTemporaryDirectory { directory in
      let database = try FavoritePrimesDatabase(path: directory.appendingPathComponent("p.sqlite3").path)
      _ = try await database.save(adding: [5])
      let target = directory.appendingPathComponent("copy.db").path
      try Data("precious\n".utf8).write(to: URL(fileURLWithPath: target + suffix))
      let before = try entries(directory)
      let error = #expect(throws: FavoritePrimesFileError.self) { try database.backup(to: target) }
      #expect(error?.description.contains("copy.db\(suffix)") == true, "\(String(describing: error))")
      #expect(try entries(directory) == before)
      #expect(try String(contentsOfFile: target + suffix, encoding: .utf8) == "precious\n")
      #expect(database.close() == nil)
    }
  }

  /// With the database opened through a symbolic link, SQLite keeps its journal beside the real file, so that
  /// one is the database's too.
  @Test(arguments: SidecarFile.suffixesWithDatabase)
  func theRealDatabaseBehindALinkAndItsFilesAreRefused(suffix: String) async throws {
    try await withTemporaryDirectory { directory in
      let real = directory.appendingPathComponent("real.sqlite3").path
      let link = directory.appendingPathComponent("link.sqlite3").path
      let first = try FavoritePrimesDatabase(path: real)
      _ = try await first.save(adding: [5])
      #expect(first.close() == nil)
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.sqlite3")
      let database = try FavoritePrimesDatabase(path: link)
      let before = try entries(directory)
      #expect(throws: FavoritePrimesFileError.self) { try database.backup(to: real + suffix) }
      #expect(throws: FavoritePrimesFileError.self) {
        try TransferFiles.writeExport("# PrimeTime favorite primes\n5\n", to: real + suffix, database: database.path)
      }
      #expect(try entries(directory) == before)
      #expect(database.close() == nil)
    }
  }

  /// A path ending in `/` names a directory: neither a backup nor an export makes a file of it.
  @Test func aPathEndingInASlashIsRefusedAndNothingIsMade() async throws {
    try await withTemporaryDirectory { directory in
      let database = try FavoritePrimesDatabase(path: directory.appendingPathComponent("p.sqlite3").path)
      _ = try await database.save(adding: [5])
      let before = try entries(directory)
      let target = directory.appendingPathComponent("new").path + "/"
      #expect(throws: FavoritePrimesFileError.self) { try database.backup(to: target) }
      #expect(throws: FavoritePrimesFileError.self) {
        try TransferFiles.writeExport("# PrimeTime favorite primes\n5\n", to: target, database: database.path)
      }
      #expect(try entries(directory) == before)
      #expect(database.close() == nil)
    }
  }

  /// `primetime --db` opens no file named `:memory:` or `file:…` (SQLite reads them as no file and as a URI),
  /// so a backup by such a name could never be opened as docs/Manual.md says.
  @Test(arguments: [":memory:", "file:copy.db"])
  func aBackupByANameThatDbWouldNotOpenIsRefused(name: String) async throws {
    try await withTemporaryDirectory { directory in
      let database = try FavoritePrimesDatabase(path: directory.appendingPathComponent("p.sqlite3").path)
      _ = try await database.save(adding: [5])
      let before = try entries(directory)
      // Refused before anything is made, so the relative name never reaches the working directory.
      let error = #expect(throws: FavoritePrimesFileError.self) { try database.backup(to: name) }
      #expect(error?.description.contains("./\(name)") == true, "\(String(describing: error))")
      #expect(try entries(directory) == before)
      #expect(database.close() == nil)
    }
  }

  /// The file an export is written to first has a short name of its own, so any name the directory allows
  /// for the export itself works, up to the 255 bytes of a name.
  @Test func anExportToTheLongestNameTheDirectoryAllowsIsWritten() throws {
    try withTemporaryDirectory { directory in
      let target = directory.appendingPathComponent(String(repeating: "e", count: 250) + ".txt").path
      let text = "# PrimeTime favorite primes\n5\n"
      try TransferFiles.writeExport(text, to: target, database: nil)
      #expect(try String(contentsOfFile: target, encoding: .utf8) == text)
      #expect(try entries(directory).count == 1)
    }
  }
}
