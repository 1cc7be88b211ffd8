import ComposableArchitecture
import Counter
import CounterTerminal
import ExecutableTestSupport
import LineEditor
import Platform
import REPL
import Testing

/// `CounterFrontEnd` over a real store: commands in, the exact lines and prompt out. It sends what a person's
/// taps would and reads the state; every rule it shows is the reducers'.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct CounterFrontEndTests {
  private static let counter7 = ["- 7 +", "Is this prime?", "What is the 7th prime?"]

  /// A front end whose nth prime is 17 for n = 7, and can't be found otherwise.
  private func frontEnd(_ state: CounterViewState = CounterViewState()) -> CounterFrontEnd {
    CounterFrontEnd(
      store: Store(
        initialValue: state,
        reducer: counterViewReducer,
        environment: NthPrimeClient(limit: 10_000_000_000) { n in .sync { .answer(n == 7 ? 17 : nil) } }
      )
    )
  }

  @Test func countingShowsTheCounterAndThePromptSaysTheCount() async {
    let screen = frontEnd()
    #expect(screen.location == "count 0")
    #expect(await screen.run(.increment) == .output(["- 1 +", "Is this prime?", "What is the 1st prime?"]))
    #expect(await screen.run(.decrement) == .output(["- 0 +", "Is this prime?", "What is the 0th prime?"]))
    #expect(await screen.run(.set(-12)) == .output(["- -12 +", "Is this prime?", "What is the -12th prime?"]))
    #expect(screen.location == "count -12")
  }

  /// `printf 'set 7\nnth\n+\n' | counter-demo --delay 0` showed the 7th prime's answer again, the count 8.
  @Test func aNewCountTakesDownTheAnswerAboutTheOldOne() async {
    let screen = frontEnd()
    #expect(await screen.run(.set(7)) == .output(Self.counter7))
    #expect(await screen.run(.nthPrime(nil)) == .output(["The 7th prime is 17"]))
    #expect(screen.location == "count 7 · 7th prime")
    #expect(await screen.run(.increment) == .output(["- 8 +", "Is this prime?", "What is the 8th prime?"]))
    #expect(screen.location == "count 8")
  }

  @Test func okClosesTheModalThenTheAnswerThenSaysNothingIsShowing() async {
    let screen = frontEnd(CounterViewState(counter: CounterState(count: 7)))
    #expect(await screen.run(.nthPrime(nil)) == .output(["The 7th prime is 17"]))
    #expect(await screen.run(.isThisPrime(nil)) == .output(["7 is prime 🎉", "Save to favorite primes [fav]"]))
    #expect(screen.location == "count 7 · is it prime?")
    #expect(await screen.run(.dismiss) == .output(["The 7th prime is 17"]))
    #expect(screen.location == "count 7 · 7th prime")
    #expect(await screen.run(.dismiss) == .output(Self.counter7))
    #expect(await screen.run(.dismiss) == .failure("Nothing to dismiss: no modal or nth-prime answer is showing."))
    #expect(screen.location == "count 7")
  }

  /// `fav` and `unfav` open the modal as a tap on "Is this prime?" would, so the prompt says it is open.
  @Test func favAndUnfavOpenTheModalAndReportItsProblems() async {
    let screen = frontEnd(CounterViewState(counter: CounterState(count: 8)))
    #expect(await screen.run(.primeModal(.saveFavorite)) == .failure("8 is not prime, so it can't be a favorite prime."))
    #expect(screen.location == "count 8 · is it prime?")
    #expect(await screen.run(.primeModal(.removeFavorite)) == .failure("8 is not a favorite prime."))
    #expect(await screen.run(.dismiss) == .output(["- 8 +", "Is this prime?", "What is the 8th prime?"]))
    #expect(await screen.run(.set(11)) == .output(["- 11 +", "Is this prime?", "What is the 11th prime?"]))
    #expect(
      await screen.run(.primeModal(.saveFavorite)) == .output(["11 is prime 🎉", "Remove from favorite primes [unfav]"])
    )
    #expect(await screen.run(.primeModal(.saveFavorite)) == .failure("11 is already a favorite prime."))
    #expect(screen.location == "count 11 · is it prime?")
    #expect(await screen.run(.primeModal(.removeFavorite)) == .output(["11 is prime 🎉", "Save to favorite primes [fav]"]))
    #expect(screen.store.value.favoritePrimes.primes == [])
  }

  @Test func nthAndPrimeWithANumberSetTheCountFirst() async {
    let screen = frontEnd()
    #expect(await screen.run(.nthPrime(7)) == .output(["The 7th prime is 17"]))
    #expect(await screen.run(.isThisPrime(97)) == .output(["97 is prime 🎉", "Save to favorite primes [fav]"]))
    #expect(screen.location == "count 97 · is it prime?")
    #expect(
      await screen.run(.nthPrime(0))
        == .failure("There is no 0th prime: primes are counted from the 1st. Count up to 1 or more first.")
    )
    #expect(screen.store.value.counter.count == 0)
  }

  @Test func nthPrimeProblemsAreFailures() async {
    let screen = frontEnd(CounterViewState(counter: CounterState(count: 8)))
    #expect(await screen.run(.nthPrime(nil)) == .failure("Couldn't find the 8th prime. Try again, or ask for a smaller one."))
    #expect(
      await screen.run(.nthPrime(10_000_000_001))
        == .failure("The 10000000001st prime is beyond what PrimeTime computes; ask for the 10000000000th or earlier.")
    )
  }

  /// The modal covers the nth-prime button: asking closes it, and the answer shows.
  @Test func askingForTheNthPrimeClosesTheModalAndShowsTheAnswer() async {
    let screen = frontEnd(CounterViewState(counter: CounterState(count: 7, isPrimeModalShown: true)))
    #expect(await screen.run(.nthPrime(nil)) == .output(["The 7th prime is 17"]))
    #expect(screen.location == "count 7 · 7th prime")
  }

  /// Ctrl-C's hook withdraws the question; `nth` then says so, read from the state.
  @Test func aWithdrawnQuestionSaysItStopped() async {
    let (started, reportStarted) = AsyncStream<Void>.makeStream()
    let screen = CounterFrontEnd(
      store: Store(
        initialValue: CounterViewState(counter: CounterState(count: 1_000)),
        reducer: counterViewReducer,
        environment: NthPrimeClient { _ in
          .run { send in
            await send(.progress(3))
            reportStarted.yield()
            try await Task.sleep(for: .seconds(60))
            await send(.answer(7_919))
          }
        }
      )
    )
    async let outcome = screen.run(.nthPrime(nil))
    _ = await awaiting("the search for the 1000th prime to start") { await started.first { _ in true } }
    #expect(renderNthPrimeProgress(screen.store.value) == "Finding the 1000th prime… 3%  (Ctrl-C stops)")
    screen.cancelNthPrime()
    #expect(await outcome == .output(["Stopped looking for the 1000th prime."]))
    #expect(renderNthPrimeProgress(screen.store.value) == nil)
    #expect(await screen.run(.increment) == .output(["- 1001 +", "Is this prime?", "What is the 1001st prime?"]))
  }

  @Test func theProgressLineShowsOnAStatusLineAndIsErasedByTheAnswer() async {
    let recording = RecordingConsole()
    let statusLine = StatusLine(isEnabled: true, console: recording.console, columns: { 80 })
    let screen = CounterFrontEnd(
      store: Store(
        initialValue: CounterViewState(counter: CounterState(count: 7)),
        reducer: counterViewReducer,
        environment: NthPrimeClient { _ in
          .run { send in
            await send(.progress(42))
            await send(.answer(17))
          }
        }
      )
    )
    let progress = screen.showProgress(on: statusLine)
    #expect(await screen.run(.nthPrime(nil)) == .output(["The 7th prime is 17"]))
    progress.cancel()
    #expect(
      recording.output
        == "\rFinding the 7th prime…  (Ctrl-C stops)\u{1B}[K\rFinding the 7th prime… 42%  (Ctrl-C stops)\u{1B}[K"
        + "\r\u{1B}[K"
    )
  }

  /// A question shows its waiting line from the moment it is asked, before any progress (a slow service, a
  /// delay), and none once it is answered.
  @Test func aQuestionInFlightShowsTheWaitingLineBeforeAnyProgress() async {
    let (started, reportStarted) = AsyncStream<Void>.makeStream()
    let screen = CounterFrontEnd(
      store: Store(
        initialValue: CounterViewState(counter: CounterState(count: 7)),
        reducer: counterViewReducer,
        environment: NthPrimeClient { _ in
          .run { send in
            reportStarted.yield()
            try await Task.sleep(for: .seconds(60))
            await send(.answer(17))
          }
        }
      )
    )
    #expect(renderNthPrimeProgress(screen.store.value) == nil)
    async let outcome = screen.run(.nthPrime(nil))
    _ = await awaiting("the question for the 7th prime to be asked") { await started.first { _ in true } }
    #expect(renderNthPrimeProgress(screen.store.value) == "Finding the 7th prime…  (Ctrl-C stops)")
    screen.cancelNthPrime()
    #expect(await outcome == .output(["Stopped looking for the 7th prime."]))
    #expect(renderNthPrimeProgress(screen.store.value) == nil)
  }

  @Test func theCommandsAreTheAppsWithTheModalsButtonsAndShortcuts() throws {
    let table = frontEnd().commands
    #expect(table.specs.map(\.usage) == ["+", "-", "set N", "prime [N]", "fav", "unfav", "nth [N]", "ok"])
    #expect(try table.parse("nth").get() == .nthPrime(nil))
    #expect(try table.parse("nth 100").get() == .nthPrime(100))
    #expect(try table.parse("prime -3").get() == .isThisPrime(-3))
    #expect(try table.parse("unfav").get() == .primeModal(.removeFavorite))
    #expect(try table.parse("incr").get() == .increment)
    #expect(table.parse("nth 1 2").failureMessage == "'nth' needs one number like 'nth 100', or none; got 2 arguments.")
    #expect(table.parse("prime x").failureMessage == "'prime' needs one number like 'prime 97', or none; 'x' is not a number.")
  }

  /// A REPL driving the front end, as the demo's `main.swift` does: the prompt follows the screen.
  @Test func aREPLShowsThePromptOfTheScreenOnTop() async {
    let screen = frontEnd()
    let recording = RecordingConsole()
    let repl = REPL(
      name: "counter-demo", commands: screen.commands, prompt: { "\(screen.location)> " }, isInteractive: true,
      console: recording.console, input: .lines(["nth 7", "fav", "ok", "ok"])
    )
    #expect(await repl.run { command in await screen.run(command) } == 0)
    #expect(
      recording.output == """
        count 0> The 7th prime is 17
        count 7 · 7th prime> 7 is prime 🎉
        Remove from favorite primes [unfav]
        count 7 · is it prime?> The 7th prime is 17
        count 7 · 7th prime> - 7 +
        Is this prime?
        What is the 7th prime?
        count 7> \n
        """
    )
  }
}

extension Result where Failure == CommandError {
  fileprivate var failureMessage: String? {
    if case let .failure(error) = self { error.message } else { nil }
  }
}
