import ComposableArchitecture
import ComposableArchitectureTestSupport
import Counter
import ExecutableTestSupport
import Foundation
@testable import NthPrimeLive
import Testing

/// The offline engine: computed on this machine, and the delayed one for demos.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct NthPrimeClientOfflineTests {
  /// A small n is found in one stretch of sieve: the engine reports the start and the end, then answers.
  @Test func offlineComputesTheSeventhPrime() async {
    await assertAnswersOffline(.offline, n: 7, prime: 17)
  }

  @Test func offlineComputesTheThousandthPrime() async {
    await assertAnswersOffline(.offline, n: 1000, prime: 7919)
  }

  @Test func offlineAnswersUpToTenToTheTwelfth() {
    #expect(NthPrimeClient.offline.limit == 1_000_000_000_000)
  }

  /// A count beyond the engine's limit is refused at once, with the limit in the problem.
  @Test func offlineRefusesACountBeyondItsLimitWithoutComputing() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: Int.max)),
      reducer: counterViewReducer,
      environment: .offline,
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) {
        $0.counter.problem = .nthPrimeBeyondLimit(n: Int.max, limit: 1_000_000_000_000)
      }
    )
  }

  /// Should the engine still be asked beyond its limit, its refusal comes back as a failure the screen shows.
  @Test func theEnginesOwnRefusalComesBackAsAFailure() async {
    await assert(
      initialValue: CounterViewState(counter: CounterState(count: Int.max)),
      reducer: counterViewReducer,
      environment: NthPrimeClient(nthPrime: NthPrimeClient.offline.nthPrime),
      steps: Step(.send, .counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true },
      Step(.receive, .counter(.nthPrimeResponse(n: Int.max, prime: nil))) {
        $0.counter.isNthPrimeButtonDisabled = false
        $0.counter.problem = .nthPrimeFailed(n: Int.max)
      }
    )
  }

  /// Withdrawing the question stops the computation, which sees the cancellation and returns, and clears the
  /// request: no alert, no problem, no progress.
  @Test(.timeLimit(.minutes(1)))
  func withdrawingAnOfflineRequestStopsTheComputationAndClearsIt() async {
    let computation = WatchedComputation()
    let store = Store(
      initialValue: CounterViewState(counter: CounterState(count: 10_000_000_000)),
      reducer: counterViewReducer,
      environment: .computing(after: .zero, using: computation.run)
    )
    let request = store.send(.counter(.nthPrimeButtonTapped))
    await awaiting("the computation to start") { await computation.started() }
    let withdrawal = store.send(.counter(.nthPrimeCancelButtonTapped))
    await awaiting("the withdrawn request's effects to finish") { await request.finish() }
    await awaiting("the withdrawal's effects to finish") { await withdrawal.finish() }
    await awaiting("the computation to see the cancellation and stop") { await computation.stopped() }
    #expect(store.value == CounterViewState(counter: CounterState(count: 10_000_000_000, withdrawnNthPrime: 10_000_000_000)))
  }

  /// The store's own cancellation (as when the store goes away) stops the computation too, sending nothing.
  @Test(.timeLimit(.minutes(1)))
  func aCancelledOfflineRequestStopsTheComputationAndSendsNothing() async {
    let computation = WatchedComputation()
    let store = Store(
      initialValue: CounterViewState(counter: CounterState(count: 10_000_000_000)),
      reducer: counterViewReducer,
      environment: .computing(after: .zero, using: computation.run)
    )
    let request = store.send(.counter(.nthPrimeButtonTapped))
    await awaiting("the computation to start") { await computation.started() }
    request.cancel()
    await awaiting("the cancelled request's effects to finish") { await request.finish() }
    await awaiting("the computation to see the cancellation and stop") { await computation.stopped() }
    #expect(store.value.counter.alertNthPrime == nil)
    #expect(store.value.counter.problem == nil)
    #expect(store.value.counter.isNthPrimeButtonDisabled)
  }

  /// A longer computation reports its progress as it goes: whole percents from 0 to 100, increasing, each
  /// once, then the answer; the screen shows each.
  @Test(.timeLimit(.minutes(1)))
  func offlineReportsProgressInIncreasingPercentsThenAnswers() async {
    let store = Store(
      initialValue: CounterViewState(counter: CounterState(count: 2_000_000)),
      reducer: counterViewReducer,
      environment: NthPrimeClient.offline
    )
    var percents: [Int] = []
    let observation = store.observe { state in
      if let percent = state.counter.nthPrimeProgress, percents.last != percent {
        percents.append(percent)
      }
    }
    let request = store.send(.counter(.nthPrimeButtonTapped))
    await awaiting("the live search for the 2,000,000th prime to finish", within: .seconds(50)) {
      await request.finish()
    }
    observation.cancel()
    #expect(store.value.counter.alertNthPrime == PrimeAlert(n: 2_000_000, prime: 32_452_843))
    #expect(store.value.counter.nthPrimeProgress == nil)
    #expect(percents.first == 0)
    #expect(percents.last == 100)
    #expect(percents.count >= 3, "\(percents)")
    #expect(zip(percents, percents.dropFirst()).allSatisfy { $0 < $1 }, "\(percents)")
  }

  @Test func computingAfterADelayAnswersLikeOffline() async {
    await assertAnswersOffline(.computing(after: .milliseconds(10)), n: 7, prime: 17)
  }

  @Test(.timeLimit(.minutes(1)))
  func aRequestCancelledDuringTheDelaySendsNothing() async {
    let store = Store(
      initialValue: CounterViewState(counter: CounterState(count: 7)),
      reducer: counterViewReducer,
      environment: NthPrimeClient.computing(after: .seconds(3600))
    )
    let request = store.send(.counter(.nthPrimeButtonTapped))
    request.cancel()
    await awaiting("the cancelled request's effects to finish") { await request.finish() }
    #expect(store.value == CounterViewState(counter: CounterState(count: 7, isNthPrimeButtonDisabled: true)))
  }
}
