import FavoritePrimesLive
import Foundation
import Testing

/// A database PrimeTime creates is private, as everything else it writes is: the file and its -wal and -shm
/// at mode 0600, the directories made for it at 0700, whatever the umask (the process's, 022 here as in a
/// usual login). An existing database keeps the mode its owner gave it.
@Suite(.timeLimit(.minutes(1)))
struct FileModeTests {
  /// The permission bits of the file at `path`.
  private func mode(_ path: String) -> mode_t? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return status.st_mode & 0o777
  }

  @Test func aNewDatabaseItsSidecarsAndItsDirectoriesArePrivate() async throws {
    // 022 is the usual umask, and the one the test runner has; set here so that the test says what it tests.
    let previous = umask(0o022)
    defer { umask(previous) }
    try await withTemporaryDirectory { directory in
      let made = directory.path + "/made"
      let path = made + "/primes.sqlite3"
      let database = try FavoritePrimesDatabase(path: path)
      _ = try await database.save(adding: [2, 3])
      #expect(mode(path) == 0o600)
      #expect(mode(path + "-wal") == 0o600)
      #expect(mode(path + "-shm") == 0o600)
      #expect(mode(made) == 0o700)
      #expect(database.close() == nil)
      #expect(mode(path) == 0o600)
    }
  }

  @Test func anExistingDatabaseKeepsItsMode() async throws {
    let previous = umask(0o022)
    defer { umask(previous) }
    try await withTemporaryDirectory { directory in
      let path = directory.path + "/shared.sqlite3"
      let first = try FavoritePrimesDatabase(path: path)
      #expect(first.close() == nil)
      chmod(path, 0o644)
      let database = try FavoritePrimesDatabase(path: path)
      _ = try await database.save(adding: [5])
      #expect(mode(path) == 0o644)
      #expect(mode(path + "-wal") == 0o644)
      #expect(database.close() == nil)
      #expect(mode(path) == 0o644)
    }
  }
}
