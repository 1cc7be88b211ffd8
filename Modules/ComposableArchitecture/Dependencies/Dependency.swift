/// Reads a dependency: `@Dependency(\.date) var date`, or by its key type: `@Dependency(FavoritesClient.self)`.
///
/// The wrapper captures the values in effect when it is created, so an object made inside
/// ``withDependencies(_:operation:)`` keeps using those overrides after the scope has ended. Values overridden
/// where the dependency is read still come first: a reducer run under ``ReducerProtocol/dependency(_:_:)``
/// sees that override even if the reducer was made elsewhere.
@propertyWrapper
public struct Dependency<Value>: Sendable {
  /// Reads the dependency from the values in effect.
  @usableFromInline let read: @Sendable (DependencyValues) -> Value
  @usableFromInline let initialValues: DependencyValues

  /// Captures the current dependency values, to read the one at `keyPath` later.
  @inlinable
  public init(_ keyPath: KeyPath<DependencyValues, Value> & Sendable) {
    read = { $0[keyPath: keyPath] }
    initialValues = DependencyValues.current
  }

  /// Captures the current dependency values, to read the value of `key` later: for a key that has no
  /// accessor on ``DependencyValues``, or that conforms itself (`@Dependency(FavoritesClient.self)`).
  @inlinable
  public init<Key: TestDependencyKey & SendableMetatype>(_ key: Key.Type) where Key.Value == Value {
    read = { $0[Key.self] }
    initialValues = DependencyValues.current
  }

  /// Captures the current dependency values, to read the value of `key` later; see ``init(_:)-(Key.Type)``.
  @inlinable
  public init<Key: DependencyKey & SendableMetatype>(_ key: Key.Type) where Key.Value == Value {
    read = { $0[Key.self] }
    initialValues = DependencyValues.current
  }

  /// The dependency's value: overridden where it is read, else where the wrapper was made, else default.
  @inlinable
  public var wrappedValue: Value {
    read(DependencyValues.current.layered(over: initialValues))
  }
}
