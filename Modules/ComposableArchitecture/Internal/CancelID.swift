/// A type-erased cancellation id: equal when the wrapped ids have the same type and are equal.
///
/// `AnyHashable` is not `Sendable`, so the id is kept as `any Hashable & Sendable` and compared through
/// `AnyHashable` only inside `==`. The type is compared first because `AnyHashable` alone
/// would treat numbers of equal value as one (`1 as Int` and `1 as UInt8`), letting two features that pick
/// small integer ids cancel each other's work.
///
/// The id's hash is computed once, when it is made: the runner indexes its running effects by id, and a
/// dictionary compares a key with every key on its probe path, so most comparisons are between different ids,
/// which the stored hashes tell apart without the costly `AnyHashable` comparison (a child's scope holds
/// existentials all the way down).
@usableFromInline
struct CancelID: Hashable, Sendable {
  private let base: any Hashable & Sendable
  /// The hash of `base` and its type.
  private let storedHash: Int

  init(_ base: some Hashable & Sendable) {
    self.base = base
    var hasher = Hasher()
    hasher.combine(ObjectIdentifier(type(of: base)))
    hasher.combine(base)
    storedHash = hasher.finalize()
  }

  /// Whether this is the scope of a child's effects, which a navigation operator cancels itself when the
  /// child goes away, rather than an id a feature chose.
  var isChildScope: Bool { base is ChildEffectScope }

  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storedHash == rhs.storedHash && type(of: lhs.base) == type(of: rhs.base)
      && AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(storedHash)
  }
}
