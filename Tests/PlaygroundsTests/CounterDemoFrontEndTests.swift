import ExecutableTestSupport
import Foundation
import Testing

/// `counter-demo` as a real playground: the rules come from the reducers, the environment can be swapped
/// from the command line, and at a terminal it shows primetime's prompt and progress line.
@Suite("counter-demo's front end and environment flags", .timeLimit(.minutes(5)))
struct CounterDemoFrontEndTests {
  let demo = Executable("counter-demo")

  /// The repro: the demo showed the 7th prime's answer again, with the count silently 8.
  @Test func aNewCountTakesDownTheAnswerAboutTheOldOne() async throws {
    let run = try await demo.run(["--delay", "0"], script: "set 7\nnth\n+")
    expect(
      run,
      stdout: """
        - 7 +
        Is this prime?
        What is the 7th prime?
        The 7th prime is 17
        - 8 +
        Is this prime?
        What is the 8th prime?
        """
    )
  }

  @Test func nthAndPrimeWithANumberSetTheCountFirst() async throws {
    let run = try await demo.run(["--delay", "0"], script: "nth 100\nok\nprime 97\nfav\nok\nnth 1 2")
    expect(
      run,
      stdout: """
        The 100th prime is 541
        - 100 +
        Is this prime?
        What is the 100th prime?
        97 is prime 🎉
        Save to favorite primes [fav]
        97 is prime 🎉
        Remove from favorite primes [unfav]
        - 97 +
        Is this prime?
        What is the 97th prime?
        """,
      stderr: "counter-demo: line 6: 'nth' needs one number like 'nth 100', or none; got 2 arguments.",
      status: 1
    )
  }

  @Test func answerMakesEveryQuestionAnswerIt() async throws {
    let run = try await demo.run(["--answer", "42", "--delay", "0"], script: "nth 5\nnth 10000000001")
    expect(
      run,
      stdout: """
        The 5th prime is 42
        The 10000000001st prime is 42
        """
    )
  }

  @Test func failMakesEveryQuestionFailAsAFailedComputationDoes() async throws {
    let run = try await demo.run(["--fail", "--delay=0"], script: "nth 5\n+")
    expect(
      run,
      stdout: """
        - 6 +
        Is this prime?
        What is the 6th prime?
        """,
      stderr: "counter-demo: line 1: Couldn't find the 5th prime. Try again, or ask for a smaller one.",
      status: 1
    )
  }

  /// The flags win over Wolfram|Alpha: with it configured but unreachable, the answer is still the flag's.
  @Test func theFlagsWinOverWolframAlpha() async throws {
    let run = try await demo.run(
      ["--answer", "17", "--delay", "0"],
      input: "nth 7\n",
      environment: ["WOLFRAM_ALPHA_APPID": "TEST-ID", "https_proxy": "http://127.0.0.1:9", "HTTPS_PROXY": "http://127.0.0.1:9"],
      timeout: .seconds(60)
    )
    expect(run, stdout: "The 7th prime is 17")
  }

  @Test(
    arguments: [
      (["--answer", "3", "--fail"], "'--answer' and '--fail' can't be given together"),
      (["--fail", "--answer=3"], "'--answer' and '--fail' can't be given together"),
      (["--fail", "--fail"], "'--fail' is given twice"),
      (["--fail=yes"], "'--fail' takes no value"),
      (["--answer"], "'--answer' needs a whole number from 1, like '--answer 17'"),
      (["--answer", "0"], "'--answer' needs a whole number from 1, like '--answer 17'; got '0'"),
      (["--answer", "x"], "'--answer' needs a whole number from 1, like '--answer 17'; got 'x'"),
      (["--answer=5", "--answer", "7"], "'--answer' is given twice"),
    ]
  )
  func badEnvironmentFlagsExitWithStatus64AndOneLine(arguments: [String], message: String) async throws {
    let run = try await demo.run(arguments, script: "nth")
    expect(run, stdout: "", stderr: "counter-demo: \(message). Try 'counter-demo --help'.", status: 64)
  }

  /// primetime's prompt and progress line: the answer's prompt, the modal's, and the progress while the
  /// 10^10th prime is computed (about a second in a debug build).
  @Test func atATerminalThePromptAndTheProgressLineAreTheApps() async throws {
    let home = FileManager.default.temporaryDirectory
      .appendingPathComponent("counter-demo-front-end-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try PseudoTerminal(
      demo,
      arguments: ["--delay", "0"],
      environment: ["HOME": home.path, "TERM": "xterm", "NO_COLOR": "1"]
    )
    try await terminal.waitFor("count 0> ")
    try terminal.type("nth 10000000000\r")
    try await terminal.waitFor("Finding the 10000000000th prime… ")
    try await terminal.waitFor("(Ctrl-C stops)")
    try await terminal.waitFor("The 10000000000th prime is 252097800623", timeout: .seconds(60))
    try await terminal.waitFor("count 10000000000 · 10000000000th prime> ")
    try terminal.type("fav\r")
    try await terminal.waitFor("count 10000000000 · is it prime?> ")
    try terminal.type("\u{04}")
    #expect(try await terminal.waitForExit() == .exited(0))
  }
}
