import ComposableArchitecture
import ExecutableTestSupport
import Foundation
import Replay
import Testing

/// A count that `add` changes, recorded by `tally-demo`.
private enum TallyAction: Equatable, Codable, Sendable {
  case add(Int)
}

private let tallyReducer: Reducer<Int, TallyAction, Void> = { state, action, _ in
  switch action {
  case let .add(amount):
    state += amount
    return []
  }
}

/// A recording edited by hand into something no recorder writes is refused by `replay` and by `replay --diff`
/// in one line that names the file, the line and what is wrong in the person's words (never the decoder's:
/// "Cannot initialize", "Expected to decode", "Invalid number of keys", "not valid JSON"), with status 1 and
/// the file left byte for byte as it was.
@Suite(.timeLimit(.minutes(1)))
final class ReplayRefusalTests {
  private let command = ReplayCommand<Int, TallyAction>(
    program: "tally-demo", version: "tally-demo 1", reducerName: "the tally's reducer",
    reducer: tallyReducer, environment: (), describe: { ["count: \($0)"] }
  )
  private let directory: URL

  private static let header =
    #"{"format":"composable-architecture-recording","version":2,"program":"tally-demo","snapshotInterval":1,"state":0}"#
  private static let step = #"{"step":1,"origin":"user","action":{"add":{"_0":2}},"state":2}"#
  private static let end = #"{"end":1,"state":2}"#

  init() throws {
    directory = try temporaryDirectory()
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  /// Each edit, and the line `replay` says about it (after `FILE: `).
  static let edits: [(header: String, step: String, error: String)] = [
    (
      header, #"{"step":1,"origin":"user","action":{"add":{"_0":2,"_0":18}},"state":2}"#,
      #"line 2: the step has the key "_0" twice at action.add"#
    ),
    (
      header.replacingOccurrences(of: #""program":"tally-demo","#, with: ""), step,
      #"line 1: the header lacks "program": a recording made by tally-demo names it ("program":"tally-demo"); "#
        + "if tally-demo made this one, add that to its header"
    ),
    (
      header, step.replacingOccurrences(of: #""user""#, with: #""robot""#),
      #"line 2: the step does not decode: its origin is "robot", where "user" or "effect" belongs"#
    ),
    (
      header, step.replacingOccurrences(of: #""add""#, with: #""launchMissiles""#),
      #"line 2: the step does not decode: no case "launchMissiles" at action: the program has no such case (a "#
        + "recording made by another version?)"
    ),
    (
      header, step.replacingOccurrences(of: #""_0":2"#, with: #""_0":"two""#),
      #"line 2: the step does not decode: "two" at action.add._0, where a number belongs"#
    ),
    (
      header,
      #"{"step":1,"origin":"user","action":"# + String(repeating: "[", count: 100_000)
        + String(repeating: "]", count: 100_000) + "}",
      "line 2: the step does not decode: it nests arrays and objects 100001 deep, more than the 512 a line may have"
    ),
  ]

  @Test(arguments: edits.indices)
  func anEditedRecordingIsRefusedInOneLineAndLeftAsItWas(edit: Int) throws {
    let (header, step, error) = Self.edits[edit]
    let file = directory.appendingPathComponent("edited-\(edit).jsonl")
    let bytes = Data([header, step, Self.end].map { $0 + "\n" }.joined().utf8)
    try bytes.write(to: file)
    let good = directory.appendingPathComponent("good.jsonl")
    try Data([Self.header, Self.step, Self.end].map { $0 + "\n" }.joined().utf8).write(to: good)

    let refusal = ReplayCommand<Int, TallyAction>.Outcome(errors: ["\(file.path): \(error)"], status: 1)
    #expect(command.run(.init(path: file.path)) == refusal)
    #expect(command.run(.init(path: good.path, other: file.path)) == refusal)
    #expect(command.run(.init(path: file.path, other: good.path)) == refusal)
    #expect(try Data(contentsOf: file) == bytes)
  }
}
