import Synchronization

/// The dependencies in effect: a value for every ``TestDependencyKey``, overridden or default.
///
/// The current values live in a task local, so they can only be changed for a scope, with
/// ``withDependencies(_:operation:)``, and tasks started in that scope inherit them. Read them with
/// ``Dependency`` or ``DependencyValues/current``; add a dependency by extending this type with a computed
/// property over `self[Key.self]`.
///
/// A key that is not overridden gets its default value for the ``context``: ``DependencyKey/liveValue``,
/// ``TestDependencyKey/previewValue`` or ``TestDependencyKey/testValue``, made once per key and context: live
/// and preview defaults once per process (or given by ``prepareDependencies(_:fileID:line:)``), so a
/// `static var liveValue` that builds a client builds it once and a stateful default keeps its state. In a
/// test, each test default is made once per test and shared by every read in it, its test stores and effects
/// included, and the next test gets a new one (per test case with a dependencies trait,
/// `@Test(.dependencies { ... })`); outside any test, each read makes it anew. A default is made with
/// the values that read it in effect, so the dependencies it reads while it is made carry their overrides.
public struct DependencyValues: Sendable {
  /// The task local holding the current values, read and pushed directly rather than through the
  /// `@TaskLocal` macro's accessors, which inlinable code cannot reach.
  @usableFromInline
  static let local = TaskLocal(wrappedValue: DependencyValues(context: .detected))

  /// One overridden key and its value.
  @usableFromInline
  struct Override: Sendable {
    @usableFromInline let key: ObjectIdentifier
    /// Always a `Box<Key.Value>` for the key type `key` identifies: only ``setOverride(_:for:)`` stores
    /// one, and only with the value type of the key it is given.
    @usableFromInline let box: AnyObject & Sendable

    @inlinable
    init(key: ObjectIdentifier, box: AnyObject & Sendable) {
      self.key = key
      self.box = box
    }
  }

  /// An overridden value, boxed so that reading it back is a pointer cast rather than a dynamic cast.
  @usableFromInline
  final class Box<Value: Sendable>: Sendable, NamedValueBox {
    @usableFromInline let value: Value

    @inlinable
    init(_ value: Value) {
      self.value = value
    }

    var valueTypeName: String { "\(Value.self)" }
  }

  /// The overrides, keyed by the key's type. There are rarely more than a handful, so a linear search of a
  /// small array is faster than hashing.
  @usableFromInline var overrides: [Override] = []

  @usableFromInline var storedContext: DependencyContext
  /// ``isContextExplicit`` and ``isUpdating``, one bit each, so that the read of a default checks both at once
  /// (see ``hasOverrides``).
  @usableFromInline var flags: UInt8 = 0

  /// Whether ``context`` was set, rather than detected.
  @inlinable
  package var isContextExplicit: Bool {
    get { flags & 1 != 0 }
    set { flags = newValue ? flags | 1 : flags & ~1 }
  }

  /// Whether an update is writing these values (see ``update(_:)``): a default read then is read to be
  /// built on, so a missing test or live value is not reported, and the default is not kept.
  @inlinable
  var isUpdating: Bool {
    get { flags & 2 != 0 }
    set { flags = newValue ? flags | 2 : flags & ~2 }
  }

  @usableFromInline
  init(context: DependencyContext) {
    storedContext = context
  }

  /// Values with no overrides, in the detected context, that make their own default values afresh: what
  /// `withDependencies { $0 = DependencyValues() }` resets a scope to, as in swift-dependencies.
  ///
  /// Every default read through these values, or values derived from them (tasks, stores, effects), is made
  /// once for them, apart from those of the process, the running test and other `DependencyValues()`, and
  /// apart from what ``prepareDependencies(_:fileID:line:)`` prepared.
  public init() {
    self.init(context: .detected)
    cacheDefaultValues(for: "DependencyValues()")
  }

  /// Fresh values (see ``init()``) in the live context.
  public static var live: DependencyValues {
    var values = DependencyValues()
    values.context = .live
    return values
  }

  /// Fresh values (see ``init()``) in the preview context.
  public static var preview: DependencyValues {
    var values = DependencyValues()
    values.context = .preview
    return values
  }

