import FavoritePrimesLive
import Foundation
import Testing

import Platform

/// A database file with more than one name (hard links) is refused at open: SQLite keeps a `-wal` per name,
/// so two PrimeTimes using two names would each confirm changes the other's checkpoint then loses.
@Suite(.timeLimit(.minutes(2)))
struct HardLinkTests {
  @Test func aDatabaseWithAnotherHardLinkIsRefusedByEitherNameAndLeftUntouched() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("h.db").path
      let other = directory.appendingPathComponent("h2.db").path
      let database = try FavoritePrimesDatabase(path: path)
      _ = try await database.save(adding: [2])
      #expect(database.close() == nil)
      #expect(link(path, other) == 0)
      for name in [path, other] {
        try expectRefusal(of: name, in: directory) { $0 == .hardLinked(path: name, links: 2) }
      }
      let error = FavoritePrimesDatabaseError.hardLinked(path: "h.db", links: 2)
      #expect(
        error.description
          == "h.db is one of 2 names (hard links) of one file, and SQLite would keep a separate journal for each "
          + "name and lose changes; PrimeTime left it untouched. Use one name (remove the others), or copy the file."
      )
    }
  }

  /// The link count is read with the file's other checks, before SQLite opens it: an empty file with two names
  /// is refused too, with nothing created beside it.
  @Test func anEmptyFileWithTwoNamesIsRefused() throws {
    try withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("e.db").path
      #expect(FileManager.default.createFile(atPath: path, contents: Data()))
      #expect(link(path, directory.appendingPathComponent("e2.db").path) == 0)
      try expectRefusal(of: path, in: directory) { $0 == .hardLinked(path: path, links: 2) }
    }
  }
}
