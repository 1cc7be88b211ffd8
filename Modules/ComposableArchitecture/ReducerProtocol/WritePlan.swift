import Synchronization

/// One `.dependency(keyPath, value)` or `.transformDependency(keyPath) { ... }` of a chain: the write, and
/// how to recognise what it stores.
@usableFromInline
struct DependencyWrite: Sendable {
  @usableFromInline let apply: @Sendable (inout DependencyValues) -> Void
  /// Whether a stored box holds a value of the write's own type, that the write stores whatever it started
  /// from: always false for a transform, which builds on the value in effect.
  @usableFromInline let storesOwnValue: @Sendable (AnyObject) -> Bool

  /// The write of `.dependency(keyPath, value)`.
  @inlinable
  init<Value: Sendable>(_ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable, _ value: Value) {
    apply = { $0[keyPath: keyPath] = value }
    storesOwnValue = { $0 is DependencyValues.Box<Value> }
  }

  /// The write of `.transformDependency(keyPath, transform)`.
  @inlinable
  init<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    transform: @escaping @Sendable (inout Value) -> Void
  ) {
    apply = { transform(&$0[keyPath: keyPath]) }
    storesOwnValue = { _ in false }
  }
}

/// What the writes of a `.dependency` chain do, so that later reduces can skip the key paths.
///
/// A write through a plain accessor such as `\.date` stores its value, boxed, under one key: the plan keeps
/// that box and sets it directly, with no key-path call and no allocation. A write through a longer path such
/// as `\.favoritePrimesClient.save` stores the whole client, rebuilt from the one in effect, so it runs again
/// on every reduce; so does a `.transformDependency`, and any write that changes anything else. Either way the
/// values come out the same as running every write.
@usableFromInline
final class WritePlan: Sendable {
  @usableFromInline
  enum Step: Sendable {
    case set(DependencyValues.Override)
    case context(DependencyContext)
    case write(@Sendable (inout DependencyValues) -> Void)
  }

  @usableFromInline let steps: [Step]

  /// The overrides the steps leave on values that had none, when every step is a `set` or a `context`: then
  /// applying the plan to such values (the common case) is one assignment, however long the chain, and the
  /// values are the same array every time, which is what lets an environment built from them be reused.
  @usableFromInline let overridesOnNone: [DependencyValues.Override]?
  /// The context the last `context` step sets, if any.
  @usableFromInline let context: DependencyContext?

  init(steps: [Step]) {
    self.steps = steps
    var values = DependencyValues(context: .detected)
    var context: DependencyContext?
    var onlySetsAndContexts = true
    for step in steps {
      switch step {
      case let .set(override): values.setOverride(override.box, for: override.key)
      case let .context(set): context = set
      case .write: onlySetsAndContexts = false
      }
    }
    overridesOnNone = onlySetsAndContexts ? values.overrides : nil
    self.context = context
  }

  @inlinable
  func apply(to values: inout DependencyValues) {
    if values.overrides.isEmpty, let overridesOnNone {
      values.overrides = overridesOnNone
      if let context {
        values.context = context
      }
      return
    }
    values.overrides.reserveCapacity(values.overrides.count + steps.count)
    for step in steps {
      switch step {
      case let .set(override): values.setOverride(override.box, for: override.key)
      case let .context(context): values.context = context
      case let .write(write): values.update(write)
      }
    }
  }

  /// Runs `write` on `values` and works out which step reproduces it.
  ///
  /// Setting through a key path reads the old value first, even when it is replaced whole. The write runs as
  /// an update (``DependencyValues/update(_:)``), so a key with no value for the context is not reported by
  /// that read. For a write that replaces the value whole, any other warning its read raised means nothing,
  /// so it is dropped; any other write builds on what it read, so they are passed on.
  static func step(for write: DependencyWrite, applyingTo values: inout DependencyValues) -> Step {
    let before = values
    var written = values
    let warnings = RuntimeWarning.collecting { written.update(write.apply) }
    values = written
    let changed = values.overrides.filter { override in
      !before.overrides.contains { $0.key == override.key && $0.box === override.box }
    }
    let contextChanged =
      values.isContextExplicit != before.isContextExplicit || values.storedContext != before.storedContext
    switch (changed.count, contextChanged) {
    case (1, false) where write.storesOwnValue(changed[0].box):
      return .set(changed[0])
    case (0, true):
      return .context(values.storedContext)
    default:
      for warning in warnings {
        RuntimeWarning.report(warning.message, at: warning.location)
      }
      return .write(write.apply)
    }
  }
}

/// A plan published once, by the first reduce to finish learning it; later reduces read it with one atomic
/// load. Two reduces learning at the same time build equal plans, and the second one's is dropped.
@usableFromInline
final class WritePlanCell: Sendable {
  /// The bit pattern of a retained `WritePlan`, or 0.
  private let address = Atomic<UInt>(0)

  @usableFromInline
  init() {}

  deinit {
    if let pointer = UnsafeRawPointer(bitPattern: address.load(ordering: .acquiring)) {
      Unmanaged<WritePlan>.fromOpaque(pointer).release()
    }
  }

  @usableFromInline
  func load() -> WritePlan? {
    UnsafeRawPointer(bitPattern: address.load(ordering: .acquiring))
      .map { Unmanaged<WritePlan>.fromOpaque($0).takeUnretainedValue() }
  }

  /// Applies `writes` to `values`, learning the plan that reproduces them, and publishes it.
  ///
  /// Values that had no overrides end up with the plan's own (``WritePlan/overridesOnNone``), the very ones
  /// every later reduce gets, so that what is built once per set of values (an environment) is built once.
  @usableFromInline
  func learn(_ writes: [DependencyWrite], applyingTo values: inout DependencyValues) {
    let hadOverrides = !values.overrides.isEmpty
    defer {
      if !hadOverrides, let overrides = load()?.overridesOnNone {
        values.overrides = overrides
      }
    }
    let plan = WritePlan(steps: writes.map { WritePlan.step(for: $0, applyingTo: &values) })
    let retained = Unmanaged.passRetained(plan)
    let (published, _) = address.compareExchange(
      expected: 0,
      desired: UInt(bitPattern: retained.toOpaque()),
      ordering: .acquiringAndReleasing
    )
    if !published {
      retained.release()
    }
  }
}