  /// Fresh values (see ``init()``) in the test context.
  public static var test: DependencyValues {
    var values = DependencyValues()
    values.context = .test
    return values
  }

  /// Which default value each key gets: live, preview or test. ``DependencyContext/detected`` unless set.
  @inlinable
  public var context: DependencyContext {
    get { storedContext }
    set {
      storedContext = newValue
      isContextExplicit = true
    }
  }

  /// The values in effect for the current task.
  @inlinable
  public static var current: DependencyValues { local.get() }

  /// Runs `operation` with `values` in effect.
  @inlinable
  static func with<Result>(_ values: DependencyValues, operation: () throws -> Result) rethrows -> Result {
    try local.withValue(values, operation: operation)
  }

  /// Runs `operation` with `values` in effect, which an effect captured when it was made: pushed only when
  /// they are not the values in effect already (the common case of a store with no overrides of its own),
  /// as pushing a task local costs more than reading one.
  @inlinable
  static func withCaptured<Result>(_ values: DependencyValues, operation: () throws -> Result) rethrows -> Result {
    if values.isIdentical(to: current) {
      return try operation()
    }
    return try local.withValue(values, operation: operation)
  }

  /// Whether these values are `other`, not merely equal: the same overrides storage, context and state.
  @inlinable
  func isIdentical(to other: DependencyValues) -> Bool {
    storedContext == other.storedContext && flags == other.flags
      && overrides.withUnsafeBufferPointer { mine in
        other.overrides.withUnsafeBufferPointer { theirs in
          mine.baseAddress == theirs.baseAddress && mine.count == theirs.count
        }
      }
  }

