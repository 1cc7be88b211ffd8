/// A reducer run with some dependencies overridden; see ``ReducerProtocol/dependency(_:_:)``.
///
/// Chaining `.dependency` on it adds to the same value instead of wrapping it again, so however many
/// overrides are chained, the type stays `DependencyKeyWritingReducer<Base>` and each reduce pushes the
/// dependencies once.
public struct DependencyKeyWritingReducer<Base: ReducerProtocol>: ReducerProtocol {
  @usableFromInline let base: Base
  @usableFromInline let update: @Sendable (inout DependencyValues) -> Void
  /// How many overrides `update` writes, so that room for all of them is made at once.
  @usableFromInline let count: Int

  @inlinable
  init(base: Base, count: Int, update: @escaping @Sendable (inout DependencyValues) -> Void) {
    self.base = base
    self.count = count
    self.update = update
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    var values = DependencyValues.current
    values.overrides.reserveCapacity(values.overrides.count + count)
    update(&values)
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
    let earlier = update
    return Self(base: base, count: count + 1) { values in
      values[keyPath: keyPath] = value
      earlier(&values)
    }
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
    DependencyKeyWritingReducer(base: self, count: 1) { $0[keyPath: keyPath] = value }
  }
}
