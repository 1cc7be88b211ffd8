import ExecutableTestSupport
import Foundation
import Testing

/// `--flag=VALUE` splits at the first `=`: whatever follows it is the value, `=` signs included, for every
/// flag of `primetime` that takes a value, and of `primetime replay`.
@Suite("primetime options: values holding '='", .timeLimit(.minutes(5)))
struct PrimetimeValuesHoldingEqualsTests {
  let primetime = Executable("primetime")

  /// `--db=a=b.db` keeps the favourites in `a=b.db`; so for `--log` and `--record`, and for values holding `==`
  /// or starting with `=`. The recording is then read by `replay --diff=FILE` as the same file.
  @Test(arguments: [
    (["--db=a=b.db", "--log=c==d.log", "--record==e.jsonl"], ["=e.jsonl", "a=b.db", "c==d.log"], "=e.jsonl"),
    (["--db=a==b.db", "--log==c.log", "--record=d=e.jsonl"], ["=c.log", "a==b.db", "d=e.jsonl"], "d=e.jsonl"),
    (["--db==a.db", "--log=b=c.log", "--record=d==e.jsonl"], ["=a.db", "b=c.log", "d==e.jsonl"], "d==e.jsonl"),
  ])
  func aPathValueIsEverythingAfterTheFirstEquals(arguments: [String], files: [String], recording: String) async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(inside: home, arguments, script: "set 7\nfav")
    expect(
      run,
      stdout: """
        - 7 +
        Is this prime?
        What is the 7th prime?
        7 is prime 🎉
        Remove from favorite primes [unfav]
        """
    )
    #expect(try home.contents() == files)

    let replay = try await primetime.run(inside: home, ["replay", "--diff=\(recording)", recording], script: "")
    #expect(replay.status == 0, "\(replay.stdoutText)\(replay.stderrText)")
    #expect(replay.stdoutText.hasPrefix("The recordings match: "))
  }

  /// A number holding `=` is refused as the number it is not, the whole value quoted; it is never read as an
  /// unknown option named by the text before its last `=`. Nothing is created.
  @Test(arguments: ["1=2", "1==2", "=1"])
  func aNumberHoldingEqualsIsRefusedWithTheWholeValue(value: String) async throws {
    let home = try TemporaryHome()
    let record = try await primetime.run(
      inside: home, ["--record", "r.jsonl", "--snapshot-interval=\(value)"], script: "set 7"
    )
    expect(
      record,
      stdout: "",
      stderr: "primetime: '--snapshot-interval' needs a number of steps from 1 to 1000000, like "
        + "'--snapshot-interval 1'; got '\(value)'. Try 'primetime --help'.",
      status: 64
    )
    let replay = try await primetime.run(inside: home, ["replay", "--until=\(value)", "r.jsonl"], script: "")
    expect(
      replay,
      stdout: "",
      stderr: "primetime replay: '--until' needs a step number from 0, like '--until 12'; got '\(value)'. "
        + "Try 'primetime replay --help'.",
      status: 64
    )
    #expect(try home.contents() == [])
  }
}
