import FavoritePrimes
import Foundation
import Testing

import FavoritePrimesLive

import Platform

/// Backups, exports and imports on disk: the copy opens with everything, the database and other files are
/// never written over, and every refusal leaves the directory as it was.
@Suite(.timeLimit(.minutes(2)))
struct TransferTests {
  // MARK: Backup

  @Test func aBackupWhileTheDatabaseIsOpenHasEveryFavoriteAndItsActivity() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      let database = try FavoritePrimesDatabase(path: path, now: { date(1_000) })
      _ = try await database.save(adding: [2, 3])
      _ = try await database.save([.removedFavoritePrime(2), .addedFavoritePrime(7)])
      let copy = directory.appendingPathComponent("copy.sqlite3").path
      try database.backup(to: copy)
      // The original goes on being used.
      try await database.save(adding: [11])
      #expect(try await database.stored() == [3, 7, 11])
      let restored = try FavoritePrimesDatabase(path: copy)
      #expect(try await restored.stored() == [3, 7])
      #expect(try await restored.activity() == Array(try await database.activity().prefix(4)))
      #expect(try await restored.activity().count == 4)
      #expect(restored.close() == nil)
      #expect(database.close() == nil)
    }
  }

  @Test func aBackupNeverReplacesAFileNorNamesTheDatabase() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      let database = try FavoritePrimesDatabase(path: path)
      _ = try await database.save(adding: [5])
      let existing = directory.appendingPathComponent("notes.txt")
      try Data("keep me\n".utf8).write(to: existing)
      let link = directory.appendingPathComponent("link")
      try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: directory.path)
      let before = try entries(directory)
      let refusals: [(String, String)] = [
        (existing.path, "already exists"),
        (path, "is the database itself"),
        (path + "-wal", "is the database's wal file"),
        (path + "-journal", "is the database's journal file"),
        (link.appendingPathComponent("primetime.sqlite3-journal").path, "is the database's journal file"),
        (directory.appendingPathComponent("missing/copy.sqlite3").path, "copy.sqlite3"),
      ]
      for (target, words) in refusals {
        let error = #expect(throws: FavoritePrimesFileError.self) { try database.backup(to: target) }
        #expect(error?.description.contains(words) == true, "\(target): \(String(describing: error))")
      }
      let after = try entries(directory)
      #expect(after.keys.sorted() == before.keys.sorted())
      #expect(after.filter { before[$0.key] != $0.value }.map(\.key) == [])
      #expect(database.close() == nil)
    }
  }

  // MARK: Export

  @Test func anExportIsWrittenAndReplacesOnlyAPreviousExport() throws {
    try withTemporaryDirectory { directory in
      let file = directory.appendingPathComponent("favorites.txt").path
      try TransferFiles.writeExport("# PrimeTime favorite primes\n2\n", to: file, database: nil)
      #expect(try String(contentsOfFile: file, encoding: .utf8) == "# PrimeTime favorite primes\n2\n")
      try TransferFiles.writeExport("# PrimeTime favorite primes\n3\n", to: file, database: nil)
      #expect(try String(contentsOfFile: file, encoding: .utf8) == "# PrimeTime favorite primes\n3\n")
      #expect(try fileNames(in: directory) == ["favorites.txt"])
    }
  }

  @Test func anExportIsRefusedOverAnythingElseAndLeavesItByteIdentical() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("primetime.sqlite3").path
      let database = try FavoritePrimesDatabase(path: path)
      _ = try await database.save(adding: [5])
      let notes = directory.appendingPathComponent("notes.txt").path
      try Data("2\n3\n".utf8).write(to: URL(fileURLWithPath: notes))
      let link = directory.appendingPathComponent("link.txt").path
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: notes)
      let folder = directory.appendingPathComponent("folder").path
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
      let before = try entries(directory)
      let refusals: [(String, String)] = [
        (notes, "is not a previous export"),
        (link, "a symbolic link"),
        (folder, "a directory"),
        (path, "is the database itself"),
        (path + "-wal", "wal file"),
        (path + "-shm", "shm file"),
        (path + "-journal", "journal file"),
        (directory.appendingPathComponent("folder/../primetime.sqlite3").path, "is the database itself"),
      ]
      for (target, words) in refusals {
        let error = #expect(throws: FavoritePrimesFileError.self) {
          try TransferFiles.writeExport("# PrimeTime favorite primes\n7\n", to: target, database: path)
        }
        #expect(error?.description.contains(words) == true, "\(target): \(String(describing: error))")
      }
      #expect(try entries(directory) == before)
      #expect(database.close() == nil)
    }
  }

  // MARK: Import

  @Test func anImportReadsTheText() throws {
    try withTemporaryDirectory { directory in
      let file = directory.appendingPathComponent("in.txt")
      try Data("# PrimeTime favorite primes\n7\n".utf8).write(to: file)
      #expect(try TransferFiles.readImport(file.path) == "# PrimeTime favorite primes\n7\n")
    }
  }

  @Test func anImportRefusesWhatIsNoListInOneLine() throws {
    try withTemporaryDirectory { directory in
      let large = directory.appendingPathComponent("large.txt").path
      #expect(FileManager.default.createFile(atPath: large, contents: nil))
      #expect(truncate(large, off_t(FavoritePrimesFile.maximumSize + 1)) == 0)
      let binary = directory.appendingPathComponent("binary.txt")
      try Data([0x32, 0x0A, 0xFF, 0xFE, 0x0A]).write(to: binary)
      let fifo = directory.appendingPathComponent("fifo").path
      #expect(mkfifo(fifo, 0o600) == 0)
      let refusals: [(String, String)] = [
        (directory.appendingPathComponent("missing.txt").path, "there is no file"),
        (directory.path, "is a directory"),
        (fifo, "is a FIFO"),
        (large, "is larger than 16 MiB"),
        (binary.path, "is not UTF-8 text"),
      ]
      for (path, words) in refusals {
        let error = #expect(throws: FavoritePrimesFileError.self) { try TransferFiles.readImport(path) }
        #expect(error?.description.contains(words) == true, "\(path): \(String(describing: error))")
        #expect(error?.description.contains("\n") == false)
      }
    }
  }
}

