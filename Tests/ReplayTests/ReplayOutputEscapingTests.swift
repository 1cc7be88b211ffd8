import ComposableArchitecture
import ExecutableTestSupport
import Foundation
import Platform
import Replay
import Testing

/// A note that `write` replaces: a feature whose actions and state carry text from outside.
private enum NoteAction: Equatable, Codable, Sendable {
  case write(String)
}

private let noteReducer: Reducer<String, NoteAction, Void> = { state, action, _ in
  switch action {
  case let .write(text):
    state = text
    return []
  }
}

/// Text a crafted recording carries: a C1 control (U+009B, the one-byte CSI), a right-to-left override, a
/// zero-width space, a byte-order mark; the terminal would run or reorder them. A replay prints them escaped,
/// as it prints ESC, on every line it shows: a divergence, `--until`'s state, `--diff`'s differences.
@Suite(.timeLimit(.minutes(1)))
final class ReplayOutputEscapingTests {
  private let command = ReplayCommand(
    program: "note-demo", version: "note-demo 1", reducerName: "the note's reducer", reducer: noteReducer,
    environment: ()
  )
  private let crafted = "a\u{9B}2Jb\u{202E}cba\u{200B}\u{FEFF}\u{1B}"
  private let directory: URL

  init() throws {
    directory = try temporaryDirectory()
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  /// A recording of `texts` written in turn, each step's state as `states` says (the text written by default).
  private func recording(_ texts: [String], states: [String]? = nil, name: String) throws -> String {
    let steps = texts.enumerated().map { index, text in
      Recording<String, NoteAction>.Step(
        number: index + 1, origin: .user, action: .write(text), state: states?[index] ?? text
      )
    }
    let lines = try Recording(
      initialState: "", snapshotInterval: 1, steps: steps, finalState: nil, program: "note-demo"
    ).lines()
    let file = directory.appendingPathComponent(name)
    try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: file)
    return file.path
  }

  /// Whether `lines` hold a scalar the terminal would not show as itself, other than none.
  private func rawScalars(_ lines: [String]) -> [Unicode.Scalar] {
    lines.flatMap(\.unicodeScalars).filter { !Echo.isShownAsItself($0) }
  }

  @Test func aDivergenceShowsTheCraftedTextEscaped() throws {
    let path = try recording([crafted], states: ["other"], name: "run.jsonl")

    let outcome = command.run(.init(path: path))

    #expect(outcome.status == 1)
    #expect(outcome.output.count > 1)
    #expect(rawScalars(outcome.output) == [])
    #expect(outcome.output.joined().contains("\\u{9B}2Jb\\u{202E}cba\\u{200B}\\u{FEFF}"))
  }

  @Test func untilShowsTheStateEscaped() throws {
    let path = try recording([crafted], name: "run.jsonl")

    let outcome = command.run(.init(path: path, until: 1))

    #expect(outcome.status == 0)
    #expect(rawScalars(outcome.output) == [])
    #expect(outcome.output.joined().contains("\\u{9B}"))
  }

  @Test func diffShowsTheDifferingActionsEscaped() throws {
    let old = try recording(["plain"], name: "old.jsonl")
    let new = try recording([crafted], name: "new.jsonl")

    let outcome = command.run(.init(path: new, other: old))

    #expect(outcome.status == 1)
    #expect(rawScalars(outcome.output) == [])
    #expect(outcome.output.joined().contains("\\u{202E}"))
  }
}
