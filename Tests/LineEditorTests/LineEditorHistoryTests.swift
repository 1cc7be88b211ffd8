import Dispatch
import Foundation
@testable import LineEditor
import Platform
import ExecutableTestSupport
import Testing


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

@Suite(.timeLimit(.minutes(2))) struct LineEditorHistoryTests {
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
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "5\n6\n7\n")
  }

  @Test func aFileLongerThanTheReadLimitIsRewrittenWithoutTheCutLine() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("history").path
    let long = "old " + String(repeating: "y", count: HistoryFile.maximumReadBytes)
    try "first\n\(long)\nnth 5\nsave\n".write(toFile: path, atomically: true, encoding: .utf8)
    let editor = try PipedEditor(input: "load\n", historyFile: path)
    #expect(await editor.readAll() == ["load"])
    #expect(editor.editor.history == ["nth 5", "save", "load"])
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "nth 5\nsave\nload\n")
    #expect(editor.warnings.error == "")
  }

  @Test func controlCharactersAreKeptOutOfTheHistoryAndItsFile() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("history").path
    try "\u{1B}[2J\nx\u{9B}2J\n".write(toFile: path, atomically: true, encoding: .utf8)
    let editor = try PipedEditor(input: "nth\u{1B}[31m 5\n", historyFile: path)
    #expect(await editor.readAll() == ["nth\u{1B}[31m 5"])
    #expect(editor.editor.history == ["[2J", "x2J", "nth[31m 5"])
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "\u{1B}[2J\nx\u{9B}2J\nnth[31m 5\n")
  }

  @Test func inputLeftNonBlockingIsWaitedForInsteadOfEndingInput() async throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let (readEnd, writeEnd) = (ends[0], ends[1])
    _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
    let output = open("/dev/null", O_WRONLY)
    defer {
      close(readEnd)
      close(output)
    }
    let editor = LineEditor(input: readEnd, output: output, warn: { _ in })
    let reading = Task { await editor.readLine(prompt: "> ") }
    // Give the read time to find the pipe empty (EAGAIN) before the line arrives.
    try await Task.sleep(for: .milliseconds(100))
    var bytes = Array("save\n".utf8)
    #expect(write(writeEnd, &bytes, bytes.count) == bytes.count)
    close(writeEnd)
    #expect(await reading.value == "save")
    #expect(await editor.readLine(prompt: "> ") == nil)
  }

  @Test func everyLineEditorReadsOnTheOneSharedQueue() async throws {
    let release = DispatchSemaphore(value: 0)
    RawMode.queue.async { release.wait() }
    let editor = try PipedEditor(input: "save\n", historyFile: nil)
    let events = EventLog()
    let reading = Task {
      let line = await editor.editor.readLine(prompt: "> ")
      events.append("read")
      return line
    }
    try await Task.sleep(for: .milliseconds(100))
    #expect(events.all == [])
    release.signal()
    #expect(await reading.value == "save")
  }

  @Test func anUnreadableHistoryFileWarnsOnceAndTheSessionGoesOn() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let editor = try PipedEditor(input: "save\nload\n", historyFile: directory.path)
    #expect(await editor.readAll() == ["save", "load"])
    #expect(editor.editor.history == ["save", "load"])
    #expect(
      editor.warnings.errorLines == [
        "warning: cannot read the history file \(directory.path): is a directory; history will not be saved."
      ]
    )
  }

  @Test func aSymbolicLinkAsTheHistoryFileWarnsOnceAndTheSessionGoesOn() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    // A link, even to a file that could be created, is not followed.
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
        "warning: cannot use the history file \(path): it is a symbolic link, which PrimeTime does not follow; "
          + "history will not be saved."
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
