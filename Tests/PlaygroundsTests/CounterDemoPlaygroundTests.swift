import ExecutableTestSupport
import Foundation
import Testing

/// `counter-demo` as a playground: `--trace` and `trace on|off` print every action, effects' included, with
/// the change it made to the state, before the command's own output; `state` prints the whole state.
@Suite("counter-demo as a playground", .timeLimit(.minutes(5)))
struct CounterDemoPlaygroundTests {
  let demo = Executable("counter-demo")

  /// The answer comes back from an effect: its action is traced too, before the answer is shown.
  @Test func traceFlagTracesEveryActionBeforeTheCommandsOutput() async throws {
    let run = try await demo.run(["--delay", "0", "--answer", "17", "--trace"], script: "+\nnth")
    expect(
      run,
      stdout: """
        received action: CounterViewAction.counter(.incrTapped)
          CounterViewState(
            counter: CounterState(
              …
        −     count: 0,
        +     count: 1,
              …
            ),
            …
          )
        - 1 +
        Is this prime?
        What is the 1st prime?
        received action: CounterViewAction.counter(.nthPrimeButtonTapped)
          CounterViewState(
            counter: CounterState(
              …
        −     isNthPrimeButtonDisabled: false,
        +     isNthPrimeButtonDisabled: true,
              …
            ),
            …
          )
        received action: CounterViewAction.counter(.nthPrimeResponse(n: 1, prime: 17))
          CounterViewState(
            counter: CounterState(
        −     alertNthPrime: nil,
        +     alertNthPrime: PrimeAlert(n: 1, prime: 17),
              …
        −     isNthPrimeButtonDisabled: true,
        +     isNthPrimeButtonDisabled: false,
              …
            ),
            …
          )
        The 1st prime is 17
        """
    )
  }

  @Test func traceOnAndOffSwitchTheTraceAndABareTraceSaysWhetherItIsOn() async throws {
    let run = try await demo.run(["--delay", "0"], script: "trace\ntrace on\ntrace\nset 5\nTRACE OFF\n+\ntrace")
    expect(
      run,
      stdout: """
        tracing is off
        tracing on
        tracing is on
        received action: CounterViewAction.counter(.countEntered(5))
          CounterViewState(
            counter: CounterState(
              …
        −     count: 0,
        +     count: 5,
              …
            ),
            …
          )
        - 5 +
        Is this prime?
        What is the 5th prime?
        tracing off
        - 6 +
        Is this prime?
        What is the 6th prime?
        tracing is off
        """
    )
  }

  /// A refused action is traced with the problem it recorded; the problem is still the command's error.
  @Test func aRefusalIsTracedAndStillReported() async throws {
    let run = try await demo.run(["--delay", "0", "--trace"], script: "ok")
    #expect(run.exited && run.status == 1)
    #expect(run.stderrText == "counter-demo: line 1: Nothing to dismiss: no modal or nth-prime answer is showing.\n")
    #expect(run.stdoutText.hasPrefix("received action: CounterViewAction.counter(.okTapped)\n"))
    // A case without payload reads by its name, not by the problem's sentence.
    #expect(
      run.stdoutText == """
        received action: CounterViewAction.counter(.okTapped)
          CounterViewState(
            counter: CounterState(
              …
        −     problem: nil,
        +     problem: .nothingToDismiss,
              …
            ),
            …
          )

        """
    )
  }

  @Test func stateShowsTheWholeStateFieldByField() async throws {
    let run = try await demo.run(["--delay", "0"], script: "set 7\nfav\nstate")
    expect(
      run,
      stdout: """
        - 7 +
        Is this prime?
        What is the 7th prime?
        7 is prime 🎉
        Remove from favorite primes [unfav]
        CounterViewState(
          counter: CounterState(
            alertNthPrime: nil,
            count: 7,
            isNthPrimeButtonDisabled: false,
            isPrimeModalShown: true,
            nthPrimeProgress: nil,
            problem: nil,
            withdrawnNthPrime: nil
          ),
          favoritePrimes: FavoriteList(
            primes: [7],
            unsavedChanges: [.addedFavoritePrime(7)]
          ),
          primeModalProblem: nil
        )
        """
    )
  }

  @Test(
    arguments: [
      ("trace maybe", "'trace' takes 'on' or 'off', like 'trace on'; got 'maybe'."),
      ("state now", "'state' takes no arguments: type 'state' alone."),
    ]
  )
  func thePlaygroundsCommandsRefuseOtherArguments(line: String, message: String) async throws {
    let run = try await demo.run(["--delay", "0"], script: line)
    expect(run, stdout: "", stderr: "counter-demo: line 1: \(message)", status: 1)
  }

  @Test(
    arguments: [
      (["--trace", "--trace"], "'--trace' is given twice"),
      (["--trace=on"], "'--trace' takes no value"),
    ]
  )
  func badTraceFlagsExitWithStatus64AndOneLine(arguments: [String], message: String) async throws {
    let run = try await demo.run(arguments, script: "+")
    expect(run, stdout: "", stderr: "counter-demo: \(message). Try 'counter-demo --help'.", status: 64)
  }

  /// At a terminal the trace goes through the REPL's console: the progress line `nth` shows is erased before
  /// each entry (`\r` and erase to the end of the line), not overwritten half-way or left in front of it.
  @Test func atATerminalTheProgressLineIsErasedBeforeEachEntry() async throws {
    let home = FileManager.default.temporaryDirectory
      .appendingPathComponent("counter-demo-playground-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try PseudoTerminal(
      demo,
      arguments: ["--delay", "0", "--trace"],
      environment: ["HOME": home.path, "TERM": "xterm", "NO_COLOR": "1"]
    )
    try await terminal.waitFor("count 0> ")
    try terminal.type("nth 10000000000\r")
    // The progress line, then the next progress report's entry on a line the status no longer holds.
    try await terminal.waitFor("(Ctrl-C stops)\u{1B}[K")
    let next = try await terminal.waitFor("received action: ", timeout: .seconds(60))
    #expect(next == "\r\u{1B}[Kreceived action: ")
    try await terminal.waitFor("The 10000000000th prime is 252097800623", timeout: .seconds(60))
    try await terminal.waitFor("count 10000000000 · 10000000000th prime> ")
    try terminal.type("\u{04}")
    #expect(try await terminal.waitForExit() == .exited(0))
    #expect(!terminal.output.contains("(Ctrl-C stops)\u{1B}[Kreceived action"))
  }
}
