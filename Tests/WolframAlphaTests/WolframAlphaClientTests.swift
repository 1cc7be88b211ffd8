import ComposableArchitectureTestSupport
import Counter
import Foundation
import Testing
import WolframAlpha

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The client and the counter environment built on it, with the network replaced by stored answers.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct WolframAlphaClientTests {
  @Test func theRequestAsksForPrimeNAsPlaintextJSONWithTheAppID() throws {
    let client = WolframAlphaClient(appID: "TEST-ID", timeout: .milliseconds(2500))
    let request = try #require(client.request(forPrime: 7))
    #expect(
      request.url?.absoluteString
        == "https://api.wolframalpha.com/v2/query?input=prime%207&format=plaintext&output=JSON&appid=TEST-ID"
    )
    #expect(request.httpMethod == "GET")
    #expect(request.timeoutInterval == 2.5)
  }

  @Test func theAppIDIsEscapedInTheQuery() throws {
    let request = try #require(WolframAlphaClient(appID: "A&B=C D").request(forPrime: 12))
    #expect(request.url?.query == "input=prime%2012&format=plaintext&output=JSON&appid=A%26B%3DC%20D")
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
      requested.append(request.url?.absoluteString ?? "")
      return WolframAlphaFixtures.seventhPrime
    }
    #expect(try await client.nthPrime(7) == 17)
    #expect(requested.values == [client.request(forPrime: 7)?.url?.absoluteString ?? "?"])
  }

  @Test func aNetworkErrorGivesNil() async throws {
    let client = WolframAlphaClient(appID: "TEST-ID") { _ in throw URLError(.notConnectedToInternet) }
    #expect(try await client.nthPrime(7) == nil)
  }

  @Test func anAnswerSlowerThanTheTimeoutGivesNil() async throws {
    let client = WolframAlphaClient(appID: "TEST-ID", timeout: .milliseconds(50)) { _ in
      try await Task.sleep(for: .seconds(3600))
      return WolframAlphaFixtures.seventhPrime
    }
    #expect(try await client.nthPrime(7) == nil)
  }

  // MARK: The counter environment

  @Test func theEnvironmentAnswersTheCounterWithThePrime() async {
    await assert(
      initialValue: CounterViewState(count: 7),
      reducer: counterViewReducer,
      environment: .wolframAlpha(WolframAlphaClient(appID: "TEST-ID") { _ in WolframAlphaFixtures.seventhPrime }),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.isNthPrimeButtonDisabled = true },
      Step(.receive, .counter(.nthPrimeResponse(n: 7, prime: 17))) {
        $0.alertNthPrime = PrimeAlert(n: 7, prime: 17)
        $0.isNthPrimeButtonDisabled = false
      }
    )
  }

  @Test func aRefusedAppIDBecomesTheNthPrimeProblem() async {
    await assert(
      initialValue: CounterViewState(count: 7),
      reducer: counterViewReducer,
      environment: .wolframAlpha(WolframAlphaClient(appID: "BAD") { _ in WolframAlphaFixtures.invalidAppID }),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.isNthPrimeButtonDisabled = true },
      Step(.receive, .counter(.nthPrimeServiceFailed(n: 7, .noPrimeInAnswer))) {
        $0.isNthPrimeButtonDisabled = false
        $0.problem = .nthPrimeServiceFailed(n: 7, .noPrimeInAnswer)
      }
    )
  }

  @Test(arguments: [
    (WolframAlphaClient(appID: "TEST-ID") { _ in throw URLError(.notConnectedToInternet) }, NthPrimeServiceFailure.unreachable),
    (WolframAlphaClient(appID: "TEST-ID") { _ in throw URLError(.cannotFindHost) }, .unreachable),
    (WolframAlphaClient(appID: "TEST-ID") { _ in throw URLError(.timedOut) }, .timedOut),
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
  func aServiceThatGivesNoAnswerBecomesAProblemSayingWhy(client: WolframAlphaClient, failure: NthPrimeServiceFailure) async {
    await assert(
      initialValue: CounterViewState(count: 7),
      reducer: counterViewReducer,
      environment: .wolframAlpha(client),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.isNthPrimeButtonDisabled = true },
      Step(.receive, .counter(.nthPrimeServiceFailed(n: 7, failure))) {
        $0.isNthPrimeButtonDisabled = false
        $0.problem = .nthPrimeServiceFailed(n: 7, failure)
      }
    )
  }

  @Test func theClientSaysWhyThereIsNoPrime() async throws {
    let unreachable = WolframAlphaClient(appID: "TEST-ID") { _ in throw URLError(.cannotConnectToHost) }
    #expect(try await unreachable.answer(forPrime: 7) == .failure(.unreachable))
    let refused = WolframAlphaClient(appID: "BAD") { _ in WolframAlphaFixtures.invalidAppID }
    #expect(try await refused.answer(forPrime: 7) == .failure(.noPrimeInAnswer))
    let answered = WolframAlphaClient(appID: "TEST-ID") { _ in WolframAlphaFixtures.seventhPrime }
    #expect(try await answered.answer(forPrime: 7) == .success(17))
  }

  /// `assert` fails if the request is still running at the end: withdrawing the question cancels it.
  @Test func withdrawingTheQuestionCancelsTheRequest() async {
    await assert(
      initialValue: CounterViewState(count: 7),
      reducer: counterViewReducer,
      environment: .wolframAlpha(
        WolframAlphaClient(appID: "TEST-ID", timeout: .seconds(3600)) { _ in
          try await Task.sleep(for: .seconds(3600))
          return WolframAlphaFixtures.seventhPrime
        }
      ),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.isNthPrimeButtonDisabled = true },
      Step(.send, .counter(.nthPrimeCancelButtonTapped)) {
        $0.isNthPrimeButtonDisabled = false
        $0.withdrawnNthPrime = 7
      }
    )
  }

  @Test func withoutAnAppIDTheFallbackAnswers() async {
    await assert(
      initialValue: CounterViewState(count: 7),
      reducer: counterViewReducer,
      environment: .wolframAlphaIfConfigured(
        environment: ["WOLFRAM_ALPHA_APPID": ""],
        otherwise: CounterEnvironment { _ in .sync { .answer(42) } }
      ),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.isNthPrimeButtonDisabled = true },
      Step(.receive, .counter(.nthPrimeResponse(n: 7, prime: 42))) {
        $0.alertNthPrime = PrimeAlert(n: 7, prime: 42)
        $0.isNthPrimeButtonDisabled = false
      }
    )
  }
}
