import ComposableArchitecture
import ComposableArchitectureTestSupport
import ExecutableTestSupport
import Foundation
import PrimeTimeApp
import Testing

/// `primetime --record FILE` and `primetime replay FILE`, end to end.
@Suite(.timeLimit(.minutes(3)))
struct PrimetimeRecordReplayTests {
  let primetime = Executable("primetime")

  /// A session with counting, the modal, a favourite, the nth prime and the favourites screen: 10 steps and
  /// more, so the recording holds a state.
  private let script = "+\n+\n+\n-\nset 7\nprime\nfav\nok\nnth\nfavorites\nset 3\n+\n+\n+"

  @Test func aRecordedSessionReplaysFaithfullyInPrimetimeAndInATest() async throws {
    let home = try TemporaryHome()
    let file = home.url.appendingPathComponent("run.jsonl")
    let recorded = try await primetime.run(["--sandbox", "--record", file.path], in: home, script: script)
    #expect(recorded.status == 0)

    let replayed = try await primetime.run(["replay", file.path], in: home, input: nil)
    #expect(replayed.status == 0)
    #expect(replayed.stderrText == "")
    let summary = try #require(replayed.stdoutText.split(separator: "\n").first)
    #expect(summary.hasPrefix("Replayed "))
    // Steps 10 and 20, and the state the session ended in.
    #expect(summary.hasSuffix(" faithfully; 3 recorded states matched."))

    await MainActor.run {
      assertReplay(
        of: file, reducer: primeTimeReducer,
        environment: .replaying
      )
    }
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect(attributes[.posixPermissions] as? Int == 0o600)
  }

  @Test func aQuestionBeyondTheLimitReplaysFaithfully() async throws {
    // The reducer answers an nth beyond the live client's limit itself, with a problem and no effect: twelve
    // of them, so that the state recorded after step 10 holds that problem.
    let home = try TemporaryHome()
    let file = home.url.appendingPathComponent("run.jsonl")
    let questions = Array(repeating: "nth", count: 12).joined(separator: "\n")
    let recorded = try await primetime.run(
      ["--sandbox", "--record", file.path], in: home, script: "set 1000000000001\n" + questions
    )
    #expect(recorded.stderrLines.count == 12)

    let replayed = try await primetime.run(["replay", file.path], in: home, input: nil)

    #expect(replayed.status == 0, "\(replayed.stdoutText)")
    // Launched, the two loads, set, the twelve questions and the end of input.
    #expect(replayed.stdoutText == "Replayed 17 steps faithfully; 2 recorded states matched.\n")
  }

  @Test func aReplayTouchesNothingButTheRecording() async throws {
    let home = try TemporaryHome()
    let file = home.url.appendingPathComponent("run.jsonl")
    _ = try await primetime.run(["--sandbox", "--record", file.path], in: home, script: script)

    let replayed = try await primetime.run(["replay", file.path], in: home, input: nil)

    #expect(replayed.status == 0)
    #expect(try home.contents() == ["run.jsonl"])
  }

  @Test func aReplayThatDivergesPrintsTheStepAndTheDiffAndFails() async throws {
    let home = try TemporaryHome()
    let file = home.url.appendingPathComponent("run.jsonl")
    _ = try await primetime.run(["--sandbox", "--record", file.path], in: home, script: script)
    // The state recorded after step 10 says the count was 8 where the session left it at 7.
    var lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
    let snapshot = try #require(lines.firstIndex { $0.hasPrefix(#"{"step":10,"#) })
    lines[snapshot] = lines[snapshot].replacingOccurrences(of: #""count":7,"#, with: #""count":8,"#)
    try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)

    let replayed = try await primetime.run(["replay", file.path], in: home, input: nil)

    #expect(replayed.status == 1)
    #expect(replayed.stdoutText.hasPrefix("Replay diverged at step 10 ("))
    #expect(replayed.stdoutText.contains("\n−     count: 8,\n+     count: 7,\n"))
  }

