import ExecutableTestSupport
import Foundation
import Testing

/// `primetime --sandbox --record FILE` dates its saves by a fixed clock stepping one second per save, from
/// 2026-11-21 12:00:00 UTC: two runs of one script record the same bytes, and `replay --diff` of two scripts
/// shows where they really differ, not when each saved.
@Suite(.timeLimit(.minutes(5)))
final class RecordedSandboxClockTests {
  private let primetime = Executable("primetime")
  /// Where the recordings go, removed when the suite's value goes.
  private let directory: URL

  init() throws {
    directory = try temporaryDirectory()
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  /// Runs `script` in a recorded sandbox, in UTC, and returns the recording's path and the run.
  private func record(_ script: String, as name: String) async throws -> (path: String, run: ExecutableRun) {
    let path = directory.appendingPathComponent(name).path
    let run = try await primetime.run(["--sandbox", "--record", path], input: script, environment: ["TZ": "UTC"])
    #expect(run.status == 0, "\(run.stderrText)")
    return (path, run)
  }

  @Test func twoRecordedSandboxRunsOfOneScriptAreByteIdentical() async throws {
    let script = "set 7\nfav\nset 11\nfav\nactivity\n"
    let first = try await record(script, as: "a.jsonl")
    // Apart in time, as two runs of a script are.
    try await Task.sleep(for: .milliseconds(1100))
    let second = try await record(script, as: "b.jsonl")
    #expect(try Data(contentsOf: URL(fileURLWithPath: first.path)) == Data(contentsOf: URL(fileURLWithPath: second.path)))
    let diff = try await primetime.run(["replay", "--diff", first.path, second.path])
    #expect(diff.status == 0, "\(diff.stdoutText)")
  }

  @Test func theActivityOfARecordedSandboxIsDatedFromTheFixedStartOneSecondPerSave() async throws {
    let (_, run) = try await record("set 7\nfav\nset 11\nfav\nunfav\nactivity\n", as: "dated.jsonl")
    #expect(
      run.stdoutLines.suffix(3)
        == ["2026-11-21 12:00:00  added 7", "2026-11-21 12:00:01  added 11", "2026-11-21 12:00:02  removed 11"]
    )
  }

  @Test func twoScriptsDiffAtTheStepWhereTheyReallyDiffer() async throws {
    let old = try await record("set 7\nfav\nset 11\nfav\nactivity\n", as: "old.jsonl")
    let new = try await record("set 7\nfav\nset 13\nfav\nactivity\n", as: "new.jsonl")
    let diff = try await primetime.run(["replay", "--diff", old.path, new.path])
    #expect(diff.status == 1)
    // Not at step 6, the first save's answer, whose date differed before.
    #expect(
      diff.stdoutLines == [
        "The recordings differ at step 7, in its user action (− \(old.path), + \(new.path)):",
        "  AppAction.counterView(",
        "−   .counter(.countEntered(11))",
        "+   .counter(.countEntered(13))",
        "  )",
      ]
    )
  }
}
