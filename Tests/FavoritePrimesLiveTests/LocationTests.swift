import ExecutableTestSupport
import FavoritePrimesLive
import Foundation
import Testing

import Platform

@Suite(.timeLimit(.minutes(5))) struct LocationTests {
  /// The permission bits of the file or directory at `path`.
  private func mode(_ path: String) throws -> Int {
    try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
  }

  @Test func missingParentDirectoriesAreCreatedWithMode0700() async throws {
    try await withTemporaryDirectory { directory in
      chmod(directory.path, 0o755)
      let outer = directory.appendingPathComponent("data").path
      let inner = directory.appendingPathComponent("data/primetime").path
      let path = inner + "/primetime.sqlite3"
      try await withDatabase(at: path) { try await $0.save(adding: [2]) }
      #expect(try mode(outer) == 0o700)
      #expect(try mode(inner) == 0o700)
      #expect(try mode(directory.path) == 0o755)  // existing directories are left alone
      #expect(try await withDatabase(at: path) { try await $0.stored() } == [2])
    }
  }

  @Test func anExistingParentKeepsItsMode() throws {
    try withTemporaryDirectory { directory in
      let parent = directory.appendingPathComponent("shared").path
      #expect(mkdir(parent, 0o755) == 0)
      chmod(parent, 0o755)
      _ = try FavoritePrimesDatabase(path: parent + "/primetime.sqlite3")
      #expect(try mode(parent) == 0o755)
    }
  }

  @Test func theDefaultPathFollowsXDG() {
    #expect(
      FavoritePrimesDatabase.defaultPath(environment: ["HOME": "/home/ada"])
        == "/home/ada/.local/share/primetime/primetime.sqlite3")
    #expect(
      FavoritePrimesDatabase.defaultPath(environment: ["HOME": "/home/ada", "XDG_DATA_HOME": "/data/ada"])
        == "/data/ada/primetime/primetime.sqlite3")
    #expect(
      FavoritePrimesDatabase.defaultPath(environment: ["HOME": "/home/ada", "XDG_DATA_HOME": "relative/data"])
        == "/home/ada/.local/share/primetime/primetime.sqlite3")
    #expect(
      FavoritePrimesDatabase.defaultPath(environment: ["HOME": "/home/ada", "XDG_DATA_HOME": ""])
        == "/home/ada/.local/share/primetime/primetime.sqlite3")
    #expect(
      FavoritePrimesDatabase.defaultPath(environment: ["XDG_DATA_HOME": "/data/ada"])
        == "/data/ada/primetime/primetime.sqlite3")
    #expect(FavoritePrimesDatabase.defaultPath(environment: [:]) == nil)
    #expect(FavoritePrimesDatabase.defaultPath(environment: ["HOME": "home"]) == nil)
  }

  /// How to run a command without root's power over permissions: nothing when not root, else `setpriv` or
  /// `runuser` to `nobody`, whichever works here; nil when neither does.
  static let unprivilegedPrefix: [String]? = {
    guard getuid() == 0 else { return [] }
    let candidates = [
      ["/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"],
      ["/usr/sbin/runuser", "-u", "nobody", "--"],
      ["/sbin/runuser", "-u", "nobody", "--"],
    ]
    for prefix in candidates where FileManager.default.isExecutableFile(atPath: prefix[0]) {
      if succeeds(prefix + ["/bin/sh", "-c", "test \"$(id -u)\" != 0"]) {
        return prefix
      }
    }
    print(
      "LocationTests: running as root and neither setpriv nor runuser can switch to nobody; "
        + "skipping the unwritable-directory tests")
    return nil
  }()

  /// Whether `command` exits with status 0. Only the one-time probe above uses it, from a static
  /// initializer, where nothing can be awaited; it runs once and briefly.
  static func succeeds(_ command: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationReason == .exit && process.terminationStatus == 0
  }

  /// Opens `path` with the torture binary as an unprivileged user.
  private func openUnprivileged(_ path: String) async throws -> ExecutableRun {
    let prefix = try #require(Self.unprivilegedPrefix)
    return try await Executable("favorite-primes-torture").run(["open", path], launcher: prefix)
  }

  @Test(.enabled(if: unprivilegedPrefix != nil, "running as root without setpriv or runuser"))
  func anUnwritableDirectoryIsNamed() async throws {
    try await withTemporaryDirectory { directory in
      chmod(directory.path, 0o755)
      let locked = directory.appendingPathComponent("locked").path
      #expect(mkdir(locked, 0o555) == 0)
      chmod(locked, 0o555)

      let missing = try await openUnprivileged(locked + "/primetime.sqlite3")
      #expect(missing.status == 1)
      let notWritable = FavoritePrimesDatabaseError.notWritable(path: locked).description
      #expect(missing.stderrText.contains(notWritable), "\(missing.stderrText)")

      let nested = try await openUnprivileged(locked + "/primetime/primetime.sqlite3")
      #expect(nested.status == 1)
      #expect(
        nested.stderrText.contains("cannot create the directory \(locked)/primetime: "),
        "\(nested.stderrText)"
      )
      #expect(try fileNames(in: URL(fileURLWithPath: locked)) == [])
    }
  }

  @Test(.enabled(if: unprivilegedPrefix != nil, "running as root without setpriv or runuser"))
  func anExistingDatabaseInAnUnwritableDirectoryIsRefusedUntouched() async throws {
    try await withTemporaryDirectory { directory in
      chmod(directory.path, 0o755)
      let locked = directory.appendingPathComponent("locked")
      #expect(mkdir(locked.path, 0o755) == 0)
      let path = locked.appendingPathComponent("primetime.sqlite3").path
      // Closed here, not when the last reference goes, which may be on the database's queue after the
      // save returned: the file is then as it stays before the test looks at it.
      let first = try FavoritePrimesDatabase(path: path)
      try await first.save(adding: [2, 3])
      first.close()
      chmod(path, 0o666)
      chmod(locked.path, 0o555)
      let before = try snapshot(locked)

      let run = try await openUnprivileged(path)
      #expect(run.status == 1)
      let notWritable = FavoritePrimesDatabaseError.notWritable(path: locked.path).description
      #expect(run.stderrText.contains(notWritable), "\(run.stderrText)")
      #expect(try snapshot(locked) == before)
    }
  }

  /// Another user's WAL database in a directory anyone may write: refused before SQLite can create its
  /// `-wal` and `-shm` files beside it.
  @Test(.enabled(if: unprivilegedPrefix != nil, "running as root without setpriv or runuser"))
  func anotherUsersReadOnlyDatabaseIsRefusedWithoutNewFiles() async throws {
    try await withTemporaryDirectory { directory in
      chmod(directory.path, 0o755)
      let shared = directory.appendingPathComponent("shared")
      #expect(mkdir(shared.path, 0o777) == 0)
      chmod(shared.path, 0o777)
      let path = shared.appendingPathComponent("primetime.sqlite3").path
      // Closed here, not when the last reference goes, which may be on the database's queue after the
      // save returned: the file is then as it stays before the test looks at it.
      let first = try FavoritePrimesDatabase(path: path)
      try await first.save(adding: [2, 3])
      first.close()
      chmod(path, 0o644)
      let before = try snapshot(shared)

      let run = try await openUnprivileged(path)
      #expect(run.status == 1)
      // Said of the file, not of a directory ("...its journal files there").
      let notWritable = "\(path) is not writable, and PrimeTime saves the favorites by writing to it. Fix its "
        + "permissions, or choose another database file."
      #expect(run.stderrText.contains(notWritable), "\(run.stderrText)")
      #expect(try fileNames(in: shared) == ["primetime.sqlite3"])
      #expect(try snapshot(shared) == before)
    }
  }
}