  @Test func aSessionThatEndsRecordsTheStateItEndedInAndTheReplayChecksIt() async throws {
    let home = try TemporaryHome()
    let file = home.url.appendingPathComponent("run.jsonl")
    _ = try await primetime.run(["--sandbox", "--record", file.path], in: home, script: "set 5\nfav")
    var lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
    let end = try #require(lines.last)
    #expect(end.hasPrefix(#"{"end":\#(lines.count - 2),"state":{"#))
    #expect(end.contains(#""count":5,"#))

    lines[lines.count - 1] = end.replacingOccurrences(of: #""count":5,"#, with: #""count":6,"#)
    try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
    let replayed = try await primetime.run(["replay", file.path], in: home, input: nil)

    #expect(replayed.status == 1)
    #expect(replayed.stdoutText.hasPrefix("Replay diverged at the end of the run, after step "))
    #expect(replayed.stdoutText.contains("\n−     count: 6,\n+     count: 5,\n"))
  }

  /// Each step holds the effects its reducer returned; a recording whose `nth` started none diverges there,
  /// though every state matches.
  @Test func aStepWhoseEffectsDifferFromTheRecordingsDiverges() async throws {
    let home = try TemporaryHome()
    let file = home.url.appendingPathComponent("run.jsonl")
    _ = try await primetime.run(["--sandbox", "--record", file.path], in: home, script: "set 7\nnth")
    var lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
    let nth = try #require(lines.firstIndex { $0.contains(#"{"nthPrimeButtonTapped":{}}"#) })
    // The search, and the cancellation of one that might be running.
    #expect(lines[nth].hasSuffix(#","effects":{"cancel":1,"run":1}}"#))

    lines[nth] = lines[nth].replacingOccurrences(of: #","effects":{"cancel":1,"run":1}"#, with: "")
    try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
    let replayed = try await primetime.run(["replay", file.path], in: home, input: nil)

    #expect(replayed.status == 1)
    #expect(replayed.stdoutText.hasPrefix("Replay diverged at step \(nth) (user action "))
    #expect(replayed.stdoutText.contains("the reducer returned other effects than the recording's"))
    #expect(replayed.stdoutText.contains("\n  − no effect\n  + 1 asynchronous effect, 1 cancellation\n"))
  }

  /// A file size limit stops the recording partway through a line: the part written is cut off, so the file
  /// holds every whole step before and replays; the session goes on, and ends with status 1.
  @Test func aRecordingThatCannotBeWrittenOnEndsWithItsLastWholeStepAndFailsTheExit() async throws {
    let home = try TemporaryHome()
    let file = home.url.appendingPathComponent("run.jsonl")
    let run = try await primetime.run(
      ["--sandbox", "--record", file.path],
      input: String(repeating: "+\n", count: 60) + "favorites\n",
      environment: home.environment,
      launcher: ["/bin/sh", "-c", "ulimit -f 8 && exec \"$0\" \"$@\""]
    )

    #expect(run.exited && run.status == 1)
    #expect(run.stdoutLines.last == "No favorite primes yet.")
    let stopped = "primetime: the recording stopped: cannot write to \(file.path): file too large; the steps before it are "
    #expect(run.stderrLines == [stopped + "kept and replay."])
    let recording = try String(contentsOf: file, encoding: .utf8)
    #expect(recording.utf8.count <= 4 * 1024)  // dash counts ulimit -f in blocks of 512 bytes
    #expect(recording.hasSuffix("}\n"))
    let replayed = try await primetime.run(["replay", file.path], in: home, input: nil)
    #expect(replayed.status == 0, "\(replayed.stdoutText)\(replayed.stderrText)")
    #expect(replayed.stdoutText.hasPrefix("Replayed "))
  }

  @Test func aSnapshotIntervalOf1RecordsTheStateAfterEveryStep() async throws {
    let home = try TemporaryHome()
    let file = home.url.appendingPathComponent("run.jsonl")
    let recorded = try await primetime.run(
      ["--sandbox", "--record", file.path, "--snapshot-interval", "1"], in: home, script: "+\n+"
    )
    #expect(recorded.status == 0)
    let steps = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").dropFirst().dropLast()
    #expect(steps.count == 6)
    #expect(steps.allSatisfy { $0.contains(#","state":{"#) })

    let replayed = try await primetime.run(["replay", file.path], in: home, input: nil)

    // Every step's state, and the one the session ended in.
    #expect(replayed.stdoutText == "Replayed 6 steps faithfully; 7 recorded states matched.\n")
  }

  @Test(arguments: [
    (["--snapshot-interval", "5"], "'--snapshot-interval' goes with '--record FILE'; add '--record FILE', or leave it out"),
    (["--record", "r.jsonl", "--snapshot-interval", "0"],
     "'--snapshot-interval' needs a number of steps from 1 to 1000000, like '--snapshot-interval 1'; got '0'"),
    (["--record", "r.jsonl", "--snapshot-interval=ten"],
     "'--snapshot-interval' needs a number of steps from 1 to 1000000, like '--snapshot-interval 1'; got 'ten'"),
    (["--record", "r.jsonl", "--snapshot-interval", "1000001"],
     "'--snapshot-interval' needs a number of steps from 1 to 1000000, like '--snapshot-interval 1'; got '1000001'"),
  ])
  func aSnapshotIntervalWithoutARecordingOrOutOfRangeIsAUsageError(arguments: [String], message: String) async throws {
    let home = try TemporaryHome()

    let run = try await primetime.run(
      ["--sandbox"] + arguments, input: "+\n", environment: home.environment,
      launcher: ["/bin/sh", "-c", "cd \"$HOME\" && exec \"$0\" \"$@\""],
      // The test support would put a --record of its own in front of the first case's arguments.
      sessionReplay: .skipped(because: "a test of --snapshot-interval without --record")
    )

    expect(run, stdout: "", stderr: "primetime: \(message). Try 'primetime --help'.", status: 64)
    #expect(try home.contents() == [])
  }

  @Test func aRecordingCutShortIsRefusedInOneLineNamingTheLine() async throws {
    let home = try TemporaryHome()
    let file = home.url.appendingPathComponent("run.jsonl")
    _ = try await primetime.run(["--sandbox", "--record", file.path], in: home, script: script)
    let text = try String(contentsOf: file, encoding: .utf8)
    try String(text.dropLast(5)).write(to: file, atomically: true, encoding: .utf8)
    let lineCount = text.split(separator: "\n").count

    let replayed = try await primetime.run(["replay", file.path], in: home, input: nil)

    #expect(replayed.status == 1)
    #expect(replayed.stdoutText == "")
    #expect(
      replayed.stderrText
        == "primetime replay: \(file.path): line \(lineCount): the line has no newline at its end: the recording "
        + "was cut short\n"
    )
  }

  @Test func theRecordingNamesPrimetimeAndAnotherProgramsRecordingIsRefusedNamingIt() async throws {
    let home = try TemporaryHome()
    let ours = home.url.appendingPathComponent("run.jsonl")
    let theirs = home.url.appendingPathComponent("counter.jsonl")
    _ = try await primetime.run(["--sandbox", "--record", ours.path], in: home, script: "+")
    let counter = try await Executable("counter-demo").run(["--record", theirs.path], in: home, script: "+")
    #expect(counter.status == 0)

    let header = try #require(try String(contentsOf: ours, encoding: .utf8).split(separator: "\n").first)
    #expect(header.hasPrefix(#"{"format":"composable-architecture-recording","version":2,"program":"primetime","#))
    let replayed = try await primetime.run(["replay", theirs.path], in: home, input: nil)
    expect(
      replayed, stdout: "",
      stderr: "primetime replay: \(theirs.path): line 1: the recording was made by counter-demo, not primetime: "
        + "replay it with counter-demo",
      status: 1
    )
  }

  @Test func aRecordingWithoutItsEndReplaysAndSaysTheEndWasNotChecked() async throws {
    let home = try TemporaryHome()
    let file = home.url.appendingPathComponent("run.jsonl")
    _ = try await primetime.run(["--sandbox", "--record", file.path], in: home, script: "+\n+")
    // As a signal leaves it: every step, and no end line.
    let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
    try #require(lines.last?.hasPrefix(#"{"end":"#) == true)
    try (lines.dropLast().joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)

    let replayed = try await primetime.run(["replay", file.path], in: home, input: nil)

    expect(
      replayed,
      stdout: "Replayed \(lines.count - 2) steps faithfully; 0 recorded states matched.\nThe recording has no end: "
        + "the run it records did not end normally (a signal, a crash, or a recording that could not be written to "
        + "the end), so the state it ended in was not checked.",
      status: 0
    )
  }

  @Test func replayUntilAStepPrintsTheStateThen() async throws {
    let home = try TemporaryHome()
    let file = home.url.appendingPathComponent("run.jsonl")
    _ = try await primetime.run(["--sandbox", "--record", file.path], in: home, script: script)

    let replayed = try await primetime.run(["replay", file.path, "--until", "6"], in: home, input: nil)

    #expect(replayed.status == 0)
    #expect(replayed.stdoutText.hasPrefix("Replayed 6 steps faithfully; 0 recorded states matched.\nAppState(\n"))
    #expect(replayed.stdoutText.contains("\n    count: 3,\n"))
  }

  @Test func replayDeclaresItsCommandLineAsPrimetimeDoes() async throws {
    let help = try await primetime.run(["replay", "--help"], input: nil)
    #expect(help.status == 0)
    #expect(help.stdoutLines.first == "USAGE: primetime replay [--until N] [--diff OLD] FILE")
    let missing = try await primetime.run(["replay"], input: nil)
    expect(
      missing, stdout: "", stderr: "primetime replay: FILE is missing. Try 'primetime replay --help'.",
      status: 64
    )
    let badStep = try await primetime.run(["replay", "x.jsonl", "--until", "soon"], input: nil)
    expect(
      badStep, stdout: "",
      stderr: "primetime replay: '--until' needs a step number from 0, like '--until 12'; got 'soon'. "
        + "Try 'primetime replay --help'.",
      status: 64
    )
  }

  @Test func aRecordingThatCannotBeReadIsNamedOnceInOneLine() async throws {
    let run = try await primetime.run(["replay", "/nonexistent/run.jsonl"], input: nil)
    expect(
      run, stdout: "", stderr: "primetime replay: cannot read /nonexistent/run.jsonl: there is no such file",
      status: 1
    )
  }

  /// A relative path is named as it was typed, not made absolute.
  @Test func aRecordingThatCannotBeReadIsNamedAsItWasTyped() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(inside: home, ["replay", "nope.jsonl"], script: "")
    expect(run, stdout: "", stderr: "primetime replay: cannot read nope.jsonl: there is no such file", status: 1)
  }

