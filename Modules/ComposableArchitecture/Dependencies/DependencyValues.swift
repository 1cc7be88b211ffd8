/// The dependencies in effect: a value for every ``TestDependencyKey``, overridden or default.
///
/// The current values live in a task local, so they can only be changed for a scope, with
/// ``withDependencies(_:operation:)``, and tasks started in that scope inherit them. Read them with
/// ``Dependency`` or ``DependencyValues/current``; add a dependency by extending this type with a computed
/// property over `self[Key.self]`.
///
/// A key that is not overridden gets its default value for the ``context``: ``DependencyKey/liveValue``,
/// ``TestDependencyKey/previewValue`` or ``TestDependencyKey/testValue``. Defaults are read on every access
/// and not cached, so declare them with `static let` when they are costly to make or must stay the same
/// instance.
public struct DependencyValues: Sendable {
  @TaskLocal
  @usableFromInline
  static var _current = DependencyValues()

  /// The overrides, keyed by the key's type.
  @usableFromInline var storage: [ObjectIdentifier: any Sendable] = [:]

  /// Overrides captured earlier (by `@Dependency`), consulted after ``storage``.
  @usableFromInline var inherited: [ObjectIdentifier: any Sendable] = [:]

  /// The context, when it was set explicitly.
  @usableFromInline var explicitContext: DependencyContext?

  /// Which default value each key gets: live, preview or test. ``DependencyContext/detected`` unless set.
  @inlinable
  public var context: DependencyContext {
    get { explicitContext ?? .detected }
    set { explicitContext = newValue }
  }

  /// Values with no overrides, in the detected context.
  public init() {}

  /// The values in effect for the current task.
  @inlinable
  public static var current: DependencyValues { _current }

  /// Runs `operation` with `values` in effect (the task local's `withValue`, reachable from inlinable code).
  @usableFromInline
  static func with<Result>(_ values: DependencyValues, operation: () throws -> Result) rethrows -> Result {
    try $_current.withValue(values, operation: operation)
  }

  /// The value for a key that may have no live value: an interface declared in one module whose live
  /// implementation lives in another.
  ///
  /// In the live context, a key that does not also conform to ``DependencyKey`` anywhere in the program is
  /// reported and its preview value used.
  @inlinable
  public subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let value = override(for: key) {
        return value
      }
      switch context {
      case .live: return Self.liveValue(of: key)
      case .preview: return Key.previewValue
      case .test: return Key.testValue
      }
    }
    set { storage[ObjectIdentifier(key)] = newValue }
  }

  /// The value for a key with a live value.
  @inlinable
  public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let value = override(for: key) {
        return value
      }
      switch context {
      case .live: return Key.liveValue
      case .preview: return Key.previewValue
      case .test: return Key.testValue
      }
    }
    set { storage[ObjectIdentifier(key)] = newValue }
  }

  @inlinable
  func override<Key: TestDependencyKey>(for key: Key.Type) -> Key.Value? {
    let id = ObjectIdentifier(key)
    if !storage.isEmpty, let value = storage[id] {
      return value as? Key.Value
    }
    if !inherited.isEmpty, let value = inherited[id] {
      return value as? Key.Value
    }
    return nil
  }

  /// Whether any key is overridden or the context was set.
  @inlinable
  var hasOverrides: Bool {
    !storage.isEmpty || !inherited.isEmpty || explicitContext != nil
  }

  /// These values, falling back to `base`'s overrides (context included) for what these do not override.
  @inlinable
  func layered(over base: DependencyValues) -> DependencyValues {
    guard base.hasOverrides else { return self }
    var layered = self
    layered.explicitContext = explicitContext ?? base.explicitContext
    layered.inherited =
      base.inherited.isEmpty
      ? base.storage
      : base.inherited.merging(base.storage) { _, newer in newer }
    if !inherited.isEmpty {
      layered.inherited.merge(inherited) { _, newer in newer }
    }
    return layered
  }

  /// These values with `other`'s overrides on top.
  func merging(_ other: DependencyValues) -> DependencyValues {
    var merged = self
    merged.storage.merge(other.inherited) { _, theirs in theirs }
    merged.storage.merge(other.storage) { _, theirs in theirs }
    merged.explicitContext = other.explicitContext ?? explicitContext
    return merged
  }

  @usableFromInline
  static func liveValue<Key: TestDependencyKey>(of key: Key.Type) -> Key.Value {
    if let liveKey = key as? any DependencyKey.Type, let value = liveValue(of: liveKey) as? Key.Value {
      return value
    }
    RuntimeWarning.report(
      "\(Key.self) has no live value, so the live context used its preview value. "
        + "Conform it to DependencyKey in the module with its live implementation, and link that module."
    )
    return Key.previewValue
  }

  private static func liveValue<Key: DependencyKey>(of key: Key.Type) -> any Sendable {
    key.liveValue
  }
}
