import ExecutableTestSupport
import Foundation
import Testing

/// A demo's session, recorded with `--record FILE`: the script, a change to the state recorded after step 10
/// that a replay must catch, and the `−` and `+` lines of the diff it then shows.
struct RecordedDemo: Sendable, CustomTestStringConvertible {
  let name: String
  let arguments: [String]
  /// Ten steps, so the recording holds the state after step 10.
  let script: String
  /// What the recorded state after step 10 holds, and what the test puts there instead.
  let recorded: String
  let tampered: String
  /// The diff's lines for the tampered state (`−` recorded, `+` replayed).
  let diff: String
  /// How the state prints, first line: `CounterViewState(`.
  let stateType: String

  var testDescription: String { name }

  static let all = [
    RecordedDemo(
      name: "counter-demo", arguments: ["--delay", "0"], script: Array(repeating: "+", count: 10).joined(separator: "\n"),
      recorded: #""count":10,"#, tampered: #""count":11,"#, diff: "−     count: 11,\n+     count: 10,",
      stateType: "CounterViewState("
    ),
    RecordedDemo(
      name: "prime-modal-demo", arguments: ["13"],
      script: Array(repeating: "fav\nunfav", count: 5).joined(separator: "\n"),
      recorded: #""favoritePrimes":{"primes":[]"#, tampered: #""favoritePrimes":{"primes":[13]"#,
      diff: "    favoritePrimes: FavoriteList(\n−     primes: [13],\n+     primes: [],", stateType: "PrimeModalState("
    ),
    RecordedDemo(
      name: "favorite-primes-demo", arguments: [], script: Array(repeating: "load", count: 5).joined(separator: "\n"),
      recorded: #""favoritePrimes":{"primes":[2,3,5,7]},"isLoaded""#,
      tampered: #""favoritePrimes":{"primes":[2,3,5]},"isLoaded""#,
      diff: "−   favoritePrimes: FavoriteList(primes: [2, 3, 5]),\n+   favoritePrimes: FavoriteList(primes: [2, 3, 5, 7]),", stateType: "FavoritePrimesState("
    ),
  ]
}

/// Each demo records with `--record FILE` and replays with `DEMO replay FILE [--until N] [--diff OLD]`, through
/// the one implementation `primetime` uses (`Replay`'s `ReplayCommand`), each with its own reducer.
@Suite("demo record and replay", .timeLimit(.minutes(5)))
final class DemoRecordReplayTests {
  private let directory: URL

  init() throws {
    directory = try temporaryDirectory()
  }

  deinit {
    try? FileManager.default.removeItem(at: directory)
  }

  /// Records `demo`'s script to `name` in the test's directory; the file's path.
  private func record(_ demo: RecordedDemo, to name: String = "run.jsonl", options: [String] = []) async throws
    -> String
  {
    let path = directory.appendingPathComponent(name).path
    let run = try await Executable(demo.name).run(
      demo.arguments + ["--record", path] + options, script: demo.script
    )
    #expect(run.status == 0)
    #expect(run.stderrText == "")
    return path
  }

  @Test(arguments: RecordedDemo.all)
  func aRecordedSessionReplaysFaithfully(demo: RecordedDemo) async throws {
    let path = try await record(demo)
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect(attributes[.posixPermissions] as? Int == 0o600)

    let run = try await Executable(demo.name).run(["replay", path])

    // Step 10's state and the one the session ended in.
    expect(run, stdout: "Replayed 10 steps faithfully; 2 recorded states matched.")
    #expect(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").last?.hasPrefix(#"{"end":10,"#) == true)
  }

  @Test(arguments: RecordedDemo.all)
  func aSnapshotIntervalOf1RecordsEveryState(demo: RecordedDemo) async throws {
    let path = try await record(demo, options: ["--snapshot-interval", "1"])

    let run = try await Executable(demo.name).run(["replay", path])

    expect(run, stdout: "Replayed 10 steps faithfully; 11 recorded states matched.")
  }

