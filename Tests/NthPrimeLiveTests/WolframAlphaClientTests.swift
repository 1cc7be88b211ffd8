import ComposableArchitecture
import ComposableArchitectureTestSupport
import Counter
import ExecutableTestSupport
import Foundation
@testable import NthPrimeLive
import Testing


/// The client and the nth-prime client built on it, with the network replaced by stored answers; when
/// Wolfram|Alpha fails, the prime is computed on this machine (here by a stand-in engine) with the reason.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct WolframAlphaClientTests {
  @Test func theRequestAsksForPrimeNAsPlaintextJSONWithTheAppIDApart() throws {
    let client = WolframAlphaClient(appID: "TEST-ID", timeout: .milliseconds(2500))
    let request = try #require(client.request(forPrime: 7))
    #expect(request.url.absoluteString == "https://api.wolframalpha.com/v2/query?input=prime%207&format=plaintext&output=JSON")
    #expect(request.appID == "TEST-ID")
    // Later than the client's own timer, so the timer always ends a silent request first, and the failure
    // is always `timedOut`.
    #expect(request.timeout == .milliseconds(7500))
  }

  /// The app ID is never part of the address, which the helper gets on its command line; the helper escapes
  /// it into the query (`WolframAlphaHelperTests.theRealHelperSendsTheAppIDFromItsEnvironment`).
  @Test func theAppIDIsNotInTheAddress() throws {
    let request = try #require(WolframAlphaClient(appID: "A&B=C D").request(forPrime: 12))
    #expect(request.url.query == "input=prime%2012&format=plaintext&output=JSON")
    #expect(request.appID == "A&B=C D")
  }

  @Test func theClientIsConfiguredOnlyWhenTheAppIDIsSet() {
    #expect(WolframAlphaClient(environment: [:]) == nil)
    #expect(WolframAlphaClient(environment: ["WOLFRAM_ALPHA_APPID": ""]) == nil)
    #expect(WolframAlphaClient(environment: ["WOLFRAM_ALPHA_APPID": "   "]) == nil)
    #expect(WolframAlphaClient(environment: ["WOLFRAM_ALPHA_APPID": " ABC-123 "])?.appID == "ABC-123")
    #expect(WolframAlphaClient(environment: ["WOLFRAM_ALPHA_APPID": "X"], timeout: .seconds(3))?.timeout == .seconds(3))
  }

  @Test func aStoredAnswerGivesThePrimeAndTheRequestIsTheOneBuilt() async throws {
    let requested = CallLog<String>()
    let client = WolframAlphaClient(appID: "TEST-ID") { request in
      requested.append(request.url.absoluteString)
      return WolframAlphaFixtures.seventhPrime
    }
    #expect(try await client.nthPrime(7) == 17)
    #expect(requested.values == [client.request(forPrime: 7)?.url.absoluteString ?? "?"])
  }

  @Test func aNetworkErrorGivesNil() async throws {
    let client = WolframAlphaClient(appID: "TEST-ID") { _ in throw WolframAlphaError.unreachable }
    #expect(try await client.nthPrime(7) == nil)
  }

  @Test func anAnswerSlowerThanTheTimeoutGivesNil() async throws {
    let client = WolframAlphaClient(appID: "TEST-ID", timeout: .milliseconds(50)) { _ in
      try await Task.sleep(for: .seconds(3600))
      return WolframAlphaFixtures.seventhPrime
    }
    #expect(try await client.nthPrime(7) == nil)
  }

  // MARK: The nth-prime client

  @Test func theEnvironmentAnswersTheCounterWithThePrime() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 7)),
      reducer: counterViewReducer,
      environment: .wolframAlpha(WolframAlphaClient(appID: "TEST-ID") { _ in WolframAlphaFixtures.seventhPrime }),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
      Step(.receive, .counter(.nthPrimeResponse(n: 7, prime: 17))) {
        $0.counter.alertNthPrime = PrimeAlert(n: 7, prime: 17)
        $0.counter.isNthPrimeButtonDisabled = false
      },
      // The whole suite keeps the pool busy for half a minute at times: a bound for a hang, not a time.
      timeout: .seconds(120)
    )
  }

  @Test func aRefusedAppIDIsAnsweredOnThisMachineWithTheReason() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 7)),
      reducer: counterViewReducer,
      environment: .wolframAlpha(
        WolframAlphaClient(appID: "BAD") { _ in WolframAlphaFixtures.invalidAppID },
        computingAfter: .zero,
        using: seventeen
      ),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
      Step(.receive, .counter(.nthPrimeProgress(n: 7, percent: 40))) { $0.counter.nthPrimeProgress = 40 },
      Step(.receive, .counter(.nthPrimeComputedHere(n: 7, prime: 17, because: .noPrimeInAnswer))) {
        $0.counter.isNthPrimeButtonDisabled = false
        $0.counter.nthPrimeProgress = nil
        $0.counter.alertNthPrime = PrimeAlert(n: 7, prime: 17, computedHereBecause: .noPrimeInAnswer)
      },
      // The whole suite keeps the pool busy for half a minute at times: a bound for a hang, not a time.
      timeout: .seconds(120)
    )
  }

  @Test(arguments: [
    (WolframAlphaClient(appID: "TEST-ID") { _ in throw WolframAlphaError.unreachable }, NthPrimeServiceFailure.unreachable),
    (WolframAlphaClient(appID: "TEST-ID") { _ in throw NoRoute() }, .unreachable),
    (WolframAlphaClient(appID: "TEST-ID") { _ in throw WolframAlphaError.timedOut }, .timedOut),
    (
      WolframAlphaClient(appID: "TEST-ID", timeout: .milliseconds(50)) { _ in
        try await Task.sleep(for: .seconds(3600))
        return WolframAlphaFixtures.seventhPrime
      },
      .timedOut
    ),
    (WolframAlphaClient(appID: "TEST-ID") { _ in throw WolframAlphaError.errorStatus(503) }, .errorStatus(503)),
    (WolframAlphaClient(appID: "TEST-ID") { _ in WolframAlphaFixtures.htmlErrorPage }, .noPrimeInAnswer),
  ])
  func aServiceThatGivesNoAnswerIsAnsweredOnThisMachineWithTheReason(
    client: WolframAlphaClient,
    failure: NthPrimeServiceFailure
  ) async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 7)),
      reducer: counterViewReducer,
      environment: .wolframAlpha(client, computingAfter: .zero, using: seventeen),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
      Step(.receive, .counter(.nthPrimeProgress(n: 7, percent: 40))) { $0.counter.nthPrimeProgress = 40 },
      Step(.receive, .counter(.nthPrimeComputedHere(n: 7, prime: 17, because: failure))) {
        $0.counter.isNthPrimeButtonDisabled = false
        $0.counter.nthPrimeProgress = nil
        $0.counter.alertNthPrime = PrimeAlert(n: 7, prime: 17, computedHereBecause: failure)
      },
      // The whole suite keeps the pool busy for half a minute at times: a bound for a hang, not a time.
      timeout: .seconds(120)
    )
  }

  /// The real offline engine answers in Wolfram|Alpha's place, with its own progress.
  @Test func theOfflineEngineAnswersWhenTheServiceIsUnreachable() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 7)),
      reducer: counterViewReducer,
      environment: .wolframAlpha(WolframAlphaClient(appID: "TEST-ID") { _ in throw WolframAlphaError.unreachable }),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
      Step(.receive, .counter(.nthPrimeProgress(n: 7, percent: 0))) { $0.counter.nthPrimeProgress = 0 },
      Step(.receive, .counter(.nthPrimeProgress(n: 7, percent: 100))) { $0.counter.nthPrimeProgress = 100 },
      Step(.receive, .counter(.nthPrimeComputedHere(n: 7, prime: 17, because: .unreachable))) {
        $0.counter.isNthPrimeButtonDisabled = false
        $0.counter.nthPrimeProgress = nil
        $0.counter.alertNthPrime = PrimeAlert(n: 7, prime: 17, computedHereBecause: .unreachable)
      },
      // The whole suite keeps the pool busy for half a minute at times: a bound for a hang, not a time.
      timeout: .seconds(120)
    )
    #expect(NthPrimeClient.wolframAlpha(WolframAlphaClient(appID: "TEST-ID")).limit == 1_000_000_000_000)
  }

  @Test func theClientSaysWhyThereIsNoPrime() async throws {
    let unreachable = WolframAlphaClient(appID: "TEST-ID") { _ in throw WolframAlphaError.unreachable }
    #expect(try await unreachable.answer(forPrime: 7) == .failure(.unreachable))
    let refused = WolframAlphaClient(appID: "BAD") { _ in WolframAlphaFixtures.invalidAppID }
    #expect(try await refused.answer(forPrime: 7) == .failure(.noPrimeInAnswer))
    let answered = WolframAlphaClient(appID: "TEST-ID") { _ in WolframAlphaFixtures.seventhPrime }
    #expect(try await answered.answer(forPrime: 7) == .success(17))
  }

  /// `assert` fails if the request is still running at the end: withdrawing the question cancels it.
  @Test func withdrawingTheQuestionCancelsTheRequest() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 7)),
      reducer: counterViewReducer,
      environment: .wolframAlpha(
        WolframAlphaClient(appID: "TEST-ID", timeout: .seconds(3600)) { _ in
          try await Task.sleep(for: .seconds(3600))
          return WolframAlphaFixtures.seventhPrime
        }
      ),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
      Step(.send, .counter(.nthPrimeCancelButtonTapped)) {
        $0.counter.isNthPrimeButtonDisabled = false
        $0.counter.withdrawnNthPrime = 7
      },
      // The whole suite keeps the pool busy for half a minute at times: a bound for a hang, not a time.
      timeout: .seconds(120)
    )
  }

  /// Withdrawing the question while this machine computes in Wolfram|Alpha's place stops the computation, and
  /// no answer or notice shows.
  @Test(.timeLimit(.minutes(1)))
  func withdrawingTheQuestionDuringTheFallbackStopsTheComputation() async {
    let computation = WatchedComputation()
    let store = Store(
      initialValue: CounterViewState(counter: CounterState(count: 7)),
      reducer: counterViewReducer,
      environment: .wolframAlpha(
        WolframAlphaClient(appID: "TEST-ID") { _ in throw WolframAlphaError.unreachable },
        computingAfter: .zero,
        using: computation.run
      )
    )
    let request = store.send(.counter(.nthPrimeButtonTapped))
    await awaiting("the fallback computation to start") { await computation.started() }
    let withdrawal = store.send(.counter(.nthPrimeCancelButtonTapped))
    await awaiting("the withdrawn request's effects to finish") { await request.finish() }
    await awaiting("the withdrawal's effects to finish") { await withdrawal.finish() }
    await awaiting("the computation to see the cancellation and stop") { await computation.stopped() }
    #expect(store.value == CounterViewState(counter: CounterState(count: 7, withdrawnNthPrime: 7)))
  }

  @Test func withoutAnAppIDTheOfflineEngineAnswers() async {
    await assertAnswersOffline(.wolframAlphaIfConfigured(environment: ["WOLFRAM_ALPHA_APPID": ""]), n: 7, prime: 17)
  }
}

/// An error of `fetch` that is not a ``WolframAlphaError``: taken as ``WolframAlphaError/unreachable``.
private struct NoRoute: Error {}

/// A stand-in for the offline engine: reports 40%, then answers 17 whatever n is.
private let seventeen: NthPrimeClient.Computation = { _, _, progress in
  progress(40)
  return 17
}
