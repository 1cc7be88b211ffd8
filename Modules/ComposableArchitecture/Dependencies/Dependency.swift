/// Reads a dependency: `@Dependency(\.date) var date`.
///
/// The wrapper captures the values in effect when it is created, so an object made inside
/// ``withDependencies(_:operation:)`` keeps using those overrides after the scope has ended. Values overridden
/// where the dependency is read still come first: a reducer run under ``ReducerProtocol/dependency(_:_:)``
/// sees that override even if the reducer was made elsewhere.
@propertyWrapper
public struct Dependency<Value>: Sendable {
  @usableFromInline let keyPath: KeyPath<DependencyValues, Value> & Sendable
  @usableFromInline let initialValues: DependencyValues

  /// Captures the current dependency values, to read the one at `keyPath` later.
  @inlinable
  public init(_ keyPath: KeyPath<DependencyValues, Value> & Sendable) {
    self.keyPath = keyPath
    initialValues = DependencyValues.current
  }

  /// The dependency's value: overridden where it is read, else where the wrapper was made, else default.
  @inlinable
  public var wrappedValue: Value {
    DependencyValues.current.layered(over: initialValues)[keyPath: keyPath]
  }
}
