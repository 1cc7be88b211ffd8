import ComposableArchitecture
import Testing

@MainActor
@Suite(.timeLimit(.minutes(2)))
struct StoreReentrancyTests {
  private let adder: Reducer<Int, Int, Void> = { total, amount, _ in
    total += amount
    return []
  }

  @Test func actionSentByAnObserverIsHandledBeforeSendReturnsAndEveryObserverEndsOnTheLatestState() {
    let store = Store(initialValue: 0, reducer: adder, environment: ())
    var first: [Int] = []
    var second: [Int] = []
    store.observe { [weak store] total in
      first.append(total)
      if total == 1 {
        store?.send(10)
      }
    }
    store.observe { second.append($0) }

    store.send(1)

    #expect(store.value == 11)
    #expect(first == [0, 1, 11])
    #expect(second == [0, 1, 11])
  }

  /// Observers are given the state in place, not a copy: one that reads the store while it is notified, and
  /// sends to it, reads the very state it was given, and the action it sent is reduced after it returns.
  @Test func anObserverReadingTheStoreWhileNotifiedReadsTheStateItWasGiven() {
    let store = Store(initialValue: 0, reducer: adder, environment: ())
    var given: [Int] = []
    var read: [Int] = []
    store.observe { [weak store] total in
      given.append(total)
      if total == 1 {
        store?.send(10)
      }
      read.append(store?.value ?? -1)
    }

    store.send(1)

    #expect(given == [0, 1, 11])
    #expect(read == [0, 1, 11])
  }
}
