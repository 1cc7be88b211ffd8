import ExecutableTestSupport
import Testing

/// `counter-demo --delay`: numbers follow the rule `set` follows (decimal digits, an optional sign and
/// fraction), and a value that looks like an option is refused.
@Suite("counter-demo options", .timeLimit(.minutes(5)))
struct CounterDemoOptionsTests {
  let demo = Executable("counter-demo")

  @Test(arguments: ["1e3", "0x10", "inf", "1_000", " 1", ".5", "5.", "١"])
  func aDelayThatIsNotADecimalNumberIsRefused(value: String) async throws {
    let run = try await demo.run(["--delay", value], script: "+")
    expect(
      run,
      stdout: "",
      stderr: "counter-demo: '--delay' needs a number of seconds from 0 to 3600, like '--delay 0.5'; got '\(value)'. "
        + "Try 'counter-demo --help'.",
      status: 64
    )
  }

  @Test func aDelayThatLooksLikeAnOptionIsRefused() async throws {
    let run = try await demo.run(["--delay", "--help"], script: "+")
    expect(
      run,
      stdout: "",
      stderr: "counter-demo: '--delay' needs a number of seconds; '--help' looks like an option. Try 'counter-demo --help'.",
      status: 64
    )
  }

  @Test(arguments: [["--delay", "0.25"], ["--delay=+0"], ["--delay", "0"]])
  func aDecimalDelayIsAccepted(arguments: [String]) async throws {
    let run = try await demo.run(arguments, script: "+")
    expect(run, stdout: "- 1 +\nIs this prime?\nWhat is the 1st prime?")
  }
}
