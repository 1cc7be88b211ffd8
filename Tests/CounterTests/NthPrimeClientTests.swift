import ComposableArchitecture
import ComposableArchitectureTestSupport
import Counter
import Testing

/// The nth-prime client's interface: its failing double, its table double, and its dependency values.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct NthPrimeClientTests {
  @Test func failingReportsAFailureNamingTheEndpointAndTheQuestion() async {
    let failures = await collectTestFailures {
      _ = NthPrimeClient.failing.nthPrime(7)
    }
    #expect(failures.count == 1)
    #expect(
      failures.first?.message.hasSuffix(
        "NthPrimeClient.nthPrime was asked for the 7th prime, but the test did not stub it."
      ) == true,
      "\(failures)"
    )
  }

  /// A reducer that asks the failing environment fails the test at the step that asked.
  @Test func failingFailsTheStepThatAsksForAPrime() async {
    let stepLine = #line + 7
    let failures = await collectTestFailures {
      await assert(
        initialValue: CounterViewState(counter: CounterState(count: 3)),
        reducer: counterViewReducer,
        environment: .failing,
        steps: Step(.send, .counter(.incrTapped)) { $0.counter.count = 4 },
        Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true }
      )
    }
    #expect(failures.count == 1)
    #expect(failures.first?.message.contains("NthPrimeClient.nthPrime was asked for the 4th prime") == true)
    #expect(failures.first?.line == UInt(stepLine))
  }

  @Test func theTableDoubleAnswersTheGivenPrimesAndFailsTheRest() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: 3)),
      reducer: counterViewReducer,
      environment: .answering(primes: [3: 5]),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
      Step(.receive, .counter(.nthPrimeResponse(n: 3, prime: 5))) {
        $0.counter.alertNthPrime = PrimeAlert(n: 3, prime: 5)
        $0.counter.isNthPrimeButtonDisabled = false
      },
      Step(.send, .counter(.incrTapped)) {
        $0.counter.count = 4
        $0.counter.alertNthPrime = nil
      },
      Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
      Step(.receive, .counter(.nthPrimeResponse(n: 4, prime: nil))) {
        $0.counter.isNthPrimeButtonDisabled = false
        $0.counter.problem = .nthPrimeFailed(n: 4)
      }
    )
  }

  /// Without the live module, a test gets the failing double and a preview the table of the first ten primes.
  @Test func theDependencyIsFailingInTestsAndATableInPreviews() async {
    let failures = await collectTestFailures {
      withDependencies { $0.context = .test } operation: {
        _ = DependencyValues.current.nthPrimeClient.nthPrime(7)
      }
    }
    #expect(
      failures.first?.message.contains("NthPrimeClient.nthPrime was asked for the 7th prime") == true,
      "\(failures)"
    )
    let store = TestStore(
      initialState: CounterViewState(counter: CounterState(count: 10)),
      reducer: Reduce(counterViewReducer, environment: { $0.nthPrimeClient })
    ) {
      $0.context = .preview
    }
    await store.send(.counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true }
    await store.receive(.counter(.nthPrimeResponse(n: 10, prime: 29))) {
      $0.counter.alertNthPrime = PrimeAlert(n: 10, prime: 29)
      $0.counter.isNthPrimeButtonDisabled = false
    }
    await store.finish()
  }
}
