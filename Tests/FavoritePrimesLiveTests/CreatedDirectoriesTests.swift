import Foundation
import Testing

@testable import FavoritePrimesLive

/// What opening a database reports about the directories it had to make on the way to its path, so a front
/// end can say what appeared on disk.
@Suite(.timeLimit(.minutes(2)))
struct CreatedDirectoriesTests {
  @Test func theMissingDirectoriesAreReportedOutermostFirst() throws {
    try withTemporaryDirectory { directory in
      let outer = directory.path + "/a"
      let inner = outer + "/b"
      let first = try FavoritePrimesDatabase.createMissingDirectories(inner)
      #expect(first == [outer, inner])
      // Everything exists now: nothing more is made or reported.
      let again = try FavoritePrimesDatabase.createMissingDirectories(inner)
      #expect(again == [])
      let deeper = try FavoritePrimesDatabase.createMissingDirectories(inner + "/c")
      #expect(deeper == [inner + "/c"])
    }
  }

  @Test func aDotDotIsNamedAsWrittenAndOnlyMadeDirectoriesCount() throws {
    try withTemporaryDirectory { directory in
      let path = directory.path + "/gone/../kept"
      let created = try FavoritePrimesDatabase.createMissingDirectories(path)
      #expect(created == [directory.path + "/gone", path])
    }
  }

  @Test func aDatabaseTellsWhichDirectoriesItsOpenCreated() throws {
    try withTemporaryDirectory { directory in
      let outer = directory.path + "/data"
      let inner = outer + "/primetime"
      let first = try FavoritePrimesDatabase(path: inner + "/primetime.sqlite3")
      #expect(first.createdDirectories == [outer, inner])
      let second = try FavoritePrimesDatabase(path: inner + "/primetime.sqlite3")
      #expect(second.createdDirectories == [])
    }
  }
}
