// Public only so that the inlinable read path can load the newest table without a call.
public import Synchronization

/// The default values of the dependencies read in one scope, each made once: a test, a test store, or the
/// whole process.
///
/// **Per test.** ``DependencyValues`` carries one when the test support asked for it (a dependencies trait, a
/// test store), among its overrides under a key no dependency has, so the values keep their layout and the
/// live path, which has none, pays nothing for it. A key not overridden gets its default from here: made on
/// the first read in the scope's context, kept for every later read in that context, by the scope's own code,
/// its stores and their effects alike (they all carry the same cache), and dropped with the scope. Being an
/// override, the cache follows the values through `withDependencies`, tasks, effects, `@Dependency` and
/// `withDependencies(from:)` without any code of its own. Values that carry none, read in the test context
/// inside a test, use the running test's (``ofRunningTest``), which the test support keeps per test.
///
/// **Per process.** ``process`` keeps the live and preview defaults of values that carry no cache of their
/// own, and the values given to ``prepareDependencies(_:fileID:line:)`` outside tests. Test defaults never go
/// there, so tests running in parallel never share one.
///
/// **Reads** take no lock: the values live in an immutable table, and a new value publishes a new table with
/// one atomic store. A read is an atomic load and a scan of a few words. The old tables are kept until the
/// cache goes away, so a reader never holds a freed one (a process has a few dozen keys, so they stay small).
///
/// **Making** a default is guarded per key and context: the first reader makes it while holding that key's
/// build lock, and readers arriving meanwhile wait for it, so a default is made once even when many tasks race
/// to read it first. A default whose maker reads other dependencies makes them meanwhile, each under its own
/// lock; one whose maker reads itself, directly or through others, can never be made, and stops the program
/// with a message naming the keys rather than hang.
@usableFromInline
package final class DefaultValueCache: Sendable {
  /// What the cache was made for: the test support names the test with it, so that a second trait on the same
  /// test reuses the cache while a test run inside another gets its own.
  package let scope: String

  /// One key's value in one context.
  @usableFromInline
  struct Slot: Sendable {
    /// The key and context, packed by ``word(for:in:)``; 0, which no key's word is, for the end marker.
    @usableFromInline let word: UInt
    /// Always a `DependencyValues.Box` of the value type of the key `word` names: only ``store(_:at:)`` and
    /// ``prepare(_:readBefore:)`` make slots, each from a value of its key's type. `nil` for the end marker.
    @usableFromInline let box: (AnyObject & Sendable)?

    init(word: UInt, box: (AnyObject & Sendable)?) {
      self.word = word
      self.box = box
    }
  }

  /// The slots at one moment; never changed once published.
  ///
  /// Readers get the address of the first slot of ``memory``, which holds the slots followed by an end marker,
  /// so that a read goes from the address it loaded straight to the words it compares.
  private final class Table {
    /// The slots, for the code that holds the lock.
    let slots: [Slot]
    /// The slots and the end marker, allocated and initialized by `init`, deinitialized and freed by `deinit`.
    private let memory: UnsafeMutableBufferPointer<Slot>

    init(slots: [Slot]) {
      self.slots = slots
      memory = .allocate(capacity: slots.count + 1)
      // Exactly as many elements as `memory` has room for, so all of it is initialized.
      _ = memory.initialize(fromContentsOf: slots + [Slot(word: 0, box: nil)])
    }

    deinit {
      // `init` initialized all of `memory`, and nothing changed it since.
      memory.deinitialize()
      memory.deallocate()
    }

    /// The address readers are given: that of the first slot.
    var address: UInt {
      UInt(bitPattern: memory.baseAddress)
    }

    /// The box at `word`, if the table has one.
    func box(at word: UInt) -> (AnyObject & Sendable)? {
      slots.first { $0.word == word }?.box
    }
  }

  /// A default being made by one thread; readers of its key on other threads wait for it on ``lock``.
  private final class Build: Sendable {
    /// The key whose default is being made, for the message about a default that reads itself.
    let key: Any.Type
    let context: DependencyContext
    /// The thread making it.
    let thread: UInt
    /// Held by the maker from before the build is registered in `State.building` until the value is
    /// published; a reader that finds the build waits by taking it.
    let lock = Mutex(())

    init(key: Any.Type, context: DependencyContext, thread: UInt) {
      self.key = key
      self.context = context
      self.thread = thread
    }
  }

  /// What the tables hold, and the builds under way, changed only under this lock.
  private struct State {
    /// Every table published, newest last; kept so that a reader that loaded an older one can still use it.
    var tables: [Table] = []
    /// The builds under way, by the word of their key and context, each with the number of builds started
    /// before it, which orders the builds one thread nested.
    var building: [UInt: (build: Build, order: Int)] = [:]
    /// How many builds were started.
    var buildsStarted = 0
    /// The word each thread waiting for another thread's build waits for.
    var waiting: [UInt: UInt] = [:]
  }

  /// The address of the newest table (kept alive by `state`), or 0 while there is none; unused by
  /// ``process``, whose newest table is ``processNewest``.
  @usableFromInline let newest = Atomic<UInt>(0)
  /// Whether this is ``process``.
  @usableFromInline let isProcess: Bool
  private let state = Mutex(State())

  /// An empty cache for `scope`.
  package convenience init(scope: String) {
    self.init(scope: scope, isProcess: false)
  }

  private init(scope: String, isProcess: Bool) {
    self.scope = scope
    self.isProcess = isProcess
  }

  /// The process's cache, for live and preview defaults and prepared values.
  @usableFromInline
  static let process = DefaultValueCache(scope: "process", isProcess: true)

  /// The address of the newest table of ``process``, or 0 while there is none.
  ///
  /// A global rather than a field of ``process``: the compiler initializes it statically, so a read of the
  /// process's defaults takes no `swift_once` and no load of the cache object.
  @usableFromInline
  static let processNewest = Atomic<UInt>(0)

  /// `key`'s address with `context` in its low bits, which are free: a key type's metadata is aligned to at
  /// least 8 bytes.
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

  /// The default value of `key` in `context`: the cached one, else the one `make` makes, cached.
  ///
  /// `make` runs outside the cache's lock, under `key`'s build lock (see the type's documentation): it may
  /// read other dependencies, and so this cache. A live default missing from the program is kept too (its
  /// preview value), so it is reported once, as in swift-dependencies.
  @inlinable
  package func value<Key: TestDependencyKey>(
    for key: Key.Type,
    in context: DependencyContext,
    make: () -> Key.Value
  ) -> Key.Value {
    let word = Self.word(for: ObjectIdentifier(key), in: context)
    let address = isProcess ? Self.processNewest.load(ordering: .acquiring) : newest.load(ordering: .acquiring)
    if let cached = Self.value(inTableAt: address, at: word, as: Key.Value.self) {
      return cached
    }
    return made(key, in: context, at: word, make: make)
  }

  /// The value of `key` in `context` made or prepared so far, if any.
  func keptValue<Key: TestDependencyKey>(for key: Key.Type, in context: DependencyContext) -> Key.Value? {
    let address = isProcess ? Self.processNewest.load(ordering: .acquiring) : newest.load(ordering: .acquiring)
    // `address` is the newest table of this cache, alive during the call.
    return Self.value(inTableAt: address, at: Self.word(for: ObjectIdentifier(key), in: context), as: Key.Value.self)
  }

  /// The address of the newest table of ``process``, to give ``processCachedValue(for:in:table:)``.
  @inlinable
  static func processTable() -> UInt {
    processNewest.load(ordering: .acquiring)
  }

  /// The value of `key` in `context` that ``process`` had cached in `table`, what ``processTable()`` returned,
  /// if any.
  @inlinable
  static func processCachedValue<Key: TestDependencyKey>(
    for key: Key.Type,
    in context: DependencyContext,
    table: UInt
  ) -> Key.Value? {
    // A table is published only by `process`, a static that is never released once made.
    value(inTableAt: table, at: word(for: ObjectIdentifier(key), in: context), as: Key.Value.self)
  }

  /// The value at `word` in the table at `address`, a newest table of a cache alive during the call, of type
  /// `Value` (its key's), if the table has one.
  @inlinable
  static func value<Value: Sendable>(inTableAt address: UInt, at word: UInt, as _: Value.Type) -> Value? {
    // The address is that of the first slot of a table its cache's `state` keeps, unchanged, until the cache,
    // alive during this call, goes away; the acquiring load that read it pairs with the releasing store that
    // published it, so all of its slots, and the end marker after them, are initialized and visible here.
    guard var slot = UnsafePointer<Slot>(bitPattern: address) else { return nil }
    while slot.pointee.word != 0 {
      if slot.pointee.word == word, let box = slot.pointee.box {
        // The box of a slot at `word` is a `Box` of its key's value type (see `Slot.box`).
        return unsafeDowncast(box, to: DependencyValues.Box<Value>.self).value
      }
      // Not the end marker, so another slot, or the marker, follows.
      slot += 1
    }
    return nil
  }

  /// The value of `key` in `context`, at `word`, which was not cached at the last look: made by `make` and
  /// cached.
  @inlinable
  func made<Key: TestDependencyKey>(
    _ key: Key.Type,
    in context: DependencyContext,
    at word: UInt,
    make: () -> Key.Value
  ) -> Key.Value {
    let box = build(key, in: context, at: word) { DependencyValues.Box(make()) }
    // `build` returns the box of a slot at `word`, a `Box` of `Key.Value` (see `Slot.box`).
    return unsafeDowncast(box, to: DependencyValues.Box<Key.Value>.self).value
  }

  /// The box of the value at `word` (`key` in `context`): the cached one, else the one `make` makes, cached,
  /// made once however many threads ask at the same time.
  @usableFromInline
  func build(
    _ key: Any.Type,
    in context: DependencyContext,
    at word: UInt,
    make: () -> AnyObject & Sendable
  ) -> AnyObject & Sendable {
    let build = Build(key: key, context: context, thread: Self.currentThread())
    while true {
      // The build's lock is taken before the build is registered, so a reader that finds it registered waits
      // until its value is published.
      let step = build.lock.withLock { _ -> BuildStep in
        let found = state.withLock { state -> BuildStep in
          if let box = state.tables.last?.box(at: word) {
            return .made(box)
          }
          if let other = state.building[word] {
            // Waiting would never end if the maker of `other`, or one it waits for in turn, waits for a build
            // of this thread: this thread would wait for itself.
            if let cycle = Self.cycle(readingAt: word, by: build.thread, in: state) {
              return .cycle(cycle)
            }
            state.waiting[build.thread] = word
            return .wait(other.build)
          }
          state.building[word] = (build, state.buildsStarted)
          state.buildsStarted += 1
          return .started
        }
        guard case .started = found else { return found }
        return .made(store(make(), at: word))
      }
      switch step {
      case .made(let box):
        return box
      case .wait(let other):
        // Returns once the other thread published the value; the next turn finds it.
        other.lock.withLock { _ in }
        state.withLock { $0.waiting[build.thread] = nil }
      case .cycle(let message):
        fatalError(message)
      case .started:
        preconditionFailure("a started build ends with its value")
      }
    }
  }

  /// What one turn of ``build(_:in:at:make:)`` came to.
  private enum BuildStep {
    /// The value is cached: this box.
    case made(AnyObject & Sendable)
    /// Another thread is making it.
    case wait(Build)
    /// This thread is making it already: the default reads itself; the message says so.
    case cycle(String)
    /// This thread registered its build, and makes the value.
    case started
  }

  /// The message saying why reading the value at `word`, which is being made, on `thread` would wait forever,
  /// or `nil` when it would not.
  ///
  /// It would when `thread` makes that value itself (the default reads itself, through other defaults or
  /// not), or when the thread making it waits, directly or through other waiting threads, for a value
  /// `thread` makes.
  private static func cycle(readingAt word: UInt, by thread: UInt, in state: State) -> String? {
    // The builds `thread` would wait for in turn, the last one made by a thread that waits for nothing.
    var awaited: [Build] = []
    var next = state.building[word]?.build
    while let build = next, awaited.count <= state.building.count {
      awaited.append(build)
      next = build.thread == thread ? nil : state.waiting[build.thread].flatMap { state.building[$0]?.build }
    }
    guard let last = awaited.last, last.thread == thread, let read = awaited.first else { return nil }
    // This thread's builds, outermost first, from the one the cycle comes back to.
    let own = state.building.values
      .filter { $0.build.thread == thread }
      .sorted { $0.order < $1.order }
      .map(\.build)
      .drop { $0 !== last }
    let chain = (own + awaited).map { "\($0.key)" }
    return "\(read.key) was read while its \(read.context) value was being made "
      + "(\(chain.joined(separator: " → "))), so it can never be made. A default must not read itself, "
      + "directly or through other defaults: read such a dependency when an endpoint is called."
  }

  /// The thread running now, as a number no other running thread has.
  private static func currentThread() -> UInt {
    CLibrary.currentThread()
  }

  /// Publishes `box` as the value at `word`, whose build ends, unless one is there already (prepared
  /// meanwhile); returns the one kept.
  private func store(_ box: AnyObject & Sendable, at word: UInt) -> AnyObject & Sendable {
    state.withLock { state in
      state.building[word] = nil
      let slots = state.tables.last?.slots ?? []
      if let existing = slots.first(where: { $0.word == word })?.box {
        return existing
      }
      publish(slots + [Slot(word: word, box: box)], in: &state)
      return box
    }
  }

  private func publish(_ slots: [Slot], in state: inout State) {
    let table = Table(slots: slots)
    state.tables.append(table)
    // `state.tables` keeps the table alive as long as this cache, so its address stays valid for readers.
    let address = table.address
    if isProcess {
      Self.processNewest.store(address, ordering: .releasing)
    } else {
      newest.store(address, ordering: .releasing)
    }
  }

  /// Makes each of `overrides` the value of its key in `context`, as ``prepareDependencies(_:fileID:line:)``
  /// does, unless the key had a value in that context already when the preparation began (`earlier`, what
  /// ``madeWords`` returned then): such a value may be in use, so it is kept. Returns the overrides not stored.
  ///
  /// A value made after the preparation began, by the update reading the default it writes into, is replaced.
  func prepare(
    _ overrides: [DependencyValues.Override],
    in context: DependencyContext,
    unlessIn earlier: Set<UInt>
  ) -> [DependencyValues.Override] {
    state.withLock { state in
      var slots = state.tables.last?.slots ?? []
      var kept: [DependencyValues.Override] = []
      for override in overrides {
        let word = Self.word(for: override.key, in: context)
        guard !earlier.contains(word) else {
          kept.append(override)
          continue
        }
        slots.removeAll { $0.word == word }
        // An override's box is a `Box` of its key's value type, as a slot's must be.
        slots.append(Slot(word: word, box: override.box))
      }
      publish(slots, in: &state)
      return kept
    }
  }

  /// The words (``word(for:in:)``) of the values made or prepared in this cache so far.
  var madeWords: Set<UInt> {
    state.withLock { Set(($0.tables.last?.slots ?? []).map(\.word)) }
  }
}

