/// A type-erased cancellation id: equal when the wrapped ids have the same type and are equal.
///
/// `AnyHashable` is not `Sendable`, so the id is kept as `any Hashable & Sendable` and compared through
/// `AnyHashable` only inside `==` and `hash(into:)`. The type is compared first because `AnyHashable` alone
/// would treat numbers of equal value as one (`1 as Int` and `1 as UInt8`), letting two features that pick
/// small integer ids cancel each other's work.
@usableFromInline
struct CancelID: Hashable, Sendable {
  private let base: any Hashable & Sendable

  init(_ base: some Hashable & Sendable) {
    self.base = base
  }

  @usableFromInline
  static func == (lhs: Self, rhs: Self) -> Bool {
    type(of: lhs.base) == type(of: rhs.base) && AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type(of: base)))
    AnyHashable(base).hash(into: &hasher)
  }
}
