// The test of the README's "The library", compiled and run as the README shows it.

import ComposableArchitectureTestSupport
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct PrimeCounterTests {
  @Test func countingUpToAPrimeSaysItIsPrime() async {
    let store = TestStore(initialState: PrimeCounter.State(count: 1), reducer: PrimeCounter())

    await store.send(.incrTapped) { $0.count = 2 }
    await store.receive(.primalityChecked(true)) { $0.isPrime = true }
    await store.finish()
  }
}
