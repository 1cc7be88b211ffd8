import Synchronization

/// The default values of the dependencies read in one scope (a test, or a test store), each made once.
///
/// ``DependencyValues`` carries one when the test support asked for it, among its overrides under a key no
/// dependency has, so the values keep their layout and the live path, which has none, pays nothing for it:
/// reading a default still checks no more than that there are no overrides. A key not overridden gets its
/// default from here: made on the first read in the scope's context, kept for every later read in that
/// context, by the scope's own code, its stores and their effects alike (they all carry the same cache), and
/// dropped with the scope. Being an override, the cache follows the values through `withDependencies`,
/// tasks, effects, `@Dependency` and `withDependencies(from:)` without any code of its own.
@usableFromInline
package final class DefaultValueCache: Sendable {
  /// What the cache was made for: the test support names the test with it, so that a second trait on the same
  /// test reuses the cache while a test run inside another gets its own.
  package let scope: String

  /// A key's type and the context its default was made for.
  private struct Entry: Hashable {
    let key: ObjectIdentifier
    let context: DependencyContext
  }

  /// The values made so far, each a `DependencyValues.Box` of its key's value type.
  private let values = Mutex<[Entry: AnyObject & Sendable]>([:])

  /// An empty cache for `scope`.
  package init(scope: String) {
    self.scope = scope
  }

  /// The default value of `key` in `context`: the cached one, else the one `make` makes, cached.
  ///
  /// `make` runs outside the lock, as a default value's initializer may read other dependencies (and so this
  /// cache). When two reads make the same value at once, the first one stored wins and both return it.
  @usableFromInline
  func value<Key: TestDependencyKey>(
    for key: Key.Type,
    in context: DependencyContext,
    make: () -> Key.Value
  ) -> Key.Value {
    let entry = Entry(key: ObjectIdentifier(key), context: context)
    if let cached = values.withLock({ $0[entry] }) as? DependencyValues.Box<Key.Value> {
      return cached.value
    }
    let made = DependencyValues.Box(make())
    let stored = values.withLock { values in
      if let existing = values[entry] {
        return existing
      }
      values[entry] = made
      return made
    }
    return (stored as? DependencyValues.Box<Key.Value> ?? made).value
  }
}

extension DependencyValues {
  /// The override key the cache is kept under: a class, which no dependency key is.
  @usableFromInline
  static var defaultValuesKey: ObjectIdentifier { ObjectIdentifier(DefaultValueCache.self) }

  /// Where the default values of keys not overridden are kept, or `nil` (outside tests) when each read builds
  /// its key's default anew.
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
