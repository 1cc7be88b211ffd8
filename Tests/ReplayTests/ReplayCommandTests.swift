import ComposableArchitecture
import ExecutableTestSupport
import Foundation
import Replay
import Testing

/// A count that `add` changes: the feature `ReplayCommandTests` records, replays and compares.
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

/// `ReplayCommand`, generic over the feature: replaying, `--until`, `--diff` and the errors, run in process.
@Suite(.timeLimit(.minutes(1)))
final class ReplayCommandTests {
  private let command = ReplayCommand(
    program: "tally-demo", version: "tally-demo 1", reducerName: "the tally's reducer", reducer: tallyReducer,
    environment: (), describe: { ["count: \($0)"] }
  )

  /// The directory the test's recordings are written to, removed when the suite's value goes.
  private let directory: URL

  init() throws {
    directory = try temporaryDirectory()
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  /// A recording by `program` of `amounts` added, with the state after every step and, when the run `ended`, the
  /// state it ended in, in ``directory``; its path.
  private func recording(
    _ amounts: [Int], states: [Int]? = nil, ended: Bool = true, program: String? = "tally-demo", name: String
  ) throws -> String {
    var total = 0
    var steps: [Recording<Int, TallyAction>.Step] = []
    for (index, amount) in amounts.enumerated() {
      total += amount
      steps.append(.init(number: index + 1, origin: .user, action: .add(amount), state: states?[index] ?? total))
    }
    let lines = try Recording(
      initialState: 0, snapshotInterval: 1, steps: steps, finalState: ended ? total : nil, program: program
    ).lines()
    let file = directory.appendingPathComponent(name)
    try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: file)
    return file.path
  }

  @Test func theUsageLineNamesUntilDiffAndFile() {
    #expect(command.interface.synopsis == "[--until N] [--diff OLD] FILE")
    #expect(command.interface.name == "tally-demo replay")
    #expect(command.interface.help.contains("'tally-demo --record FILE'"))
  }

