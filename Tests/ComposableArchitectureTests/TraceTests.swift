import ComposableArchitecture
import Synchronization
import Testing

private typealias CounterViewState = Fixture.CounterViewState
private typealias CounterViewAction = Fixture.CounterViewAction

/// The entries a trace wrote, in order.
private final class TraceEntries: Sendable {
  private let entries = Mutex<[String]>([])

  var all: [String] { entries.withLock { $0 } }

  func append(_ entry: String) {
    entries.withLock { $0.append(entry) }
  }
}

/// Types named as a feature's, inside a namespace so they clash with no other test's.
private enum Fixture {
  struct CounterViewState: Equatable {
    var count = 0
    var favoritePrimes: [Int] = []
    var alertNthPrime: Int? = nil
    var isPrimeModalShown = false
  }

  enum CounterAction: Equatable {
    case incrTapped
    case nthPrimeButtonTapped
    case nthPrimeResponse(n: Int, prime: Int?)
  }

  enum CounterViewAction: Equatable {
    case counter(CounterAction)
    case saveFavoritePrimeTapped
  }

  static let counterViewReducer: Reducer<CounterViewState, CounterViewAction, Void> = { state, action, _ in
    switch action {
    case .counter(.incrTapped):
      state.count += 1
      return []
    case .counter(.nthPrimeButtonTapped):
      let n = state.count
      return [.run { send in await send(.counter(.nthPrimeResponse(n: n, prime: 17))) }]
    case let .counter(.nthPrimeResponse(_, prime)):
      state.alertNthPrime = prime
      return []
    case .saveFavoritePrimeTapped:
      state.favoritePrimes.append(state.count)
      return []
    }
  }
}

/// `tracing` and `traced(to:)` write every action a store reduces with the change it made to the state, as a
/// diff, through a ``Trace`` that can be switched on and off while the store runs.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct TraceTests {
  @Test func anActionIsWrittenWithTheDiffOfTheStateItChanged() {
    let entries = TraceEntries()
    let trace = Trace { entries.append($0) }
    let store = Store(
      initialValue: CounterViewState(), reducer: tracing(Fixture.counterViewReducer, to: trace), environment: ()
    )

    store.send(.counter(.incrTapped))

    #expect(
      entries.all == [
        """
        received action: CounterViewAction.counter(.incrTapped)
          CounterViewState(
        −   count: 0,
        +   count: 1,
            …
          )
        """
      ]
    )
  }

  @Test func anActionThatChangesNothingSaysSo() {
    let entries = TraceEntries()
    let reducer: Reducer<CounterViewState, CounterViewAction, Void> = { _, _, _ in [] }
    let store = Store(
      initialValue: CounterViewState(), reducer: tracing(reducer, to: { _ in Trace { entries.append($0) } }),
      environment: ()
    )

    store.send(.saveFavoritePrimeTapped)

    #expect(entries.all == ["received action: CounterViewAction.saveFavoritePrimeTapped\n  (no state change)"])
  }

  @Test func actionsSentBackByEffectsAreTracedToo() async {
    let entries = TraceEntries()
    let trace = Trace { entries.append($0) }
    let store = Store(
      initialValue: CounterViewState(count: 7), reducer: tracing(Fixture.counterViewReducer, to: trace), environment: ()
    )

    await store.send(.counter(.nthPrimeButtonTapped)).finish()

    #expect(
      entries.all == [
        "received action: CounterViewAction.counter(.nthPrimeButtonTapped)\n  (no state change)",
        """
        received action: CounterViewAction.counter(.nthPrimeResponse(n: 7, prime: 17))
          CounterViewState(
            …
        −   alertNthPrime: nil,
        +   alertNthPrime: 17,
            …
          )
        """,
      ]
    )
  }

  @Test func theSwitchTurnsTheTraceOffAndOnWhileTheStoreRuns() {
    let entries = TraceEntries()
    let trace = Trace(isOn: false) { entries.append($0) }
    let store = Store(
      initialValue: CounterViewState(), reducer: tracing(Fixture.counterViewReducer, to: trace), environment: ()
    )

    store.send(.counter(.incrTapped))
    #expect(entries.all.isEmpty)

    trace.isOn = true
    store.send(.counter(.incrTapped))
    #expect(entries.all.count == 1)
    #expect(entries.all.last?.contains("+   count: 2,") == true)

    trace.isOn = false
    store.send(.counter(.incrTapped))
    #expect(entries.all.count == 1)
    #expect(store.value.count == 3)
  }

  @Test func aProtocolStyleReducerIsTracedTheSameWay() {
    let entries = TraceEntries()
    let trace = Trace { entries.append($0) }
    let store = Store(
      initialState: CounterViewState(),
      reducer: Reduce(Fixture.counterViewReducer, environment: ()).traced(to: trace)
    )

    store.send(.saveFavoritePrimeTapped)

    #expect(
      entries.all == [
        """
        received action: CounterViewAction.saveFavoritePrimeTapped
          CounterViewState(
            …
        −   favoritePrimes: [],
        +   favoritePrimes: [0],
            …
          )
        """
      ]
    )
  }

  @Test func aTraceEntryIsWrittenAsOneStringSoALogKeepsItTogether() {
    let entries = TraceEntries()
    let trace = Trace { entries.append($0) }
    let store = Store(
      initialValue: CounterViewState(), reducer: tracing(Fixture.counterViewReducer, to: trace), environment: ()
    )

    store.send(.counter(.incrTapped))
    store.send(.counter(.incrTapped))

    #expect(entries.all.count == 2)
    #expect(entries.all.allSatisfy { !$0.hasSuffix("\n") })
  }
}
