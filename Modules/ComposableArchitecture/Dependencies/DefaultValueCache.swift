// Public only so that the inlinable read path can load the newest table without a call.
public import Synchronization

/// The default values of the dependencies read in one scope, each made once: a test, a test store, or the
/// whole process.
///
/// **Per test.** ``DependencyValues`` carries one when the test support asked for it, among its overrides
/// under a key no dependency has, so the values keep their layout and the live path, which has none, pays
/// nothing for it. A key not overridden gets its default from here: made on the first read in the scope's
/// context, kept for every later read in that context, by the scope's own code, its stores and their effects
/// alike (they all carry the same cache), and dropped with the scope. Being an override, the cache follows the
/// values through `withDependencies`, tasks, effects, `@Dependency` and `withDependencies(from:)` without any
/// code of its own.
///
/// **Per process.** ``process`` keeps the live and preview defaults of values that carry no cache of their
/// own, and the values given to ``prepareDependencies(_:fileID:line:)``. Test defaults never go there, so
/// tests running in parallel never share one.
///
/// Reads take no lock: the entries live in an immutable table published with one atomic store, and a read is
/// an atomic load and a scan. A new entry publishes a new table; the old ones are kept until the cache goes
/// away, so a reader never holds a freed table (a process has a few dozen keys, so they stay small).
@usableFromInline
package final class DefaultValueCache: Sendable {
  /// What the cache was made for: the test support names the test with it, so that a second trait on the same
  /// test reuses the cache while a test run inside another gets its own.
  package let scope: String

  /// One key's value in one context.
  struct Entry: Sendable {
    let key: ObjectIdentifier
    let context: DependencyContext
    /// Always a `DependencyValues.Box<Key.Value>` for the key type `key` identifies.
    let box: AnyObject & Sendable

    init(key: ObjectIdentifier, context: DependencyContext, box: AnyObject & Sendable) {
      self.key = key
      self.context = context
      self.box = box
    }
  }

  /// The entries at one moment; never changed once published. Each key and context is packed into one word,
  /// kept apart from the boxes, so that a read scans plain words.
  @usableFromInline
  final class Table: Sendable {
    let entries: [Entry]
    @usableFromInline let words: [UInt]
    /// The addresses of the boxes of `entries`, each a `DependencyValues.Box` of its key's value type;
    /// `entries` keeps them alive as long as the table.
    @usableFromInline let boxes: [UInt]

    init(entries: [Entry]) {
      self.entries = entries
      words = entries.map { Table.word(for: $0.key, in: $0.context) }
      boxes = entries.map { UInt(bitPattern: Unmanaged.passUnretained($0.box as AnyObject).toOpaque()) }
    }

    /// `key`'s address with `context` in its low bits, which are free: a key type's metadata is aligned to
    /// at least 8 bytes.
    @inlinable
    static func word(for key: ObjectIdentifier, in context: DependencyContext) -> UInt {
      let bits: UInt =
        switch context {
        case .live: 0
        case .preview: 1
        case .test: 2
        }
      return UInt(bitPattern: key) | bits
    }

    /// The value of `key` in `context`, of type `Value` (the key's), if the table has one.
    @inlinable
    func value<Value: Sendable>(for key: ObjectIdentifier, in context: DependencyContext, as _: Value.Type) -> Value? {
      let word = Table.word(for: key, in: context)
      for index in words.indices where words[index] == word {
        guard let box = UnsafeRawPointer(bitPattern: boxes[index]) else { return nil }
        return Unmanaged<DependencyValues.Box<Value>>.fromOpaque(box)._withUnsafeGuaranteedRef { $0.value }
      }
      return nil
    }
  }

  /// What the tables hold, changed only under this lock.
  private struct State {
    /// Every table published, newest last; kept so that a reader that loaded an older one can still use it.
    var tables: [Table] = []
    /// How many times values were prepared.
    var preparations = 0
  }

  /// The bit pattern of the newest table (kept alive by `state`), or 0 while there is none.
  @usableFromInline let newest = Atomic<UInt>(0)
  private let state = Mutex(State())

  /// An empty cache for `scope`.
  package init(scope: String) {
    self.scope = scope
  }

  /// The process's cache, for live and preview defaults and prepared values.
  @usableFromInline
  static let process = DefaultValueCache(scope: "process")

  /// The newest table, or `nil` while nothing is cached.
  private var table: Table? {
    state.withLock { $0.tables.last }
  }

  /// The default value of `key` in `context`: the cached one, else the one `make` makes, cached.
  ///
  /// `make` runs outside the lock, as a default value's initializer may read other dependencies (and so this
  /// cache). When two reads make the same value at once, the first one stored wins and both return it.
  ///
  /// `isCacheable`, asked only when a value is made, may keep it out of the cache: a live default that is
  /// missing, and reported, is reported on every read.
  @inlinable
  package func value<Key: TestDependencyKey>(
    for key: Key.Type,
    in context: DependencyContext,
    isCacheable: () -> Bool = { true },
    make: () -> Key.Value
  ) -> Key.Value {
    if let pointer = UnsafeRawPointer(bitPattern: newest.load(ordering: .acquiring)) {
      // Every table published stays retained by `state` while this cache lives, and `self` is alive here, so
      // the table can be used without retaining it.
      let cached = Unmanaged<Table>.fromOpaque(pointer)._withUnsafeGuaranteedRef {
        $0.value(for: ObjectIdentifier(key), in: context, as: Key.Value.self)
      }
      if let cached {
        return cached
      }
    }
    let made = make()
    guard isCacheable() else { return made }
    let box = store(DependencyValues.Box(made), for: ObjectIdentifier(key), in: context)
    return unsafeDowncast(box, to: DependencyValues.Box<Key.Value>.self).value
  }

  /// Publishes `box` as the value of `key` in `context` unless one is there already; returns the one kept.
  @usableFromInline
  func store(
    _ box: AnyObject & Sendable,
    for key: ObjectIdentifier,
    in context: DependencyContext
  ) -> AnyObject & Sendable {
    state.withLock { state in
      let entries = state.tables.last?.entries ?? []
      if let existing = entries.first(where: { $0.key == key && $0.context == context }) {
        return existing.box
      }
      publish(entries + [Entry(key: key, context: context, box: box)], in: &state)
      return box
    }
  }

  private func publish(_ entries: [Entry], in state: inout State) {
    let table = Table(entries: entries)
    state.tables.append(table)
    newest.store(UInt(bitPattern: Unmanaged.passUnretained(table).toOpaque()), ordering: .releasing)
  }

  /// Makes `values`' overrides the values of their keys in `values.context`, as
  /// ``prepareDependencies(_:fileID:line:)`` does, and says what was wrong, if anything: a second
  /// preparation, or one after a default was read (`readBefore`, which the caller learns from ``isEmpty``
  /// before it builds `values`).
  ///
  /// The values are stored either way, over any default already made, so the program goes on with them.
  package func prepare(_ values: DependencyValues, readBefore: Bool) -> PreparationProblem? {
    state.withLock { state in
      state.preparations += 1
      var entries = state.tables.last?.entries ?? []
      for override in values.overrides where override.key != DependencyValues.defaultValuesKey {
        entries.removeAll { $0.key == override.key && $0.context == values.context }
        entries.append(Entry(key: override.key, context: values.context, box: override.box))
      }
      publish(entries, in: &state)
      if state.preparations > 1 {
        return .preparedTwice
      }
      return readBefore ? .readBefore : nil
    }
  }

  /// Whether any value was made or prepared in this cache.
  package var isEmpty: Bool {
    table?.entries.isEmpty ?? true
  }

  /// What ``prepare(_:readBefore:)`` found wrong.
  package enum PreparationProblem: Equatable, Sendable {
    /// Values were prepared before.
    case preparedTwice
    /// A dependency was read before the values were prepared.
    case readBefore
  }
}

extension DependencyValues {
  /// The override key the cache is kept under: a class, which no dependency key is.
  @usableFromInline
  static var defaultValuesKey: ObjectIdentifier { ObjectIdentifier(DefaultValueCache.self) }

  /// Where the default values of keys not overridden are kept for these values, or `nil` when they carry no
  /// cache of their own (outside tests): then live and preview defaults come from
  /// ``DefaultValueCache/process`` and test defaults are made anew on each read.
  @inlinable
  var defaultValues: DefaultValueCache? {
    for override in overrides where override.key == Self.defaultValuesKey {
      // Only `cacheDefaultValues(for:)` stores under this key, and always a `DefaultValueCache`.
      return unsafeDowncast(override.box, to: DefaultValueCache.self)
    }
    return nil
  }

  /// What the default values are cached for, or `nil` when each read makes its key's default anew.
  package var defaultValueScope: String? {
    defaultValues?.scope
  }

  /// Makes each key's default value once, from now on, for these values and every value derived from them
  /// (tasks, effects, stores), in a new cache for `scope`.
  package mutating func cacheDefaultValues(for scope: String) {
    setOverride(DefaultValueCache(scope: scope), for: Self.defaultValuesKey)
  }
}
