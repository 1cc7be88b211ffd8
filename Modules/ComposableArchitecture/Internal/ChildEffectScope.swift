/// Where a child feature lives in the tree of scoping operators (`ifLet`, `forEach`): one segment per
/// operator from the root down, each naming the operator (the key path from its parent's state to the child's)
/// and the child's identity there (an element's id, or a presented child's id or presence).
///
/// A child's scope is the cancel id of all of its effects, so that its operator can cancel exactly them when
/// the child goes away. While a child's reducer runs, its scope is the current one (``current``); an operator
/// nested in that child appends its own segment to it, which is why two children of the same type presented
/// in two places, or elements with equal ids in two different lists, never share a scope.
@usableFromInline
struct ChildEffectScope: Hashable, Sendable {
  @usableFromInline
  struct Segment: Hashable, Sendable {
    let keyPath: any Hashable & Sendable
    let identity: any Hashable & Sendable

    @usableFromInline
    init(keyPath: some Hashable & Sendable, identity: some Hashable & Sendable) {
      self.keyPath = keyPath
      self.identity = identity
    }

    @usableFromInline
    static func == (lhs: Self, rhs: Self) -> Bool {
      Self.equal(lhs.keyPath, rhs.keyPath) && Self.equal(lhs.identity, rhs.identity)
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
      hasher.combine(ObjectIdentifier(type(of: identity)))
      AnyHashable(identity).hash(into: &hasher)
      AnyHashable(keyPath).hash(into: &hasher)
    }

    /// Compares types first: `AnyHashable` alone would treat `1 as Int` and `1 as UInt8` as one id.
    private static func equal(_ lhs: any Hashable & Sendable, _ rhs: any Hashable & Sendable) -> Bool {
      type(of: lhs) == type(of: rhs) && AnyHashable(lhs) == AnyHashable(rhs)
    }
  }

  @usableFromInline let segments: [Segment]

  @usableFromInline
  init(segments: [Segment]) {
    self.segments = segments
  }

  /// The scope of the child reducer running now; empty outside every scoping operator.
  ///
  /// A `TaskLocal` held directly rather than through `@TaskLocal`, whose accessors inlinable code cannot
  /// reach. Only reducers read and bind it, synchronously, while they reduce.
  @usableFromInline
  static let current = TaskLocal(wrappedValue: ChildEffectScope(segments: []))

  /// The scope of the child at `identity` under the operator at `keyPath`, inside the current scope.
  @usableFromInline
  static func child(keyPath: some Hashable & Sendable, identity: some Hashable & Sendable) -> Self {
    Self(segments: current.get().segments + [Segment(keyPath: keyPath, identity: identity)])
  }

  /// Runs `body`, a child's reduce, with this scope as the current one.
  @usableFromInline
  func run<Result>(_ body: () throws -> Result) rethrows -> Result {
    try Self.current.withValue(self, operation: body)
  }
}
