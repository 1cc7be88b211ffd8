import ExecutableTestSupport
import Testing

/// `prime-modal-demo COUNT` reads numbers by the rule `set` follows: decimal digits after an optional sign.
@Suite("prime-modal-demo options", .timeLimit(.minutes(5)))
struct PrimeModalDemoOptionsTests {
  let demo = Executable("prime-modal-demo")

  @Test(arguments: ["0x10", "1e3", "1_000", "+", "٣"])
  func aCountThatIsNotADecimalWholeNumberIsRefused(value: String) async throws {
    let run = try await demo.run([value], script: "prime")
    expect(
      run,
      stdout: "",
      stderr: "prime-modal-demo: COUNT must be a whole number, like 7; got '\(value)'. Try 'prime-modal-demo --help'.",
      status: 64
    )
  }

  @Test(arguments: [("+13", "13 is prime 🎉"), ("-3", "-3 is not prime :(")])
  func aSignedCountIsAccepted(value: String, answer: String) async throws {
    let run = try await demo.run([value], script: "prime")
    #expect(run.status == 0)
    #expect(run.stdoutLines.first == answer)
  }
}
