extension Store {
  /// Creates a root store that runs a protocol-style reducer.
  ///
  /// The store keeps the dependencies in effect where it is created, changed by `prepareDependencies`, and
  /// reduces every action with exactly those, wherever `send` is called from: an action sent by an effect
  /// from inside its own `withDependencies { } operation: { await send(...) }`, or by code running under
  /// other overrides, is reduced as any other, so a `Store` reduces as a `TestStore` given the same
  /// dependencies does. Within a reduce, the reducer's own ``ReducerProtocol/dependency(_:_:)`` overrides
  /// come first, then the store's, then those a `@Dependency` in the reducer captured when the reducer was
  /// made. Effects keep the values of the reduce that created them.
  ///
  /// `initialState` is evaluated once, here, with the store's dependencies too, so a `State()` whose
  /// initializer reads `@Dependency(\.uuid)` gets the generator `prepareDependencies` set.
  @inlinable
  public convenience init<R: ReducerProtocol>(
    initialState: @autoclosure () -> Value,
    reducer: R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) where R.State == Value, R.Action == Action {
    var dependencies = DependencyValues.current
    if let prepareDependencies {
      dependencies.update(prepareDependencies)
    }
    let reduce: (inout Value, Action) -> [Effect<Action>]
    let state: Value
    if dependencies.hasOverrides {
      state = DependencyValues.with(dependencies, operation: initialState)
      reduce = { [dependencies] state, action in
        let effect = DependencyValues.with(dependencies) {
          reducer.reduce(into: &state, action: action)
        }
        return effect.pieces.isEmpty ? [] : [effect]
      }
    } else {
      state = initialState()
      reduce = { [dependencies] state, action in
        // The store's values are the defaults, so only a sender running under overrides needs them pushed.
        let effect =
          DependencyValues.current.hasOverrides
          ? DependencyValues.with(dependencies) { reducer.reduce(into: &state, action: action) }
          : reducer.reduce(into: &state, action: action)
        return effect.pieces.isEmpty ? [] : [effect]
      }
    }
    self.init(core: StoreCore(initialValue: state, reducer: reduce))
  }

  /// Creates a root store for the reducer `reducer` builds: TCA 1.x's shape.
  ///
  /// ```swift
  /// let store = Store(initialState: Tally.State()) {
  ///   Tally()
  /// }
  /// ```
  ///
  /// The same store as ``init(initialState:reducer:withDependencies:)``; `reducer` is called once, here, with
  /// the store's dependencies, so a `@Dependency` the reducer captures when made gets `prepareDependencies`'
  /// overrides.
  public convenience init<R: ReducerProtocol>(
    initialState: @autoclosure () -> Value,
    @ReducerBuilder<Value, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) where R.State == Value, R.Action == Action {
    var dependencies = DependencyValues.current
    prepareDependencies?(&dependencies)
    let reducer = DependencyValues.with(dependencies, operation: reducer)
    self.init(initialState: initialState(), reducer: reducer, withDependencies: { $0 = dependencies })
  }
}
