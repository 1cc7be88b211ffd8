import ComposableArchitecture
import ComposableArchitectureTestSupport
import Counter
import Foundation
import NthPrimeLive
import Testing

/// The live value this module gives the nth-prime dependency: the offline engine when no app ID is set.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct NthPrimeClientLiveTests {
  /// Read through the dependency in the live context, as an executable that imports this module does. The
  /// test process has no `WOLFRAM_ALPHA_APPID` (the executables' tests unset it too), so the engine answers.
  @Test(.enabled(if: WolframAlphaClient(environment: ProcessInfo.processInfo.environment) == nil))
  func theLiveValueComputesOnThisMachineWithoutAnAppID() async {
    let store = TestStore(
      initialState: CounterViewState(counter: CounterState(count: 7)),
      reducer: Reduce(counterViewReducer, environment: { $0.nthPrimeClient })
    ) {
      $0.context = .live
    }
    #expect(store.dependencies.nthPrimeClient.limit == 1_000_000_000_000)
    await store.send(.counter(.nthPrimeButtonTapped)) { $0.counter.isNthPrimeButtonDisabled = true }
    await store.receive(.counter(.nthPrimeProgress(n: 7, percent: 0))) { $0.counter.nthPrimeProgress = 0 }
    await store.receive(.counter(.nthPrimeProgress(n: 7, percent: 100))) { $0.counter.nthPrimeProgress = 100 }
    await store.receive(.counter(.nthPrimeResponse(n: 7, prime: 17))) {
      $0.counter.alertNthPrime = PrimeAlert(n: 7, prime: 17)
      $0.counter.isNthPrimeButtonDisabled = false
      $0.counter.nthPrimeProgress = nil
    }
    await store.finish()
  }
}
