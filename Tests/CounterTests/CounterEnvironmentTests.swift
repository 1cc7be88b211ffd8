import ComposableArchitecture
import ComposableArchitectureTestSupport
import Counter
import Testing

/// The counter's environments: the live engine, the delayed one for demos, and the failing double for tests.
@MainActor
struct CounterEnvironmentTests {
  @Test func liveComputesTheSeventhPrime() async {
    await assert(
      initialValue: CounterViewState(count: 7),
      reducer: counterViewReducer,
      environment: .live,
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.isNthPrimeButtonDisabled = true },
      Step(.receive, .counter(.nthPrimeResponse(n: 7, prime: 17))) {
        $0.alertNthPrime = PrimeAlert(n: 7, prime: 17)
        $0.isNthPrimeButtonDisabled = false
      }
    )
  }

  @Test func liveComputesTheThousandthPrime() async {
    await assert(
      initialValue: CounterViewState(count: 1000),
      reducer: counterViewReducer,
      environment: .live,
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.isNthPrimeButtonDisabled = true },
      Step(.receive, .counter(.nthPrimeResponse(n: 1000, prime: 7919))) {
        $0.alertNthPrime = PrimeAlert(n: 1000, prime: 7919)
        $0.isNthPrimeButtonDisabled = false
      }
    )
  }

  /// A count the engine refuses (beyond its limit) comes back as a failure the screen shows.
  @Test func liveAnswersNilForACountBeyondTheEnginesLimit() async {
    await assert(
      initialValue: CounterViewState(count: Int.max),
      reducer: counterViewReducer,
      environment: .live,
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.isNthPrimeButtonDisabled = true },
      Step(.receive, .counter(.nthPrimeResponse(n: Int.max, prime: nil))) {
        $0.isNthPrimeButtonDisabled = false
        $0.problem = .nthPrimeFailed(n: Int.max)
      }
    )
  }

  /// Cancelling the request stops the computation (the 10,000,000th prime takes seconds in a debug build) and
  /// sends nothing: the request stays in flight, with no alert and no problem.
  @Test(.timeLimit(.minutes(1)))
  func aCancelledLiveRequestStopsComputingAndSendsNothing() async {
    let store = Store(
      initialValue: CounterViewState(count: 10_000_000),
      reducer: counterViewReducer,
      environment: CounterEnvironment.live
    )
    let request = store.send(.counter(.nthPrimeButtonTapped))
    #expect(store.value == CounterViewState(count: 10_000_000, isNthPrimeButtonDisabled: true))
    let start = ContinuousClock.now
    request.cancel()
    await request.finish()
    #expect(ContinuousClock.now - start < .seconds(1))
    #expect(store.value == CounterViewState(count: 10_000_000, isNthPrimeButtonDisabled: true))
  }

  @Test func computingAfterADelayAnswersLikeLive() async {
    await assert(
      initialValue: CounterViewState(count: 7),
      reducer: counterViewReducer,
      environment: .computing(after: .milliseconds(10)),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.isNthPrimeButtonDisabled = true },
      Step(.receive, .counter(.nthPrimeResponse(n: 7, prime: 17))) {
        $0.alertNthPrime = PrimeAlert(n: 7, prime: 17)
        $0.isNthPrimeButtonDisabled = false
      }
    )
  }

  @Test(.timeLimit(.minutes(1)))
  func aRequestCancelledDuringTheDelaySendsNothing() async {
    let store = Store(
      initialValue: CounterViewState(count: 7),
      reducer: counterViewReducer,
      environment: CounterEnvironment.computing(after: .seconds(3600))
    )
    let request = store.send(.counter(.nthPrimeButtonTapped))
    request.cancel()
    await request.finish()
    #expect(store.value == CounterViewState(count: 7, isNthPrimeButtonDisabled: true))
  }

  @Test func failingReportsAFailureNamingTheEndpointAndTheQuestion() async {
    let failures = await collectTestFailures {
      _ = CounterEnvironment.failing.nthPrime(7)
    }
    #expect(failures.count == 1)
    #expect(
      failures.first?.message.hasSuffix(
        "CounterEnvironment.nthPrime was asked for the 7th prime, but the test did not stub it."
      ) == true,
      "\(failures)"
    )
  }

  /// A reducer that asks the failing environment fails the test at the step that asked.
  @Test func failingFailsTheStepThatAsksForAPrime() async {
    let stepLine = #line + 7
    let failures = await collectTestFailures {
      await assert(
        initialValue: CounterViewState(count: 3),
        reducer: counterViewReducer,
        environment: .failing,
        steps: Step(.send, .counter(.incrTapped)) { $0.count = 4 },
        Step(.send, .counter(.nthPrimeButtonTapped)) { $0.isNthPrimeButtonDisabled = true }
      )
    }
    #expect(failures.count == 1)
    #expect(failures.first?.message.contains("CounterEnvironment.nthPrime was asked for the 4th prime") == true)
    #expect(failures.first?.line == UInt(stepLine))
  }
}
