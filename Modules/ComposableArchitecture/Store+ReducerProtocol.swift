extension Store {
  /// Creates a root store that runs a protocol-style reducer.
  ///
  /// The store keeps the dependencies in effect where it is created, changed by `prepareDependencies`, and
  /// runs every reduce (and so every effect) with them, even when `send` is called from elsewhere.
  /// `initialState` is evaluated once, here, with those dependencies too, so a `State()` whose initializer
  /// reads `@Dependency(\.uuid)` gets the generator `prepareDependencies` set.
  /// Dependencies overridden around a `send` come first, then the store's, then those a `@Dependency` in the
  /// reducer captured when the reducer was made.
  @inlinable
  public convenience init<R: ReducerProtocol>(
    initialState: @autoclosure () -> Value,
    reducer: R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) where R.State == Value, R.Action == Action {
    var dependencies = DependencyValues.current
    prepareDependencies?(&dependencies)
    let reduce: (inout Value, Action) -> [Effect<Action>]
    let state: Value
    if dependencies.hasOverrides {
      state = DependencyValues.with(dependencies, operation: initialState)
      reduce = { [dependencies] state, action in
        let effect = DependencyValues.with(DependencyValues.current.layered(over: dependencies)) {
          reducer.reduce(into: &state, action: action)
        }
        return effect.pieces.isEmpty ? [] : [effect]
      }
    } else {
      state = initialState()
      reduce = { state, action in
        let effect = reducer.reduce(into: &state, action: action)
        return effect.pieces.isEmpty ? [] : [effect]
      }
    }
    self.init(core: StoreCore(initialValue: state, reducer: reduce))
  }
}
