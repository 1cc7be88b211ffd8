/// Reads a dependency: `@Dependency(\.date) var date`, or by its key: `@Dependency(DateGenerator.self) var date`.
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

  /// Captures the current dependency values, to read the value of `key` later: for a key that has no
  /// accessor on ``DependencyValues``, or a value that is its own key (`@Dependency(DateGenerator.self)`).
  @inlinable
  public init<Key: TestDependencyKey>(_ key: Key.Type) where Key.Value == Value {
    keyPath = \DependencyValues.[interface: DependencyKeyIndex<Key>()]
    initialValues = DependencyValues.current
  }

  /// Captures the current dependency values, to read the value of `key`, which has a live value, later.
  @inlinable
  public init<Key: DependencyKey>(_ key: Key.Type) where Key.Value == Value {
    keyPath = \DependencyValues.[live: DependencyKeyIndex<Key>()]
    initialValues = DependencyValues.current
  }

  /// The dependency's value: overridden where it is read, else where the wrapper was made, else default.
  @inlinable
  public var wrappedValue: Value {
    DependencyValues.current.layered(over: initialValues)[keyPath: keyPath]
  }
}

/// A value that captured the dependencies in effect when it was made: a ``Dependency`` property, which
/// ``withDependencies(from:_:operation:fileID:line:)`` finds by reflection in a parent no `withDependencies`
/// returned.
protocol CapturedDependencies {
  /// The values captured.
  var capturedValues: DependencyValues { get }
}

extension Dependency: CapturedDependencies {
  var capturedValues: DependencyValues { initialValues }
}

/// Names a key type in a key path, so that `@Dependency(Key.self)` reads through a key path as
/// `@Dependency(\.key)` does. All indices of one key are equal.
public struct DependencyKeyIndex<Key: TestDependencyKey>: Hashable, Sendable {
  /// The index of `Key`.
  @inlinable
  public init() {}
}

extension DependencyValues {
  /// The value of the key `index` names, for a key that may have no live value; what `@Dependency(Key.self)`
  /// reads.
  @inlinable
  public subscript<Key: TestDependencyKey>(interface index: DependencyKeyIndex<Key>) -> Key.Value {
    self[Key.self]
  }

  /// The value of the key `index` names, for a key with a live value; what `@Dependency(Key.self)` reads.
  @inlinable
  public subscript<Key: DependencyKey>(live index: DependencyKeyIndex<Key>) -> Key.Value {
    self[Key.self]
  }
}
