import ExecutableTestSupport
import Testing

/// The demos share primetime's rules for what they are given: an argument that is not UTF-8 is refused, and
/// standard input that can't be read is reported with status 1.
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
    expect(run, stdout: "", stderr: "\(name): can't read standard input: Is a directory", status: 1)
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