extension DependencyValues {
  /// The override key the cache is kept under: a class, which no dependency key is.
  @usableFromInline
  static var defaultValuesKey: ObjectIdentifier { ObjectIdentifier(DefaultValueCache.self) }

  /// Where the default values of keys not overridden are kept for these values, or `nil` when they carry no
  /// cache of their own: then live and preview defaults come from ``DefaultValueCache/process`` and test
  /// defaults from the running test's cache (``DefaultValueCache/ofRunningTest``).
  @inlinable
  var defaultValues: DefaultValueCache? {
    for override in overrides where override.key == Self.defaultValuesKey {
      // Only `cacheDefaultValues(for:)` stores under this key, and always a `DefaultValueCache`.
      return unsafeDowncast(override.box, to: DefaultValueCache.self)
    }
    return nil
  }

  /// What the default values are cached for, or `nil` when these values carry no cache of their own.
  package var defaultValueScope: String? {
    defaultValues?.scope
  }

  /// Makes each key's default value once, from now on, for these values and every value derived from them
  /// (tasks, effects, stores), in a new cache for `scope`.
  package mutating func cacheDefaultValues(for scope: String) {
    cacheDefaultValues(in: DefaultValueCache(scope: scope))
  }

  /// Makes each key's default value once, from now on, for these values and every value derived from them, in
  /// `cache`, which other values may share (those of one test).
  package mutating func cacheDefaultValues(in cache: DefaultValueCache) {
    setOverride(cache, for: Self.defaultValuesKey)
  }
}
