import ExecutableTestSupport
import Testing

/// The demos share primetime's rules for what they are given: an argument that is not UTF-8 is refused,
/// standard input that can't be read is reported with status 1, and an address-space limit their threads do
/// not fit in is said in one line instead of hanging.
@Suite("demo arguments and input", .timeLimit(.minutes(5)))
struct DemoInputRulesTests {
  @Test(arguments: [
    ("counter-demo", "--delay"),
    ("favorite-primes-demo", "--help"),
    ("prime-modal-demo", "7"),
  ])
  func anArgumentThatIsNotUTF8IsRefused(name: String, first: String) async throws {
    let run = try await Executable(name).run(
      [],
      input: "+\n",
      launcher: ["/bin/sh", "-c", "exec \"$0\" \(first) \"$(printf 'x\\377')\""]
    )
    expect(
      run,
      stdout: "",
      stderr: "\(name): argument 2 is not valid UTF-8: 'x\\xFF'; give every argument in UTF-8. Try '\(name) --help'.",
      status: 64
    )
  }

  @Test(arguments: [
    ("counter-demo", ["--delay", "0"]),
    ("favorite-primes-demo", []),
    ("prime-modal-demo", ["7"]),
  ])
  func standardInputThatIsADirectoryIsReportedAndTheStatusIsOne(name: String, arguments: [String]) async throws {
    let run = try await Executable(name).run(arguments, launcher: ["/bin/sh", "-c", "exec \"$0\" \"$@\" < /"])
    expect(run, stdout: "", stderr: "\(name): can't read standard input: is a directory", status: 1)
  }

  /// Under about 50 MB (`ulimit -v`) a demo printed its output, then hung at its end for a thread it could not
  /// start, and SIGTERM did not end it.
  @Test(arguments: [
    ("counter-demo", ["--delay", "0"], "+\n", "- 1 +\nIs this prime?\nWhat is the 1st prime?\n"),
    ("favorite-primes-demo", [], "favorites\n", "1. 2\n2. 3\n3. 5\n4. 7\n"),
    ("prime-modal-demo", ["7"], "prime\n", "7 is prime 🎉\nSave to favorite primes [fav]\n"),
  ])
  func everyAddressSpaceLimitEitherRunsOrIsRefusedInOneLine(
    name: String, arguments: [String], input: String, output: String
  ) async throws {
    var outcomes: [Int: AddressSpaceLimitOutcome] = [:]
    for kilobytes in stride(from: 20_000, through: 64_000, by: 4_000) {
      outcomes[kilobytes] = try await Executable(name).outcome(
        underAnAddressSpaceLimitOf: kilobytes, arguments, input: input, output: output)
    }
    #expect(outcomes.values.allSatisfy { if case .other = $0 { false } else { true } }, "\(outcomes)")
    #expect(outcomes[56_000] == .ran, "\(outcomes)")
  }

  @Test(arguments: [["--delay", "0", "--delay", "1"], ["--delay=0", "--delay", "1"]])
  func aDelayGivenTwiceIsRefused(arguments: [String]) async throws {
    let run = try await Executable("counter-demo").run(arguments, input: "+\n")
    expect(
      run,
      stdout: "",
      stderr: "counter-demo: '--delay' is given twice. Try 'counter-demo --help'.",
      status: 64
    )
  }
}