  @Test func recordIsGivenOnceWithAFile() async throws {
    let twice = try await primetime.run(["--sandbox", "--record", "a", "--record", "b"], input: nil)
    #expect(twice.status == 64)
    #expect(twice.stderrText.contains("'--record' is given twice"))
    let missing = try await primetime.run(["--sandbox", "--record"], input: nil)
    #expect(missing.status == 64)
  }

  // MARK: replay --diff OLD FILE

  /// Records `script` in the sandbox to `name` in `home`; the file's URL.
  private func record(_ script: String, to name: String, in home: TemporaryHome) async throws -> URL {
    let file = home.url.appendingPathComponent(name)
    let run = try await primetime.run(["--sandbox", "--record", file.path], in: home, script: script)
    #expect(run.status == 0)
    return file
  }

  @Test func aRecordingMatchesItsCopyInOneLine() async throws {
    let home = try TemporaryHome()
    let first = try await record(script, to: "a.jsonl", in: home)
    try FileManager.default.copyItem(at: first, to: home.url.appendingPathComponent("b.jsonl"))

    let run = try await primetime.run(inside: home, ["replay", "--diff", "a.jsonl", "b.jsonl"], script: "")

    expect(
      run,
      // Steps 10 and 20, and the state the session ended in.
      stdout: "The recordings match: 22 steps with the same origins and actions, and the 3 states both recorded "
        + "are equal."
    )
    #expect(try home.contents() == ["a.jsonl", "b.jsonl"])
  }