  /// The value for a key that may have no live value: an interface declared in one module whose live
  /// implementation lives in another.
  ///
  /// In the live context, a key that does not also conform to ``DependencyKey`` anywhere in the program is
  /// reported and its preview value used, and kept like any default, so the report comes once.
  @inlinable
  public subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let value = override(for: key) {
        return value
      }
      // Loaded ahead of the branch that uses it: in a loop of reads, the optimizer then keeps the client's
      // read of a default as fast as the `static let` it replaces.
      let processTable = DefaultValueCache.processTable()
      // Live values usually carry no overrides at all: one check, then the default.
      guard hasOverrides else {
        return sharedDefaultValue(of: key, cachedIn: processTable)
      }
      return resolvedDefaultValue(of: key)
    }
    set { setOverride(Box(newValue), for: ObjectIdentifier(key)) }
  }

  /// The value for a key with a live value.
  @inlinable
  public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let value = override(for: key) {
        return value
      }
      // Loaded ahead of the branch that uses it: in a loop of reads, the optimizer then keeps the client's
      // read of a default as fast as the `static let` it replaces.
      let processTable = DefaultValueCache.processTable()
      // Live values usually carry no overrides at all: one check, then the default.
      guard hasOverrides else {
        return sharedDefaultValue(of: key, cachedIn: processTable)
      }
      return resolvedDefaultValue(of: key)
    }
    set { setOverride(Box(newValue), for: ObjectIdentifier(key)) }
  }

  /// A new default value of `key` for `context`, for a key that may have no live value.
  @inlinable
  static func defaultValue<Key: TestDependencyKey>(of key: Key.Type, in context: DependencyContext) -> Key.Value {
    switch context {
    case .live: return liveValue(of: key)
    case .preview: return Key.previewValue
    case .test: return Key.testValue
    }
  }

  /// A new default value of `key` for `context`.
  @inlinable
  static func defaultValue<Key: DependencyKey>(of key: Key.Type, in context: DependencyContext) -> Key.Value {
    switch context {
    case .live: return Key.liveValue
    case .preview: return Key.previewValue
    case .test: return Key.testValue
    }
  }

  /// The default value of `key` for values with no overrides: in the live and preview contexts the one the
  /// process made on the first read (or was prepared with), in the test context the running test's.
  ///
  /// `processTable` is what ``DefaultValueCache/processTable()`` returned, before this call.
  @inlinable
  func sharedDefaultValue<Key: TestDependencyKey>(of key: Key.Type, cachedIn processTable: UInt) -> Key.Value {
    let context = storedContext
    guard context != .test else { return testDefaultValue(of: key) }
    // The cached value first, with nothing else set up: what almost every read finds.
    if let cached = DefaultValueCache.processCachedValue(for: key, in: context, table: processTable) {
      return cached
    }
    return makeSharedDefaultValue(of: key, in: context)
  }

  /// The shared default value of a key with a live value; see the overload for keys that may have none.
  @inlinable
  func sharedDefaultValue<Key: DependencyKey>(of key: Key.Type, cachedIn processTable: UInt) -> Key.Value {
    let context = storedContext
    guard context != .test else { return testDefaultValue(of: key) }
    if let cached = DefaultValueCache.processCachedValue(for: key, in: context, table: processTable) {
      return cached
    }
    return makeSharedDefaultValue(of: key, in: context)
  }

  /// The shared default value of `key` in `context`, which the process had not cached at the last look.
  ///
  /// Kept out of line, so that the read that finds the value cached stays small enough to be inlined.
  @inlinable
  @inline(never)
  func makeSharedDefaultValue<Key: TestDependencyKey>(of key: Key.Type, in context: DependencyContext) -> Key.Value {
    DefaultValueCache.process.value(for: key, in: context) {
      Self.with(self) { Self.defaultValue(of: key, in: context) }
    }
  }

  /// The shared default value of a key with a live value, not cached at the last look; see the overload for
  /// keys that may have none.
  @inlinable
  @inline(never)
  func makeSharedDefaultValue<Key: DependencyKey>(of key: Key.Type, in context: DependencyContext) -> Key.Value {
    DefaultValueCache.process.value(for: key, in: context) {
      Self.with(self) { Self.defaultValue(of: key, in: context) }
    }
  }

  /// The default value of `key` for values with overrides: the cached one when they carry a cache, else the
  /// running test's, else the process's in the live and preview contexts and a new one in the test context;
  /// one made here is made with these values in effect, so that a default that reads another dependency while
  /// it is made resolves it with these overrides rather than with those of the task.
  @inlinable
  func resolvedDefaultValue<Key: TestDependencyKey>(of key: Key.Type) -> Key.Value {
    if isUpdating {
      return defaultValueWhileUpdating(of: key)
    }
    let context = storedContext
    let make = { Self.with(self) { Self.defaultValue(of: key, in: context) } }
    if let cache = defaultValues ?? DefaultValueCache.ofRunningTest {
      return cache.value(for: key, in: context, make: make)
    }
    guard context != .test else { return testDefaultValue(of: key) }
    return DefaultValueCache.process.value(for: key, in: context, make: make)
  }

  /// The default value of a key with a live value; see the overload for keys that may have none.
  @inlinable
  func resolvedDefaultValue<Key: DependencyKey>(of key: Key.Type) -> Key.Value {
    if isUpdating {
      return defaultValueWhileUpdating(of: key)
    }
    let context = storedContext
    let make = { Self.with(self) { Self.defaultValue(of: key, in: context) } }
    if let cache = defaultValues ?? DefaultValueCache.ofRunningTest {
      return cache.value(for: key, in: context, make: make)
    }
    guard context != .test else { return testDefaultValue(of: key) }
    return DefaultValueCache.process.value(for: key, in: context, make: make)
  }

  /// The test default of `key`, for values that carry no cache of their own: the one the running test made
  /// on its first read (or prepared), kept for the rest of the test; outside any test (a detached task), the
  /// one prepared for the process, if any, else a new one. Made with these values in effect.
  ///
  /// Kept out of line: only tests come here, and the live read stays small.
  @usableFromInline
  @inline(never)
  func testDefaultValue<Key: TestDependencyKey>(of key: Key.Type) -> Key.Value {
    let make = { Self.with(self) { Key.testValue } }
    if let cache = DefaultValueCache.ofRunningTest {
      return cache.value(for: key, in: .test, make: make)
    }
    let processTable = DefaultValueCache.processTable()
    return DefaultValueCache.processCachedValue(for: key, in: .test, table: processTable) ?? make()
  }

  /// Runs `updateValues` on these values, as ``withDependencies(_:operation:)`` and every other overriding tool
  /// (a test store's `withDependencies`, `.dependency` and `.transformDependency`, the traits) do.
  ///
  /// A default `updateValues` reads from these values, as writing into part of a value does
  /// (`$0.client.fetch = { ... }`), is read to be built on: as in swift-dependencies, a key with no test value
  /// (or no live value, in the live context) is not reported then, and that default is not kept, so code that
  /// later uses the default unchanged is still reported.
  @inlinable
  package mutating func update(_ updateValues: (inout DependencyValues) throws -> Void) rethrows {
    isUpdating = true
    defer { isUpdating = false }
    try updateValues(&self)
  }

  /// The default value of `key` for an update: the one kept, if any; else one made now, which is kept unless
  /// making it found the key had no value for the context (a report an update does not make).
  @usableFromInline
  @inline(never)
  func defaultValueWhileUpdating<Key: TestDependencyKey>(of key: Key.Type) -> Key.Value {
    var values = self
    values.isUpdating = false
    let context = storedContext
    let cache = defaultValues ?? DefaultValueCache.ofRunningTest ?? (context == .test ? nil : .process)
    if let kept = (cache ?? .process).keptValue(for: key, in: context) {
      return kept
    }
    let read = QuietRead()
    let made = QuietRead.current.withValue(read) {
      Self.with(values) { Self.defaultValue(of: key, in: context) }
    }
    guard let cache, !read.wasQuieted else { return made }
    return cache.value(for: key, in: context) { made }
  }

  /// The name of the type of the value `override` holds, for messages.
  static func valueTypeName(of override: Override) -> String {
    (override.box as? any NamedValueBox)?.valueTypeName ?? "value"
  }

  @inlinable
  package func override<Key: TestDependencyKey>(for key: Key.Type) -> Key.Value? {
    let id = ObjectIdentifier(key)
    for override in overrides where override.key == id {
      return unsafeDowncast(override.box, to: Box<Key.Value>.self).value
    }
    return nil
  }

  @inlinable
  mutating func setOverride(_ box: AnyObject & Sendable, for key: ObjectIdentifier) {
    if let index = overrides.firstIndex(where: { $0.key == key }) {
      overrides[index] = Override(key: key, box: box)
    } else {
      overrides.append(Override(key: key, box: box))
    }
  }

  /// Whether any key is overridden, the context was set, or default values are cached; or an update is
  /// writing these values, which the read of a default must know.
  @inlinable
  var hasOverrides: Bool {
    !overrides.isEmpty || flags != 0
  }

  /// These values, falling back to `base`'s overrides (context and default-value cache included) for what
  /// these do not override.
  @inlinable
  func layered(over base: DependencyValues) -> DependencyValues {
    guard base.hasOverrides else { return self }
    var layered = self
    for override in base.overrides where !overrides.contains(where: { $0.key == override.key }) {
      layered.overrides.append(override)
    }
    if !isContextExplicit, base.isContextExplicit {
      layered.context = base.storedContext
    }
    return layered
  }

  /// These values with `other`'s overrides (context and default-value cache included) on top.
  func merging(_ other: DependencyValues) -> DependencyValues {
    var merged = self
    for override in other.overrides {
      merged.setOverride(override.box, for: override.key)
    }
    if other.isContextExplicit {
      merged.context = other.storedContext
    }
    return merged
  }

  @usableFromInline
  static func liveValue<Key: TestDependencyKey>(of key: Key.Type) -> Key.Value {
    if let liveKey = key as? any DependencyKey.Type, let value = liveValue(of: liveKey) as? Key.Value {
      return value
    }
    if QuietRead.quiet() {
      return Key.previewValue
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

/// A box that can name the type of the value it holds, whatever that type is.
protocol NamedValueBox {
  /// The type of the value, as written in source.
  var valueTypeName: String { get }
}

/// A read of a default made while an update writes the values (see ``DependencyValues/update(_:)``): a key
/// with no value for the context tells it instead of reporting.
final class QuietRead: Sendable {
  /// The read under way, if any, for the task.
  static let current = TaskLocal<QuietRead?>(wrappedValue: nil)

  private let quieted = Mutex(false)

  /// Whether a missing value was quieted.
  var wasQuieted: Bool { quieted.withLock { $0 } }

  /// Records that a missing value was not reported: `true` when a read under way took the report.
  static func quiet() -> Bool {
    guard let read = current.get() else { return false }
    read.quieted.withLock { $0 = true }
    return true
  }
}