  /// The help says what a faithful replay proves, and what it cannot: effects' results come from the file.
  @Test func theHelpSaysWhatAReplayProves() {
    #expect(
      command.interface.discussion.contains(
        "A replay proves that the reducers decide as they did, given the effect results in the recording. It runs "
          + "the reducers again on the recorded actions, but it takes what the effects sent back (an answer, a "
          + "save's result) from the file, unchecked. So an edited answer, with the states after it edited to "
          + "match, replays faithfully, and so does a step whose origin (user or effect) was swapped: a replay "
          + "cannot detect either."
      )
    )
  }

  @Test func aFaithfulReplayIsOneLineAndUntilPrintsTheState() throws {
    let path = try recording([1, 2, 3], name: "run.jsonl")

    #expect(
      command.run(.init(path: path))
        == .init(output: ["Replayed 3 steps faithfully; 4 recorded states matched."], status: 0)
    )
    #expect(
      command.run(.init(path: path, until: 2))
        == .init(output: ["Replayed 2 steps faithfully; 2 recorded states matched.", "count: 3"], status: 0)
    )
  }

  /// `--until` past the last step replays the whole recording and says the step asked for is not in it, so a
  /// person does not read the state shown as the state after that step.
  @Test func untilPastTheLastStepSaysTheRecordingEndsFirst() throws {
    let path = try recording([1, 2, 3], name: "run.jsonl")

    #expect(
      command.run(.init(path: path, until: 99))
        == .init(
          output: [
            "Replayed 3 steps faithfully; 4 recorded states matched.",
            "The recording ends after step 3, before step 99: this is the state it ended in.",
            "count: 6",
          ],
          status: 0
        )
    )
    #expect(command.run(.init(path: path, until: 3)).output.count == 2)
  }

  @Test func aRecordingWithoutItsEndReplaysFaithfullyAndSaysTheEndWasNotChecked() throws {
    let path = try recording([1, 2, 3], ended: false, name: "run.jsonl")

    #expect(
      command.run(.init(path: path))
        == .init(
          output: [
            "Replayed 3 steps faithfully; 3 recorded states matched.",
            "The recording has no end: the run it records did not end normally (a signal, a crash, or a recording "
              + "that could not be written to the end), so the state it ended in was not checked.",
          ],
          status: 0
        )
    )
    // Replayed only up to a step, the end is not looked for.
    #expect(command.run(.init(path: path, until: 2)).output.count == 2)
    #expect(command.run(.init(path: path, until: 2)).output.last == "count: 3")
  }

  @Test func anotherProgramsRecordingIsRefusedInOneLineNamingItsProgram() throws {
    let path = try recording([1, 2], program: "counter-demo", name: "theirs.jsonl")
    let unnamed = try recording([1, 2], program: nil, name: "unnamed.jsonl")

    #expect(
      command.run(.init(path: path))
        == .init(
          errors: ["\(path): line 1: the recording was made by counter-demo, not tally-demo: replay it with counter-demo"],
          status: 1
        )
    )
    #expect(command.run(.init(path: path, other: unnamed)).status == 1)
    // A header naming no program (edited out, or written before recordings named it) is refused too.
    #expect(
      command.run(.init(path: unnamed))
        == .init(
          errors: [
            #"\#(unnamed): line 1: the header lacks "program": a recording made by tally-demo names it "#
              + #"("program":"tally-demo"); if tally-demo made this one, add that to its header"#
          ],
          status: 1
        )
    )
  }

  @Test func aDivergenceIsTheStepAndADiffWithStatusOne() throws {
    let path = try recording([1, 2], states: [1, 4], name: "run.jsonl")

    let outcome = command.run(.init(path: path))

    #expect(outcome.status == 1)
    #expect(
      outcome.output == [
        "Replay diverged at step 2 (user action TallyAction.add(2)): the state differs from the recording's "
          + "(− recorded, + replayed):",
        "− 4",
        "+ 3",
      ]
    )
  }

  @Test func diffComparesTwoRecordingsOldFirst() throws {
    let old = try recording([1, 2], name: "old.jsonl")
    let new = try recording([1, 5], name: "new.jsonl")

    #expect(
      command.run(.init(path: old, other: old)).output == [
        "The recordings match: 2 steps with the same origins and actions, and the 3 states both recorded are equal."
      ]
    )
    let outcome = command.run(.init(path: new, other: old))
    #expect(outcome.status == 1)
    #expect(outcome.output.first == "The recordings differ at step 2, in its user action (− \(old), + \(new)):")
    #expect(command.run(.init(path: new, until: 1, other: old)).status == 0)
  }

  /// A cut run (no end line) compared with a whole one is no match: the ends can't be compared.
  @Test func diffOfARecordingWithoutItsEndSaysSoWithStatusOne() throws {
    let whole = try recording([1, 2], name: "whole.jsonl")
    let cut = try recording([1, 2], ended: false, name: "cut.jsonl")

    #expect(
      command.run(.init(path: whole, other: cut))
        == .init(
          output: [
            "The recordings match up to step 2, their last: 2 steps with the same origins and actions, and the 2 "
              + "states both recorded are equal. But \(cut) has no end line: its run did not end normally, so the "
              + "states the runs ended in were not compared."
          ],
          status: 1
        )
    )
    #expect(command.run(.init(path: cut, other: whole)).status == 1)
    #expect(command.run(.init(path: cut, until: 1, other: whole)).status == 0)
  }

  @Test func aRecordingThatCannotBeReadIsOneErrorLineNamingTheFileAndLine() throws {
    let good = try recording([1], name: "good.jsonl")
    let bad = directory.appendingPathComponent("bad.jsonl")
    let header =
      #"{"format":"composable-architecture-recording","version":1,"program":"tally-demo","snapshotInterval":1,"state":0}"#
    try Data((header + "\nx\n").utf8).write(to: bad)

    let replayed = command.run(.init(path: bad.path))
    #expect(replayed.output == [])
    #expect(replayed.errors.count == 1)
    #expect(replayed.errors.first?.hasPrefix("\(bad.path): line 2: the step does not decode: ") == true)
    #expect(replayed.status == 1)
    #expect(command.run(.init(path: good, other: bad.path)).errors == replayed.errors)
    #expect(command.run(.init(path: bad.path, other: good)).errors == replayed.errors)
    #expect(command.run(.init(path: good, other: "/nonexistent/old.jsonl")).errors == [
      "cannot read /nonexistent/old.jsonl: there is no such file"
    ])
  }

  @Test func aCommandLineWithoutFileIsAUsageError() {
    #expect(command.run(.init()) == .init(errors: ["FILE is missing"], status: 64))
    guard case let .failure(error) = command.interface.parse(["--diff", "a.jsonl"], initial: .init()) else {
      Issue.record("a command line without FILE was taken")
      return
    }
    #expect(error.message == "FILE is missing")
  }
}