  /// Two runs of a script that saves no favourite (whose activity would be dated) record the same steps.
  @Test func twoRunsOfOneScriptMatch() async throws {
    let home = try TemporaryHome()
    let counting = "+\n+\nset 7\nprime\nok\nset 4\n-\n+\n+\n+\n+\n+"
    _ = try await record(counting, to: "a.jsonl", in: home)
    _ = try await record(counting, to: "b.jsonl", in: home)

    let run = try await primetime.run(inside: home, ["replay", "--diff", "a.jsonl", "b.jsonl"], script: "")

    #expect(run.status == 0)
    #expect(run.stderrText == "")
    #expect(run.stdoutLines.count == 1)
    #expect(run.stdoutText.hasPrefix("The recordings match: "))
  }

  @Test func theFirstStepWhereTheSessionsDifferIsShownWithADiffOfItsAction() async throws {
    let home = try TemporaryHome()
    let first = try await record("+\n+\n+", to: "a.jsonl", in: home)
    let second = try await record("+\n-\n+", to: "b.jsonl", in: home)

    let run = try await primetime.run(["replay", "--diff", first.path, second.path], in: home, input: nil)

    // Steps 1 to 3 are the launch and its loads; 4 is the first '+'.
    expect(
      run,
      stdout: """
        The recordings differ at step 5, in its user action (− \(first.path), + \(second.path)):
          AppAction.counterView(
        −   .counter(.incrTapped)
        +   .counter(.decrTapped)
          )
        """,
      status: 1
    )
  }

