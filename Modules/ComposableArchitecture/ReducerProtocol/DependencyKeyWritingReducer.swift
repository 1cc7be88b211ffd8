/// A reducer run with some dependencies overridden; see ``ReducerProtocol/dependency(_:_:)`` and
/// ``ReducerProtocol/transformDependency(_:_:)``.
///
/// Chaining `.dependency` or `.transformDependency` on it adds to the same value instead of wrapping it
/// again, so however many overrides are chained, the type stays `DependencyKeyWritingReducer<Base>` and each
/// reduce pushes the dependencies once.
public struct DependencyKeyWritingReducer<Base: ReducerProtocol>: ReducerProtocol {
  @usableFromInline let base: Base
  /// The overrides, outermost first: applied in this order, the innermost wins.
  @usableFromInline let writes: [DependencyWrite]
  /// What `writes` do, learned on the first reduce.
  @usableFromInline let plan: WritePlanCell

  @inlinable
  init(base: Base, writes: [DependencyWrite]) {
    self.base = base
    self.writes = writes
    plan = WritePlanCell()
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    var values = DependencyValues.current
    if let plan = plan.load() {
      plan.apply(to: &values)
    } else {
      plan.learn(writes, applyingTo: &values)
    }
    return DependencyValues.with(values) {
      base.reduce(into: &state, action: action)
    }
  }

  /// Overrides one more dependency, in the same reducer.
  ///
  /// As with chained calls on any reducer, the override applied first (the innermost) wins when two set
  /// the same key.
  @inlinable
  public func dependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: Value
  ) -> Self {
    Self(base: base, writes: [DependencyWrite(keyPath, value)] + writes)
  }

  /// Changes one more dependency in place, in the same reducer; see
  /// ``ReducerProtocol/transformDependency(_:_:)``.
  @inlinable
  public func transformDependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ transform: @escaping @Sendable (inout Value) -> Void
  ) -> Self {
    Self(base: base, writes: [DependencyWrite(keyPath, transform: transform)] + writes)
  }
}

extension DependencyKeyWritingReducer: Sendable where Base: Sendable {}

extension ReducerProtocol {
  /// This reducer with the dependency at `keyPath` overridden by `value`, for every reduce and every effect
  /// the reduce creates.
  ///
  /// The override closest to the reducer wins: in `Feature().dependency(\.x, a).dependency(\.x, b)` the
  /// feature sees `a`, and a parent's override never replaces one its child set for itself.
  @inlinable
  public func dependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: Value
  ) -> DependencyKeyWritingReducer<Self> {
    DependencyKeyWritingReducer(base: self, writes: [DependencyWrite(keyPath, value)])
  }

  /// This reducer with the dependency at `keyPath` changed by `transform`, for every reduce and every effect
  /// the reduce creates: how to replace one endpoint of a client and keep the others, as in
  /// `.transformDependency(\.numberFacts) { $0.favorite = { 13 } }` (docs/Dependencies.md, "Overriding for a
  /// reducer", has the whole example, compiled).
  ///
  /// `transform` runs on every reduce, on the value in effect there (a parent's override, or the default), so
  /// unlike ``dependency(_:_:)`` it builds on what it is given. It fuses with `.dependency` into one
  /// ``DependencyKeyWritingReducer``, and is applied in the same order: the write closest to the reducer runs
  /// last. Reading a default to transform it is not reported, as in swift-dependencies: in a test,
  /// transforming a key that has no test value is quiet, and only a use of the default unchanged reports it.
  @inlinable
  public func transformDependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ transform: @escaping @Sendable (inout Value) -> Void
  ) -> DependencyKeyWritingReducer<Self> {
    DependencyKeyWritingReducer(base: self, writes: [DependencyWrite(keyPath, transform: transform)])
  }
}
