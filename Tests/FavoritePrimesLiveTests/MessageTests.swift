import FavoritePrimesLive
import Foundation
import SQLite
import Testing

import Platform

/// The exact line for paths and files PrimeTime can't use: each says what is wrong (naming the path once) and
/// the advice that fits, and leaves everything as it was.
@Suite(.timeLimit(.minutes(5))) struct MessageTests {
  /// The line opening `path` fails with, expecting the directory around it to be left exactly as it was.
  private func refusal(
    of path: String,
    in directory: URL,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String? {
    let before = try listing(directory)
    var line: String?
    do {
      _ = try FavoritePrimesDatabase(path: path)
    } catch {
      line = "\(error)"
    }
    #expect(try listing(directory) == before, "the directory changed", sourceLocation: sourceLocation)
    return line
  }

  /// Every entry of `directory` with the bytes of those that are regular files (links are not followed).
  private func listing(_ directory: URL) throws -> [String: Data?] {
    var entries: [String: Data?] = [:]
    for name in try fileNames(in: directory) {
      let path = directory.appendingPathComponent(name).path
      var status = stat()
      let regular = lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
      entries.updateValue(regular ? try Data(contentsOf: URL(fileURLWithPath: path)) : nil, forKey: name)
    }
    return entries
  }

  @Test func aFileNameTooLongHasItsOwnAdvice() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let path = directory.appendingPathComponent(String(repeating: "e", count: 300) + ".db").path
      #expect(
        try refusal(of: path, in: directory)
          == "\(path) has a name too long: a name in a path may have at most 255 bytes, and the database's at "
          + "most 247, leaving room for its '-journal'. Choose a shorter name for the database."
      )
    }
  }

  @Test func aPathTooLongForSQLiteIsNamedOnceAndCreatesNothing() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let path = directory.path + String(repeating: "/" + String(repeating: "d", count: 100), count: 29) + "/x.db"
      #expect(
        try refusal(of: path, in: directory)
          == "\(path) is too long a path: SQLite opens a database by a path of at most 512 bytes, and this one has "
          + "\(path.utf8.count) once made absolute and its links followed. Choose a shorter path for the database."
      )
    }
  }

  /// A short path through a link to a deep directory: SQLite follows the link and can't open the result.
  @Test func aPathTooLongOnceItsLinksAreFollowedIsNamedOnce() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let deep = directory.path + "/" + String(repeating: "a", count: 200) + "/" + String(repeating: "b", count: 200)
        + "/" + String(repeating: "c", count: 100)
      try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
      #expect(symlink(deep, directory.appendingPathComponent("l").path) == 0)
      let path = directory.path + "/l/x.db"
      let real = try #require(realpath(directory.path, nil))
      defer { free(real) }
      let resolved = String(cString: real) + deep.dropFirst(directory.path.count) + "/x.db"
      #expect(
        try refusal(of: path, in: directory)
          == "\(path) is too long a path: SQLite opens a database by a path of at most 512 bytes, and this one has "
          + "\(resolved.utf8.count) once made absolute and its links followed. Choose a shorter path for the database."
      )
      #expect(try fileNames(in: URL(fileURLWithPath: deep)) == [])
    }
  }

  /// The database itself a link to a file whose real path is too long for SQLite.
  @Test func aDatabaseLinkedToAPathTooLongIsNamedOnce() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let deep = directory.path + "/" + String(repeating: "a", count: 250) + "/" + String(repeating: "b", count: 250)
      try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
      let target = deep + "/target.db"
      try Data().write(to: URL(fileURLWithPath: target))
      let path = directory.appendingPathComponent("x.db").path
      #expect(symlink(target, path) == 0)
      let real = try #require(realpath(target, nil))
      defer { free(real) }
      #expect(
        try refusal(of: path, in: directory)
          == "\(path) is too long a path: SQLite opens a database by a path of at most 512 bytes, and this one has "
          + "\(strlen(real)) once made absolute and its links followed. Choose a shorter path for the database."
      )
      #expect(try fileNames(in: URL(fileURLWithPath: deep)) == ["target.db"])
    }
  }

  @Test func aLoopOfSymbolicLinksHasItsOwnAdvice() throws {
    try withTemporaryDirectory { (directory: URL) throws in
      let path = directory.appendingPathComponent("loop.db").path
      #expect(symlink(path, path) == 0)
      #expect(
        try refusal(of: path, in: directory)
          == "\(path) is a loop of symbolic links (or too long a chain of them); PrimeTime left it untouched. "
          + "Point the link at a file, or choose another database file."
      )
    }
  }

  @Test(arguments: ["a symbolic link", "a directory"])
  func aWALThatIsNotARegularFileIsNamed(kind: String) async throws {
    try await withTemporaryDirectory { (directory: URL) async throws in
      let path = directory.appendingPathComponent("p.db").path
      try await withDatabase(at: path) { try await $0.save(adding: [7]) }
      if kind == "a directory" {
        #expect(mkdir(path + "-wal", 0o700) == 0)
      } else {
        try Data().write(to: directory.appendingPathComponent("elsewhere"))
        #expect(symlink(directory.appendingPathComponent("elsewhere").path, path + "-wal") == 0)
      }
      #expect(
        try refusal(of: path, in: directory)
          == "\(path)-wal is \(kind), where SQLite keeps the database's journal only in a regular file it makes "
          + "itself; PrimeTime left it untouched. Move it away, or choose another database file."
      )
    }
  }

  /// Mounts a tmpfs of 64 KiB on a directory of its own for `body`, unmounted afterwards; does nothing when
  /// this process may not mount (not root).
  private func withSmallFileSystem(_ body: (URL) async throws -> Void) async throws {
    try await withTemporaryDirectory { (directory: URL) async throws in
      guard mount("tmpfs", directory.path, "tmpfs", 0, "size=128k,mode=0700") == 0 else {
        Issue.record("could not mount a small file system on \(directory.path): \(String(cString: strerror(errno)))")
        return
      }
      defer { umount2(directory.path, Int32(MNT_DETACH)) }
      try await body(directory)
    }
  }

  /// Whether this process may mount a file system (root, with the capability to mount: not in every
  /// container), found by mounting one once; the full-disk tests run only where it can.
  static let canMountASmallFileSystem: Bool = {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mount-probe-\(UUID().uuidString)")
    guard (try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)) != nil else {
      return false
    }
    defer { try? FileManager.default.removeItem(at: directory) }
    guard getuid() == 0, mount("tmpfs", directory.path, "tmpfs", 0, "size=64k") == 0 else { return false }
    umount2(directory.path, Int32(MNT_DETACH))
    return true
  }()

  /// Fills the file system holding `directory` with one file.
  private func fill(_ directory: URL) {
    let descriptor = open(directory.appendingPathComponent("fill").path, O_WRONLY | O_CREAT, 0o600)
    guard descriptor >= 0 else { return }
    let block = [UInt8](repeating: 0, count: 4096)
    while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    closeDescriptor(descriptor)
  }

  @Test(.enabled(if: MessageTests.canMountASmallFileSystem, "mounting a small file system needs root and the right to mount"))
  func aFullDiskSaysSoAtASave() async throws {
    try await withSmallFileSystem { directory in
      let path = directory.appendingPathComponent("p.db").path
      let database = try FavoritePrimesDatabase(path: path)
      try await database.save(adding: [2])
      fill(directory)
      var line: String?
      do { try await database.save(adding: Array(1...5_000)) } catch { line = "\(error)" }
      #expect(line == "the disk holding \(path) is full; free some space on it, then try again.")
      database.close()
    }
  }

  @Test(.enabled(if: MessageTests.canMountASmallFileSystem, "mounting a small file system needs root and the right to mount"))
  func aFullDiskSaysSoAtTheStart() async throws {
    try await withSmallFileSystem { directory in
      let path = directory.appendingPathComponent("p.db").path
      fill(directory)
      var line: String?
      do { _ = try FavoritePrimesDatabase(path: path) } catch { line = "\(error)" }
      #expect(line == "the disk holding \(path) is full; free some space on it, then try again.")
    }
  }

  @Test(.enabled(if: MessageTests.canMountASmallFileSystem, "mounting a small file system needs root and the right to mount"))
  func aCheckpointThatFailsAtCloseOnAFullDiskIsReportedAndKeepsTheLog() async throws {
    try await withSmallFileSystem { directory in
      let path = directory.appendingPathComponent("p.db").path
      let database = try FavoritePrimesDatabase(path: path)
      try await database.save(adding: [2, 3, 5])
      fill(directory)
      let failure = database.close()
      #expect(
        failure?.description
          == "what was last stored in \(path) is still only in \(path)-wal, as the disk is full; keep that file "
          + "beside \(path), free some space on the disk, then run PrimeTime again to move it into the database."
      )
      // Closing again, as a signal's cleanup and the end of the run both may, reports the same.
      #expect(database.close() == failure)
      #expect(database.closeFailure == failure)
      #expect(FileManager.default.fileExists(atPath: path + "-wal"))
      // Kept beside the file, on a disk with room, the log is moved in by the next run.
      try await withTemporaryDirectory { roomy in
        let copy = roomy.appendingPathComponent("p.db").path
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy + "-wal")
        let reopened = try FavoritePrimesDatabase(path: copy)
        #expect(try await reopened.stored() == [2, 3, 5])
        #expect(reopened.close() == nil)
        #expect(try fileNames(in: roomy) == ["p.db"])
      }
    }
  }
}

/// `close(2)`, named apart from the methods called `close` in scope.
private func closeDescriptor(_ descriptor: Int32) {
  _ = close(descriptor)
}