  @Test(arguments: RecordedDemo.all)
  func aTamperedRecordingDivergesWithADiff(demo: RecordedDemo) async throws {
    let path = try await record(demo)
    var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
    let snapshot = try #require(lines.firstIndex { $0.hasPrefix(#"{"step":10,"#) })
    #expect(lines[snapshot].contains(demo.recorded))
    lines[snapshot] = lines[snapshot].replacingOccurrences(of: demo.recorded, with: demo.tampered)
    try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)

    let run = try await Executable(demo.name).run(["replay", path])

    #expect(run.status == 1)
    #expect(run.stderrText == "")
    #expect(run.stdoutText.hasPrefix("Replay diverged at step 10 ("))
    #expect(run.stdoutText.contains("\n\(demo.diff)\n"))
  }

  @Test(arguments: RecordedDemo.all)
  func untilStopsAfterTheStepAndPrintsTheState(demo: RecordedDemo) async throws {
    let path = try await record(demo)

    let run = try await Executable(demo.name).run(["replay", path, "--until", "2"])

    #expect(run.status == 0)
    #expect(run.stdoutLines.first == "Replayed 2 steps faithfully; 0 recorded states matched.")
    #expect(run.stdoutLines.dropFirst().first == demo.stateType)
  }

  @Test(arguments: RecordedDemo.all)
  func twoRecordingsOfOneScriptMatchAndATruncatedOneDiffers(demo: RecordedDemo) async throws {
    let first = try await record(demo, to: "a.jsonl")
    let second = try await record(demo, to: "b.jsonl")

    let same = try await Executable(demo.name).run(["replay", "--diff", first, second])
    expect(
      same,
      stdout: "The recordings match: 10 steps with the same origins and actions, and the 2 states both recorded are equal."
    )

    let lines = try String(contentsOfFile: second, encoding: .utf8).split(separator: "\n")
    try (lines.prefix(5).joined(separator: "\n") + "\n").write(toFile: second, atomically: true, encoding: .utf8)
    let shorter = try await Executable(demo.name).run(["replay", "--diff", first, second, "--until", "6"])
    #expect(shorter.status == 1)
    #expect(shorter.stdoutText.hasPrefix("The recordings differ at step 5: \(second) ends after step 4; \(first) goes on"))
  }

  @Test(arguments: RecordedDemo.all)
  func anExistingFileIsRefusedAndLeftAlone(demo: RecordedDemo) async throws {
    let path = directory.appendingPathComponent("kept.jsonl").path
    try Data("keep\n".utf8).write(to: URL(fileURLWithPath: path))

    let run = try await Executable(demo.name).run(demo.arguments + ["--record", path], script: demo.script)

    expect(
      run, stdout: "",
      stderr: "\(demo.name): the recording file \(path) already exists, and '--record' never replaces a file; choose "
        + "another path for '--record'.",
      status: 1
    )
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("keep\n".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["kept.jsonl"])
  }

  @Test(arguments: RecordedDemo.all)
  func replayDeclaresItsCommandLineAsTheDemoDoes(demo: RecordedDemo) async throws {
    let help = try await Executable(demo.name).run(["replay", "--help"])
    #expect(help.status == 0)
    #expect(help.stdoutLines.first == "USAGE: \(demo.name) replay [--until N] [--diff OLD] FILE")
    let manual = try await Executable(demo.name).run(["replay", "--manual"])
    #expect(manual.status == 0 && manual.stdoutText.contains("OLD"))
    let missing = try await Executable(demo.name).run(["replay"])
    expect(
      missing, stdout: "",
      stderr: "\(demo.name) replay: FILE is missing. Try '\(demo.name) replay --help'.", status: 64
    )
    let unreadable = try await Executable(demo.name).run(["replay", "/nonexistent/run.jsonl"])
    expect(
      unreadable, stdout: "", stderr: "\(demo.name) replay: cannot read /nonexistent/run.jsonl: there is no such file",
      status: 1
    )
    let tilde = try await Executable(demo.name).run(["--record=~/run.jsonl"], script: "")
    #expect(tilde.status == 64)
  }
}