  @Test func initialStatesThatDifferAreShownBeforeAnyStep() async throws {
    let home = try TemporaryHome()
    let first = try await record("+", to: "a.jsonl", in: home)
    let second = home.url.appendingPathComponent("b.jsonl")
    let text = try String(contentsOf: first, encoding: .utf8)
    try text.replacingOccurrences(of: #""count":0,"#, with: #""count":5,"#).write(
      to: second, atomically: true, encoding: .utf8
    )

    let run = try await primetime.run(inside: home, ["replay", "--diff", "a.jsonl", "b.jsonl"], script: "")

    #expect(run.status == 1)
    #expect(
      run.stdoutText.hasPrefix(
        "The recordings differ before step 1: the initial states differ (− a.jsonl, + b.jsonl):\n  AppState(\n"
      )
    )
    #expect(run.stdoutText.contains("\n−     count: 0,\n+     count: 5,\n"))
  }

  @Test func aStateBothRecordedThatDiffersIsShownAfterItsStep() async throws {
    let home = try TemporaryHome()
    let first = try await record(script, to: "a.jsonl", in: home)
    let second = home.url.appendingPathComponent("b.jsonl")
    var lines = try String(contentsOf: first, encoding: .utf8).split(separator: "\n").map(String.init)
    let snapshot = try #require(lines.firstIndex { $0.hasPrefix(#"{"step":10,"#) })
    lines[snapshot] = lines[snapshot].replacingOccurrences(of: #""count":7,"#, with: #""count":8,"#)
    try (lines.joined(separator: "\n") + "\n").write(to: second, atomically: true, encoding: .utf8)

    let run = try await primetime.run(inside: home, ["replay", "--diff", "a.jsonl", "b.jsonl"], script: "")

    #expect(run.status == 1)
    #expect(run.stdoutText.hasPrefix("The recordings differ at step 10 ("))
    #expect(run.stdoutText.contains("): the state after it differs (− a.jsonl, + b.jsonl):\n  AppState(\n"))
    #expect(run.stdoutText.contains("\n−     count: 7,\n+     count: 8,\n"))
  }

  @Test func aRecordingThatEndsFirstDiffersAtTheStepItLacks() async throws {
    let home = try TemporaryHome()
    let first = try await record("+\n+", to: "a.jsonl", in: home)
    // The same run, without its last step (quitting, at the end of the input) and its end line.
    let lines = try String(contentsOf: first, encoding: .utf8).split(separator: "\n").dropLast()
    try (lines.dropLast().joined(separator: "\n") + "\n").write(
      to: home.url.appendingPathComponent("b.jsonl"), atomically: true, encoding: .utf8
    )

    let run = try await primetime.run(inside: home, ["replay", "--diff", "a.jsonl", "b.jsonl"], script: "")

    expect(
      run,
      stdout: "The recordings differ at step \(lines.count - 1): b.jsonl ends after step \(lines.count - 2); a.jsonl "
        + "goes on with user action AppAction.quitRequested.",
      status: 1
    )
  }

  @Test func diffUntilAStepComparesUpToIt() async throws {
    let home = try TemporaryHome()
    _ = try await record("+\n+\n+", to: "a.jsonl", in: home)
    _ = try await record("+\n+\n-", to: "b.jsonl", in: home)

    // The runs differ at step 6: the launch takes 3 steps (the launch and its two loads), then one per '+'.
    let before = try await primetime.run(
      inside: home, ["replay", "--diff", "a.jsonl", "b.jsonl", "--until", "5"], script: ""
    )
    let at = try await primetime.run(
      inside: home, ["replay", "--until", "6", "--diff", "a.jsonl", "b.jsonl"], script: ""
    )

    expect(
      before,
      stdout: "The recordings match through step 5: 5 steps with the same origins and actions, and no state "
        + "recorded in both to compare."
    )
    #expect(at.status == 1)
    #expect(at.stdoutText.hasPrefix("The recordings differ at step 6, in its user action (− a.jsonl, + b.jsonl):\n"))
  }

  @Test func aRecordingThatCannotBeReadIsNamedWithItsLineAndNothingIsCompared() async throws {
    let home = try TemporaryHome()
    let good = try await record("+", to: "a.jsonl", in: home)
    let cut = home.url.appendingPathComponent("cut.jsonl")
    let text = try String(contentsOf: good, encoding: .utf8)
    try String(text.dropLast(3)).write(to: cut, atomically: true, encoding: .utf8)
    let lineCount = text.split(separator: "\n").count

    for arguments in [["--diff", "cut.jsonl", "a.jsonl"], ["--diff", "a.jsonl", "cut.jsonl"]] {
      let run = try await primetime.run(inside: home, ["replay"] + arguments, script: "")
      expect(
        run, stdout: "",
        stderr: "primetime replay: cut.jsonl: line \(lineCount): the line has no newline at its end: the recording "
          + "was cut short",
        status: 1
      )
    }
    let missing = try await primetime.run(["replay", "--diff", good.path, "/nonexistent/b.jsonl"], input: nil)
    expect(
      missing, stdout: "", stderr: "primetime replay: cannot read /nonexistent/b.jsonl: there is no such file",
      status: 1
    )
  }

  @Test func diffTakesOneRecordingAndTheOtherAsFile() async throws {
    let noOther = try await primetime.run(["replay", "a.jsonl", "--diff"], input: nil)
    expect(
      noOther, stdout: "",
      stderr: "primetime replay: '--diff' needs a recording's path, like '--diff old.jsonl'. "
        + "Try 'primetime replay --help'.",
      status: 64
    )
    let noFile = try await primetime.run(["replay", "--diff", "a.jsonl"], input: nil)
    expect(
      noFile, stdout: "", stderr: "primetime replay: FILE is missing. Try 'primetime replay --help'.",
      status: 64
    )
    let three = try await primetime.run(["replay", "--diff", "a.jsonl", "b.jsonl", "c.jsonl"], input: nil)
    expect(
      three, stdout: "",
      stderr: "primetime replay: only one FILE is taken; got 2 arguments. Try 'primetime replay --help'.",
      status: 64
    )
  }

  @Test func replaysHelpAndManualPageDescribeDiff() async throws {
    let help = try await primetime.run(["replay", "--help"], input: nil)
    #expect(help.stdoutText.contains("\n  --diff OLD     Compare the recording OLD with FILE, step by step, instead of replaying.\n"))
    // The program's completion script covers the subcommand: it offers no --completions of its own.
    #expect(!help.stdoutText.contains("--completions"))
    let manual = try await primetime.run(["replay", "--manual"], input: nil)
    #expect(manual.status == 0 && manual.stderrText.isEmpty)
    #expect(manual.stdoutText.contains("diff"))
    #expect(manual.stdoutText.contains("OLD"))
  }
}
