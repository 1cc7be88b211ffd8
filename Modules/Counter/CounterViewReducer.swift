public import ComposableArchitecture
import PrimeModal

/// The counter screen's logic: the counter's reducer and the modal's, each on its part of the state.
///
/// The modal needs no dependencies, so it gets `()` from the counter's environment.
public let counterViewReducer: Reducer<CounterViewState, CounterViewAction, NthPrimeClient> = combine(
  pullback(
    counterReducer,
    value: \CounterViewState.counter,
    action: CounterViewAction.counterCase,
    environment: { $0 }
  ),
  pullback(
    primeModalReducer,
    value: \.primeModal,
    action: CounterViewAction.primeModalCase,
    environment: { _ in () }
  )
)
