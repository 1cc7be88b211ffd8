import ExecutableTestSupport
import Foundation
import Testing

/// `--flag=VALUE` splits at the first `=`: whatever follows it is the value, `=` signs included, for every
/// flag of every demo that takes a value, and of its `replay`.
@Suite("demo options: values holding '='", .timeLimit(.minutes(5)))
final class DemoValuesHoldingEqualsTests {
  private let directory: URL

  init() throws {
    directory = try temporaryDirectory()
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  /// Runs `name` with `arguments` in the test's directory, so relative paths land there, piping in `script`.
  private func run(_ name: String, _ arguments: [String], script: String = "") async throws -> ExecutableRun {
    try await Executable(name).run(
      arguments,
      input: script + "\n",
      environment: ["DEMO_DIRECTORY": directory.path],
      launcher: ["/bin/sh", "-c", "cd \"$DEMO_DIRECTORY\" && exec \"$0\" \"$@\""],
      timeout: .seconds(60)
    )
  }

  /// The files in the test's directory, sorted.
  private func files() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  /// `--record=a=b.jsonl` records to `a=b.jsonl`, and `replay --diff=a=b.jsonl` reads it; so do values holding
  /// `==`, or starting with `=`.
  @Test(arguments: RecordedDemo.all)
  func aPathValueIsEverythingAfterTheFirstEquals(demo: RecordedDemo) async throws {
    for name in ["a=b.jsonl", "c==d.jsonl", "=e.jsonl"] {
      let run = try await run(demo.name, demo.arguments + ["--record=\(name)"], script: demo.script)
      #expect(run.status == 0, "\(demo.name) --record=\(name): \(run.stderrText)")
    }
    #expect(try files() == ["=e.jsonl", "a=b.jsonl", "c==d.jsonl"])

    for (old, new) in [("a=b.jsonl", "c==d.jsonl"), ("c==d.jsonl", "=e.jsonl"), ("=e.jsonl", "a=b.jsonl")] {
      let replay = try await run(demo.name, ["replay", "--diff=\(old)", new])
      #expect(replay.status == 0, "\(demo.name) replay --diff=\(old) \(new): \(replay.stderrText)")
      #expect(replay.stdoutText.hasPrefix("The recordings match: 10 steps"))
    }
  }

  /// A number holding `=` is refused as the number it is not, the whole value quoted; it is never read as an
  /// unknown option named by the text before its last `=`.
  @Test(arguments: [
    ("counter-demo", "--delay", "'--delay' needs a number of seconds from 0 to 3600, like '--delay 0.5'"),
    ("counter-demo", "--answer", "'--answer' needs a whole number from 1, like '--answer 17'"),
    ("prime-modal-demo", "--favorites", "'--favorites' needs primes separated by commas, like '--favorites 3,5'"),
    ("favorite-primes-demo", "--stored", "'--stored' needs whole numbers separated by commas, like '--stored 2,31'"),
  ])
  func aNumberHoldingEqualsIsRefusedWithTheWholeValue(name: String, flag: String, message: String) async throws {
    for value in ["1=2", "1==2", "=1"] {
      let run = try await run(name, ["\(flag)=\(value)"], script: "help")
      expect(
        run, stdout: "", stderr: "\(name): \(message); got '\(value)'. Try '\(name) --help'.", status: 64
      )
    }
    #expect(try files() == [])
  }

  /// `--snapshot-interval`, and `replay --until`, which every demo has.
  @Test(arguments: RecordedDemo.all)
  func theRecordingNumbersHoldingEqualsAreRefusedWithTheWholeValue(demo: RecordedDemo) async throws {
    for value in ["1=2", "1==2", "=1"] {
      let record = try await run(demo.name, ["--record", "r.jsonl", "--snapshot-interval=\(value)"], script: "help")
      expect(
        record,
        stdout: "",
        stderr: "\(demo.name): '--snapshot-interval' needs a number of steps from 1 to 1000000, like "
          + "'--snapshot-interval 1'; got '\(value)'. Try '\(demo.name) --help'.",
        status: 64
      )
      let replay = try await run(demo.name, ["replay", "--until=\(value)", "r.jsonl"])
      expect(
        replay,
        stdout: "",
        stderr: "\(demo.name) replay: '--until' needs a step number from 0, like '--until 12'; got '\(value)'. "
          + "Try '\(demo.name) replay --help'.",
        status: 64
      )
    }
    #expect(try files() == [])
  }
}
