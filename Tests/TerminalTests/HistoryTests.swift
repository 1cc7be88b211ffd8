import Foundation
@testable import Terminal
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

@Suite struct HistoryTests {
  @Test func blankLinesAndImmediateRepeatsAreSkipped() {
    var history = History()
    let result1 = history.add("save")
    #expect(result1)
    let result2 = history.add("save")
    #expect(!result2)
    let result3 = history.add("")
    #expect(!result3)
    let result4 = history.add("  \t")
    #expect(!result4)
    let result5 = history.add("load")
    #expect(result5)
    let result6 = history.add("save")
    #expect(result6)
    #expect(history.entries == ["save", "load", "save"])
  }

  @Test func linesWithLineBreaksAreNotKept() {
    var history = History()
    let result7 = history.add("a\nb")
    #expect(!result7)
    let result8 = history.add("a\r\n")
    #expect(!result8)
    #expect(history.entries == [])
  }

  @Test func onlyTheNewestEntriesUpToTheCapacityAreKept() {
    var history = History(capacity: 2)
    for line in ["a", "b", "c"] {
      history.add(line)
    }
    #expect(history.entries == ["b", "c"])
    #expect(History(["1", "2", "3", "3", "4"], capacity: 3).entries == ["2", "3", "4"])
    #expect(History.defaultCapacity == 1000)
  }

  @Test func fileContentsRoundTrip() {
    let history = History(fileContents: "save\r\n\nnth 5\nnth 5\nload")
    #expect(history.entries == ["save", "nth 5", "load"])
    #expect(history.fileContents == "save\nnth 5\nload\n")
  }
}

/// A fresh directory for one test, removed afterwards by the caller.
private func temporaryDirectory() throws -> URL {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  return url
}

private func permissions(_ path: String) -> mode_t? {
  var status = stat()
  guard stat(path, &status) == 0 else { return nil }
  return status.st_mode & 0o777
}

@Suite struct HistoryFileTests {
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

  @Test func aDirectoryInThePlaceOfTheFileCannotBeRead() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = HistoryFile(path: directory.path).load(capacity: 10)
    #expect(
      throws: HistoryFileError(
        message: "warning: cannot read the history file \(directory.path): Is a directory; history will not be saved."
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
          message: "warning: cannot write the history file \(path): Not a directory; history will not be saved."
        )
    )
  }
}

/// A line editor reading `input` from a pipe (not a terminal, so without raw mode), with warnings recorded.
private final class PipedEditor: Sendable {
  let editor: LineEditor
  let warnings = RecordingConsole()
  private let readEnd: Int32
  private let output: Int32

  init(input: String, historyFile: String?, capacity: Int = History.defaultCapacity) throws {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw CocoaError(.fileWriteUnknown) }
    var bytes = Array(input.utf8)
    _ = write(ends[1], &bytes, bytes.count)
    close(ends[1])
    readEnd = ends[0]
    output = open("/dev/null", O_WRONLY)
    let console = warnings.console
    editor = LineEditor(
      completions: [],
      historyFile: historyFile,
      historyCapacity: capacity,
      input: readEnd,
      output: output,
      warn: { console.printError($0) }
    )
  }

  /// Every line until end of input.
  func readAll() async -> [String] {
    var lines: [String] = []
    while let line = await editor.readLine(prompt: "> ") {
      lines.append(line)
    }
    return lines
  }

  deinit {
    close(readEnd)
    close(output)
  }
}

@Suite struct LineEditorHistoryTests {
  @Test func linesArePersistedAndRecalledInTheNextSession() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("primetime/history").path
    let first = try PipedEditor(input: "save\r\n\nsave\nnth 5\n", historyFile: path)
    #expect(await first.readAll() == ["save", "", "save", "nth 5"])
    #expect(first.editor.history == ["save", "nth 5"])
    #expect(first.warnings.error == "")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "save\nnth 5\n")

    let second = try PipedEditor(input: "load\n", historyFile: path)
    #expect(await second.readAll() == ["load"])
    #expect(second.editor.history == ["save", "nth 5", "load"])
  }

  @Test func aLongFileIsCutToTheCapacity() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("history").path
    try "1\n2\n3\n4\n5\n".write(toFile: path, atomically: true, encoding: .utf8)
    let editor = try PipedEditor(input: "6\n7\n", historyFile: path, capacity: 3)
    #expect(await editor.readAll() == ["6", "7"])
    #expect(editor.editor.history == ["5", "6", "7"])
    let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
    #expect(lines.count <= 3)
    #expect(lines.last == "7")
  }

  @Test func anUnreadableHistoryFileWarnsOnceAndTheSessionGoesOn() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let editor = try PipedEditor(input: "save\nload\n", historyFile: directory.path)
    #expect(await editor.readAll() == ["save", "load"])
    #expect(editor.editor.history == ["save", "load"])
    #expect(
      editor.warnings.errorLines == [
        "warning: cannot read the history file \(directory.path): Is a directory; history will not be saved."
      ]
    )
  }

  @Test func anUnwritableHistoryFileWarnsOnceAndTheSessionGoesOn() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // A link to a file in a missing directory: reading finds no file, creating it fails.
    let path = directory.appendingPathComponent("history").path
    try FileManager.default.createSymbolicLink(
      atPath: path,
      withDestinationPath: directory.appendingPathComponent("missing/history").path
    )
    let editor = try PipedEditor(input: "save\nload\n", historyFile: path)
    #expect(await editor.readAll() == ["save", "load"])
    #expect(editor.editor.history == ["save", "load"])
    #expect(
      editor.warnings.errorLines == [
        "warning: cannot write the history file \(path): No such file or directory; history will not be saved."
      ]
    )
  }

  @Test func withoutAFileHistoryStaysInMemory() async throws {
    let editor = try PipedEditor(input: "save\n", historyFile: nil)
    #expect(await editor.readAll() == ["save"])
    #expect(editor.editor.history == ["save"])
    #expect(editor.warnings.error == "")
  }
}
