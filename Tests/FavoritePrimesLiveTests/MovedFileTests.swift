import FavoritePrimesLive
import Foundation
import SQLite
import Testing

import Platform

/// The database file deleted or renamed while it is open: saves must not go on into a file no path names.
@Suite(.timeLimit(.minutes(5))) struct MovedFileTests {
  @Test func aSaveIntoADeletedDatabaseFailsAndRecreatesNothing() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("del.db").path
      let database = try FavoritePrimesDatabase(path: path)
      try await database.save(adding: [7])
      for name in try fileNames(in: directory) {
        unlink(directory.appendingPathComponent(name).path)
      }
      await #expect(throws: FavoritePrimesDatabaseError.movedOrDeleted(path: path)) { try await database.save(adding: [7, 11]) }
      await #expect(throws: FavoritePrimesDatabaseError.movedOrDeleted(path: path)) { try await database.stored() }
      #expect(
        FavoritePrimesDatabaseError.movedOrDeleted(path: path).description
          == "\(path) was moved, deleted or replaced while PrimeTime was running; put the file it opened back "
          + "there for PrimeTime to save into it again."
      )
      database.close()
      #expect(try fileNames(in: directory) == [])
    }
  }

  @Test func aRenamedDatabaseKeepsWhatWasSavedAndLeavesNothingAtTheOldPath() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("mv.db").path
      let moved = directory.appendingPathComponent("moved.db").path
      let database = try FavoritePrimesDatabase(path: path)
      try await database.save(adding: [7])
      #expect(rename(path, moved) == 0)
      await #expect(throws: FavoritePrimesDatabaseError.movedOrDeleted(path: path)) { try await database.save(adding: [7, 11]) }
      database.close()
      #expect(try fileNames(in: directory) == ["moved.db"])
      #expect(try await withDatabase(at: moved) { try await $0.stored() } == [7])
      // Put back, it is saved into again.
      #expect(rename(moved, path) == 0)
      let reopened = try FavoritePrimesDatabase(path: path)
      try await reopened.save(adding: [7, 13])
      #expect(try await reopened.stored() == [7, 13])
    }
  }

  @Test func aRenamedDatabasePutBackIsSavedIntoAgain() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("mv.db").path
      let moved = directory.appendingPathComponent("moved.db").path
      let database = try FavoritePrimesDatabase(path: path)
      try await database.save(adding: [7])
      #expect(rename(path, moved) == 0)
      await #expect(throws: FavoritePrimesDatabaseError.movedOrDeleted(path: path)) { try await database.save(adding: [7, 11]) }
      #expect(rename(moved, path) == 0)
      try await database.save(adding: [7, 11])
      #expect(try await database.stored() == [7, 11])
    }
  }

  @Test func aDatabaseReplacedByAnotherFileIsSaidToBeReplaced() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("rp.db").path
      let other = directory.appendingPathComponent("other.db").path
      let database = try FavoritePrimesDatabase(path: path)
      try await database.save(adding: [7])
      #expect(FileManager.default.createFile(atPath: other, contents: Data("another file".utf8)))
      #expect(rename(other, path) == 0)
      var line: String?
      do { try await database.save(adding: [7, 11]) } catch { line = "\(error)" }
      #expect(
        line == "\(path) was moved, deleted or replaced while PrimeTime was running; put the file it opened back "
          + "there for PrimeTime to save into it again."
      )
      database.close()
    }
  }

  @Test func anotherSessionKeepingTheLogOpenIsNoCloseFailure() async throws {
    try await withTemporaryDirectory { directory in
      let path = directory.appendingPathComponent("two.db").path
      let first = try FavoritePrimesDatabase(path: path)
      let second = try FavoritePrimesDatabase(path: path)
      try await first.save(adding: [7])
      #expect(try await second.stored() == [7])
      #expect(first.close() == nil)
      #expect(first.closeFailure == nil)
      try await second.save(adding: [7, 11])
      #expect(second.close() == nil)
      #expect(try fileNames(in: directory) == ["two.db"])
    }
  }
}
