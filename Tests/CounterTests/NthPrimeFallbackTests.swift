import ComposableArchitecture
import ComposableArchitectureTestSupport
import Counter
import Testing

/// An answer computed on this machine because Wolfram|Alpha failed: the alert carries the failure, and its
/// notice names the service, what failed, and the variable to unset.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct NthPrimeFallbackTests {
  /// The counter screen run through the dependencies, as the app runs it: the environment is the client.
  private func store(count: Int, client: NthPrimeClient) -> TestStore<CounterViewState, CounterViewAction> {
    TestStore(
      initialState: CounterViewState(counter: CounterState(count: count)),
      reducer: Reduce(counterViewReducer, environment: { $0.nthPrimeClient })
    ) {
      $0.nthPrimeClient = client
    }
  }

  @Test func anAnswerComputedHereCarriesTheServicesFailureIntoTheAlert() async {
    let store = store(
      count: 7,
      client: NthPrimeClient { _ in .merge(.send(.progress(50)), .send(.computedHere(17, because: .timedOut))) }
    )
    await store.send(.counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true }
    await store.receive(.counter(.nthPrimeProgress(n: 7, percent: 50))) { $0.counter.nthPrimeProgress = 50 }
    await store.receive(.counter(.nthPrimeComputedHere(n: 7, prime: 17, because: .timedOut))) {
      $0.counter.isNthPrimeButtonDisabled = false
      $0.counter.nthPrimeProgress = nil
      $0.counter.alertNthPrime = PrimeAlert(n: 7, prime: 17, computedHereBecause: .timedOut)
    }
    await store.finish()
  }

  @Test func anAnswerThatCouldNotBeComputedHereEitherIsTheFailedComputationProblem() async {
    let store = store(count: 7, client: NthPrimeClient { _ in .sync { .computedHere(nil, because: .unreachable) } })
    await store.send(.counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true }
    await store.receive(.counter(.nthPrimeComputedHere(n: 7, prime: nil, because: .unreachable))) {
      $0.counter.isNthPrimeButtonDisabled = false
      $0.counter.problem = .nthPrimeFailed(n: 7)
    }
    await store.finish()
  }

  /// Like any answer, one that arrives after the question was withdrawn is ignored.
  @Test func aFallbackAnswerToAWithdrawnQuestionIsIgnored() async {
    let store = store(count: 7, client: NthPrimeClient { _ in .none })
    await store.send(.counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true }
    await store.send(.counter(.nthPrimeCancelButtonTapped)) {
      $0.counter.isNthPrimeButtonDisabled = false
      $0.counter.withdrawnNthPrime = 7
    }
    await store.send(.counter(.nthPrimeComputedHere(n: 7, prime: 17, because: .timedOut)))
    await store.finish()
  }

  @Test func theNoticeNamesTheServiceWhatFailedAndTheVariable() {
    let instead = "; computed the 7th prime on this machine instead. Unset WOLFRAM_ALPHA_APPID to always compute here."
    #expect(
      PrimeAlert(n: 7, prime: 17, computedHereBecause: .unreachable).fallbackNotice
        == "Wolfram|Alpha did not answer (could not reach it: check the network connection)" + instead
    )
    #expect(
      PrimeAlert(n: 7, prime: 17, computedHereBecause: .timedOut).fallbackNotice
        == "Wolfram|Alpha did not answer (no answer in time)" + instead
    )
    #expect(
      PrimeAlert(n: 7, prime: 17, computedHereBecause: .errorStatus(503)).fallbackNotice
        == "Wolfram|Alpha did not answer (HTTP error 503)" + instead
    )
    #expect(
      PrimeAlert(n: 7, prime: 17, computedHereBecause: .noPrimeInAnswer).fallbackNotice
        == "Wolfram|Alpha did not answer (no prime in its answer: check that WOLFRAM_ALPHA_APPID is a valid app ID)"
        + instead
    )
    #expect(
      PrimeAlert(n: 7, prime: 17, computedHereBecause: .notTheNthPrime(answered: 18)).fallbackNotice
        == "Wolfram|Alpha answered 18, which is not the 7th prime" + instead
    )
    #expect(
      PrimeAlert(n: 7, prime: 17, computedHereBecause: .clientMissing(path: "/opt/bin/primetime-wolfram-alpha"))
        .fallbackNotice
        == "Wolfram|Alpha did not answer (its client /opt/bin/primetime-wolfram-alpha is missing: install it beside "
        + "this program)" + instead
    )
    #expect(
      PrimeAlert(
        n: 7, prime: 17, computedHereBecause: .clientCouldNotRun(path: "/opt/bin/primetime-wolfram-alpha", exitStatus: 127)
      ).fallbackNotice
        == "Wolfram|Alpha was not asked: its client /opt/bin/primetime-wolfram-alpha could not run (exit status 127)"
        + instead
    )
    #expect(
      PrimeAlert(n: 7, prime: 17, computedHereBecause: .clientKilled(path: "/opt/bin/primetime-wolfram-alpha", signal: 11))
        .fallbackNotice
        == "Wolfram|Alpha was not asked: its client /opt/bin/primetime-wolfram-alpha could not run (killed by signal 11)"
        + instead
    )
    #expect(PrimeAlert(n: 7, prime: 17).fallbackNotice == nil)
  }

  /// A trace or `state` shows the reason only when there is one: an ordinary answer reads as it always did.
  @Test func theAlertDescribesItsReasonOnlyWhenComputedHere() {
    #expect(Trace.describe(PrimeAlert(n: 7, prime: 17)) == ["PrimeAlert(", "  n: 7,", "  prime: 17", ")"])
    #expect(
      Trace.describe(PrimeAlert(n: 7, prime: 17, computedHereBecause: .timedOut)).joined()
        .contains("computedHereBecause: .timedOut")
    )
  }
}
