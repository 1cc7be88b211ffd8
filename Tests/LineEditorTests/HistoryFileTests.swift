import Foundation
@testable import LineEditor
import Platform
import ExecutableTestSupport
import Testing


private func permissions(_ path: String) -> mode_t? {
  var status = stat()
  guard stat(path, &status) == 0 else { return nil }
  return status.st_mode & 0o777
}

@Suite(.timeLimit(.minutes(2))) struct HistoryFileTests {
  /// A history file that is a symbolic link is not followed: loading and appending are refused with one
  /// warning line, and the link's target keeps its bytes and its mode.
  @Test func aSymbolicLinkAsTheHistoryFileIsRefusedAndItsTargetLeftUntouched() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("target").path
    try "secret\n".write(toFile: target, atomically: true, encoding: .utf8)
    #expect(chmod(target, 0o644) == 0)
    let path = directory.appendingPathComponent("history").path
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    let file = HistoryFile(path: path)
    let warning = HistoryFileError(
      message: "warning: cannot use the history file \(path): it is a symbolic link, which PrimeTime does not "
        + "follow; history will not be saved."
    )

    try expectRefused(file, with: warning, leaving: target)
  }

  /// `file` is neither read nor written, each giving `warning`, and `target` (another name of the history
  /// file, holding "secret") keeps its text and its mode 0644.
  private func expectRefused(
    _ file: HistoryFile,
    with warning: HistoryFileError,
    leaving target: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    #expect(throws: warning, sourceLocation: sourceLocation) { try file.load(capacity: 10).get() }
    #expect(file.append("fav") == warning, sourceLocation: sourceLocation)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "secret\n", sourceLocation: sourceLocation)
    #expect(permissions(target) == 0o644, sourceLocation: sourceLocation)
  }

  /// An existing history file readable by others is made private (0600) on the first append.
  @Test func anExistingHistoryFileReadableByOthersIsMadePrivate() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("history").path
    try "save\n".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(chmod(path, 0o644) == 0)
    let file = HistoryFile(path: path)

    #expect(file.append("fav") == nil)
    #expect(permissions(path) == 0o600)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "save\nfav\n")
  }

  @Test func aMissingFileIsAnEmptyHistory() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let loaded = try HistoryFile(path: directory.appendingPathComponent("none").path).load(capacity: 10).get()
    #expect(loaded.history.entries == [])
    #expect(loaded.lineCount == 0)
  }

  @Test func appendCreatesPrivateDirectoriesAndFile() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("state/primetime/history").path
    let file = HistoryFile(path: path)
    #expect(file.append("save") == nil)
    #expect(file.append("nth 5") == nil)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "save\nnth 5\n")
    #expect(permissions(path) == 0o600)
    #expect(permissions(directory.appendingPathComponent("state/primetime").path) == 0o700)
    #expect(permissions(directory.appendingPathComponent("state").path) == 0o700)
    #expect(try file.load(capacity: 10).get().history.entries == ["save", "nth 5"])
  }

  @Test func rewriteKeepsOnlyTheGivenEntries() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("history").path
    let file = HistoryFile(path: path)
    #expect(file.append("old") == nil)
    #expect(file.rewrite(with: History(["b", "c"])) == nil)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "b\nc\n")
    #expect(permissions(path) == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["history"])
  }

  @Test func aFileLongerThanTheReadLimitLosesTheLineCutInTwo() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("history").path
    let long = "old " + String(repeating: "y", count: HistoryFile.maximumReadBytes)
    try "first\n\(long)\nnth 5\nsave\n".write(toFile: path, atomically: true, encoding: .utf8)
    let loaded = try HistoryFile(path: path).load(capacity: 10).get()
    #expect(loaded.history.entries == ["nth 5", "save"])
    #expect(loaded.lineCount == 2)
    #expect(loaded.skippedOlderText)
  }

  @Test func aLineStartingExactlyAtTheReadLimitIsKept() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("history").path
    // The last `maximumReadBytes` bytes are exactly one whole line.
    let kept = "kept " + String(repeating: "z", count: HistoryFile.maximumReadBytes - 6)
    try "older\n\(kept)\n".write(toFile: path, atomically: true, encoding: .utf8)
    let loaded = try HistoryFile(path: path).load(capacity: 10).get()
    #expect(loaded.history.entries == [kept])
    #expect(loaded.skippedOlderText)
  }

  @Test func aShortFileIsReadWhole() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("history").path
    try "save\nload\n".write(toFile: path, atomically: true, encoding: .utf8)
    let loaded = try HistoryFile(path: path).load(capacity: 10).get()
    #expect(loaded.history.entries == ["save", "load"])
    #expect(loaded.lineCount == 2)
    #expect(!loaded.skippedOlderText)
  }

  @Test func controlCharactersInTheFileNeverReachTheHistory() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("history").path
    try "nth 5\u{1B}[2J\n\u{1B}]0;title\u{07}\nx\u{9B}31m\n".write(toFile: path, atomically: true, encoding: .utf8)
    let loaded = try HistoryFile(path: path).load(capacity: 10).get()
    #expect(loaded.history.entries == ["nth 5[2J", "]0;title", "x31m"])
  }

  @Test func aDirectoryInThePlaceOfTheFileCannotBeRead() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = HistoryFile(path: directory.path).load(capacity: 10)
    #expect(
      throws: HistoryFileError(
        message: "warning: cannot read the history file \(directory.path): is a directory; history will not be saved."
      )
    ) { try result.get() }
  }

  @Test func aFileInThePlaceOfADirectoryCannotBeWritten() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let blocker = directory.appendingPathComponent("blocker")
    #expect(FileManager.default.createFile(atPath: blocker.path, contents: Data()))
    let path = blocker.appendingPathComponent("history").path
    #expect(
      HistoryFile(path: path).append("save")
        == HistoryFileError(
          message: "warning: cannot write the history file \(path): \(blocker.path) is not a directory; "
            + "history will not be saved."
        )
    )
  }

  @Test func aPathThroughDotDotAndRepeatedSlashesIsWalkedForwardOnce() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.path + "/dd/../dd2///primetime/history"
    let file = HistoryFile(path: path)
    #expect(file.append("save") == nil)
    #expect(try String(contentsOfFile: directory.path + "/dd2/primetime/history", encoding: .utf8) == "save\n")
    #expect(try file.load(capacity: 10).get().history.entries == ["save"])
  }

  @Test func aFileWhereADirectoryShouldBeIsNamedInTheOneWarningLine() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let blocker = directory.appendingPathComponent("state").path
    #expect(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
    let path = blocker + "/primetime/history"
    #expect(
      HistoryFile(path: path).append("save")?.message
        == "warning: cannot write the history file \(path): \(blocker) is not a directory; history will not be saved."
    )
    #expect(try String(contentsOfFile: blocker, encoding: .utf8) == "x")
  }

  @Test func aMissingDirectoryBeforeDotDotIsCreatedNotLoopedOn() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.path + "/nope/../x/../../" + directory.lastPathComponent + "/h/history"
    #expect(HistoryFile(path: path).append("save") == nil)
    #expect(try String(contentsOfFile: directory.path + "/h/history", encoding: .utf8) == "save\n")
  }

  @Test func loadingThroughAFileNamesItInTheWarning() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let blocker = directory.appendingPathComponent("state").path
    #expect(FileManager.default.createFile(atPath: blocker, contents: Data()))
    let path = blocker + "/primetime/history"
    guard case .failure(let error) = HistoryFile(path: path).load(capacity: 10) else {
      Issue.record("loading through a file succeeded")
      return
    }
    #expect(
      error.message
        == "warning: cannot read the history file \(path): \(blocker) is not a directory; history will not be saved."
    )
  }
  /// A history file with another hard link is neither read nor written: appending would change the other
  /// name's file (and make it 0600) behind its back.
  @Test func aHardLinkedHistoryFileIsRefusedAndTheOtherNameLeftUntouched() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("target").path
    try "secret\n".write(toFile: target, atomically: true, encoding: .utf8)
    #expect(chmod(target, 0o644) == 0)
    let path = directory.appendingPathComponent("history").path
    #expect(link(target, path) == 0)
    let file = HistoryFile(path: path)
    let warning = HistoryFileError(
      message: "warning: cannot use the history file \(path): it has another name (a hard link), which "
        + "PrimeTime does not write through; history will not be saved."
    )

    try expectRefused(file, with: warning, leaving: target)
  }

  /// A FIFO as the history file is named for what it is, never as a directory, and is not blocked on.
  @Test func aFifoAsTheHistoryFileIsNamedAsNotARegularFile() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("history").path
    #expect(mkfifo(path, 0o600) == 0)
    let file = HistoryFile(path: path)

    #expect(
      throws: HistoryFileError(
        message: "warning: cannot read the history file \(path): it is a FIFO, not a regular file; "
          + "history will not be saved."
      )
    ) { try file.load(capacity: 10).get() }
    #expect(
      file.append("fav")
        == HistoryFileError(
          message: "warning: cannot write the history file \(path): it is a FIFO, not a regular file; "
            + "history will not be saved."
        )
    )
  }
}
