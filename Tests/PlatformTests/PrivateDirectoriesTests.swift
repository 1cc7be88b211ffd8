import ExecutableTestSupport
import Foundation
import Platform
import Testing

/// `PrivateDirectories.createMissing`: mode 0700 whatever the umask, the directories it made reported
/// outermost first, existing ones left alone, and a file in the way named.
@Suite(.timeLimit(.minutes(2))) struct PrivateDirectoriesTests {
  @Test func theMissingDirectoriesAreMadePrivateAndReported() throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let outer = root.path + "/a"
    let inner = outer + "/b"
    let previous = umask(0o022)
    defer { umask(previous) }
    #expect(try PrivateDirectories.createMissing(inner) == [outer, inner])
    #expect(mode(outer) == 0o700)
    #expect(mode(inner) == 0o700)
    #expect(try PrivateDirectories.createMissing(inner) == [])
    #expect(try PrivateDirectories.createMissing(inner + "/c/") == [inner + "/c"])
  }

  @Test func anExistingDirectoryKeepsItsMode() throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    chmod(root.path, 0o755)
    #expect(try PrivateDirectories.createMissing(root.path + "/x") == [root.path + "/x"])
    #expect(mode(root.path) == 0o755)
  }

  @Test func dotAndDotDotOnlyLengthenThePath() throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let path = root.path + "/./gone/../kept"
    #expect(try PrivateDirectories.createMissing(path) == [root.path + "/./gone", path])
  }

  @Test func aFileInTheWayIsNamed() throws {
    let root = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: root) }
    let file = root.path + "/file"
    #expect(FileManager.default.createFile(atPath: file, contents: Data()))
    #expect(throws: PrivateDirectoryError.notADirectory(path: file)) {
      try PrivateDirectories.createMissing(file + "/below")
    }
  }

  @Test func aDirectoryThatCannotBeMadeGivesItsErrno() throws {
    let root = try temporaryDirectory()
    defer {
      chmod(root.path, 0o700)
      try? FileManager.default.removeItem(at: root)
    }
    guard geteuid() != 0 else { return }  // root may write anywhere
    chmod(root.path, 0o500)
    #expect(throws: PrivateDirectoryError.cannotCreate(path: root.path + "/x", code: EACCES)) {
      try PrivateDirectories.createMissing(root.path + "/x")
    }
  }

  private func mode(_ path: String) -> mode_t {
    var status = stat()
    return stat(path, &status) == 0 ? status.st_mode & 0o777 : 0
  }
}
