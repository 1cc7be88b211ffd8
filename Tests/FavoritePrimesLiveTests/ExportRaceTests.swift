import Foundation
import Testing

@testable import FavoritePrimesLive

/// An export checks its target, then writes beside it and moves the new file into place; another program may
/// put a file at the target in between. That file is kept, byte for byte, and the export is refused.
@Suite(.timeLimit(.minutes(2)))
struct ExportRaceTests {
  private let export = "# PrimeTime favorite primes\n5\n"

  @Test func aFileThatAppearsAfterTheChecksIsKeptAndTheExportRefused() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let target = directory.appendingPathComponent("list.txt").path
      let error = #expect(throws: FavoritePrimesFileError.self) {
        try TransferFiles.writeExport(export, to: target, database: nil) {
          try? Data("someone else's\n".utf8).write(to: URL(fileURLWithPath: target))
        }
      }
      let expected = "\(target) appeared while the export was written, so it was left as it is"
      #expect(error == FavoritePrimesFileError(expected))
      let theirs: [String: Data?] = ["list.txt": Data("someone else's\n".utf8)]
      #expect(try entries(directory) == theirs)
    }
  }

  @Test func aPreviousExportReplacedByAnotherFileAfterTheChecksIsKept() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let target = directory.appendingPathComponent("list.txt").path
      try Data(export.utf8).write(to: URL(fileURLWithPath: target))
      #expect(throws: FavoritePrimesFileError.self) {
        try TransferFiles.writeExport("# PrimeTime favorite primes\n7\n", to: target, database: nil) {
          try? Data("someone else's\n".utf8).write(to: URL(fileURLWithPath: target))
        }
      }
      let theirs: [String: Data?] = ["list.txt": Data("someone else's\n".utf8)]
      #expect(try entries(directory) == theirs)
    }
  }

  /// The last moment: every check passed, the new export is written, and another program swaps its own file in
  /// at the target (a rename over it) just before the export takes the name. That file is kept, byte for byte,
  /// and nothing else is left behind.
  @Test func aFileSwappedInJustBeforeThePreviousExportIsReplacedIsKept() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let target = directory.appendingPathComponent("list.txt").path
      try Data(export.utf8).write(to: URL(fileURLWithPath: target))
      let error = #expect(throws: FavoritePrimesFileError.self) {
        try TransferFiles.writeExport(
          "# PrimeTime favorite primes\n7\n", to: target, database: nil, afterChecking: {},
          beforePlacing: {
            let theirs = directory.appendingPathComponent("theirs.tmp")
            try? Data("someone else's\n".utf8).write(to: theirs)
            _ = rename(theirs.path, target)
          }
        )
      }
      let expected = "\(target) changed while the export was written, so it was left as it is"
      #expect(error == FavoritePrimesFileError(expected))
      let theirs: [String: Data?] = ["list.txt": Data("someone else's\n".utf8)]
      #expect(try entries(directory) == theirs)
    }
  }

  /// The same moment with a symbolic link swapped in: the link is kept, and the file it points to too.
  @Test func aSymbolicLinkSwappedInJustBeforeThePreviousExportIsReplacedIsKept() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let target = directory.appendingPathComponent("list.txt").path
      try Data(export.utf8).write(to: URL(fileURLWithPath: target))
      #expect(throws: FavoritePrimesFileError.self) {
        try TransferFiles.writeExport(
          "# PrimeTime favorite primes\n7\n", to: target, database: nil, afterChecking: {},
          beforePlacing: {
            let link = directory.appendingPathComponent("link.tmp").path
            _ = symlink("/etc/hostname", link)
            _ = rename(link, target)
          }
        )
      }
      var status = stat()
      #expect(lstat(target, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
      #expect(try entries(directory).keys.sorted() == ["list.txt"])
    }
  }

  @Test func withNothingInTheWayTheExportIsWrittenAndNoTemporaryFileIsLeft() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let target = directory.appendingPathComponent("list.txt").path
      try TransferFiles.writeExport(export, to: target, database: nil) {}
      try TransferFiles.writeExport("# PrimeTime favorite primes\n7\n", to: target, database: nil) {}
      let written: [String: Data?] = ["list.txt": Data("# PrimeTime favorite primes\n7\n".utf8)]
      #expect(try entries(directory) == written)
    }
  }
}
