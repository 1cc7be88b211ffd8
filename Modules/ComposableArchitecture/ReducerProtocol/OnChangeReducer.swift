/// A reducer that runs another one when a value of the state changed; see
/// ``ReducerProtocol/onChange(of:_:)``.
public struct OnChangeReducer<Base: ReducerProtocol, Value: Equatable, Changed: ReducerProtocol>: ReducerProtocol
where Changed.State == Base.State, Changed.Action == Base.Action {
  @usableFromInline let base: Base
  @usableFromInline let toValue: @Sendable (Base.State) -> Value
  @usableFromInline let changed: @Sendable (_ oldValue: Value, _ newValue: Value) -> Changed

  @inlinable
  init(
    base: Base,
    toValue: @escaping @Sendable (Base.State) -> Value,
    changed: @escaping @Sendable (Value, Value) -> Changed
  ) {
    self.base = base
    self.toValue = toValue
    self.changed = changed
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let baseEffect = base.reduce(into: &state, action: action)
    let newValue = toValue(state)
    guard oldValue != newValue else { return baseEffect }
    return baseEffect.merge(with: changed(oldValue, newValue).reduce(into: &state, action: action))
  }
}

extension ReducerProtocol {
  /// This reducer, followed by the reducer `reducer` builds whenever an action changed the value `toValue`
  /// reads from the state.
  ///
  /// ```swift
  /// Reduce<Parity.State, Parity.Action> { state, action in
  ///   state.count += 1
  ///   return .none
  /// }
  /// .onChange(of: \.count) { oldValue, newValue in
  ///   Reduce { state, action in
  ///     state.isEven = newValue.isMultiple(of: 2)
  ///     return .none
  ///   }
  /// }
  /// ```
  ///
  /// TCA's rules: the value is read before and after this reducer runs, and compared with `==`; only when it
  /// differs does `reducer` get the old and new values, and the reducer it returns runs on the state this
  /// reducer left, for the same action, with its effect merged after this one's. A change made by the
  /// `onChange` reducer itself is not watched again. Apply it to the reducers whose changes it should see:
  /// on a `Scope`, it sees the child's; on the whole body, every change.
  @inlinable
  public func onChange<Value: Equatable, Changed: ReducerProtocol>(
    of toValue: @escaping @Sendable (State) -> Value,
    @ReducerBuilder<State, Action> _ reducer: @escaping @Sendable (_ oldValue: Value, _ newValue: Value) -> Changed
  ) -> OnChangeReducer<Self, Value, Changed> {
    OnChangeReducer(base: self, toValue: toValue, changed: reducer)
  }
}

extension OnChangeReducer: Sendable where Base: Sendable {}
