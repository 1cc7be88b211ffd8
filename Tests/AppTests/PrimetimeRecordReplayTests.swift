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
    #expect(summary.hasSuffix(" faithfully; 2 recorded states matched."))

    await MainActor.run {
      assertReplay(
        of: file, reducer: primeTimeReducer,
        environment: AppEnvironment(activity: .failing, nthPrime: .answering(nil))
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
    #expect(replayed.stdoutText == "Replayed 17 steps faithfully; 1 recorded state matched.\n")
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
    #expect(replayed.stdoutText.contains("\n−   count: 8,\n+   count: 7,\n"))
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

  @Test func replayUntilAStepPrintsTheStateThen() async throws {
    let home = try TemporaryHome()
    let file = home.url.appendingPathComponent("run.jsonl")
    _ = try await primetime.run(["--sandbox", "--record", file.path], in: home, script: script)

    let replayed = try await primetime.run(["replay", file.path, "--until", "6"], in: home, input: nil)

    #expect(replayed.status == 0)
    #expect(replayed.stdoutText.hasPrefix("Replayed 6 steps faithfully; 0 recorded states matched.\nAppState(\n"))
    #expect(replayed.stdoutText.contains("\n  count: 3,\n"))
  }

  @Test func replayDeclaresItsCommandLineAsPrimetimeDoes() async throws {
    let help = try await primetime.run(["replay", "--help"], input: nil)
    #expect(help.status == 0)
    #expect(help.stdoutLines.first == "USAGE: primetime replay [--until N] FILE")
    let missing = try await primetime.run(["replay"], input: nil)
    expect(
      missing, stdout: "", stderr: "primetime replay: primetime replay needs FILE. Try 'primetime replay --help'.",
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

  @Test func recordIsGivenOnceWithAFile() async throws {
    let twice = try await primetime.run(["--sandbox", "--record", "a", "--record", "b"], input: nil)
    #expect(twice.status == 64)
    #expect(twice.stderrText.contains("'--record' is given twice"))
    let missing = try await primetime.run(["--sandbox", "--record"], input: nil)
    #expect(missing.status == 64)
  }
}
