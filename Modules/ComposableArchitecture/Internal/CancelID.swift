/// A type-erased cancellation id: equal when the wrapped ids have the same type and are equal.
///
/// `AnyHashable` is not `Sendable`, so the id is kept as `any Hashable & Sendable` and compared through
/// `AnyHashable` only inside `==` and `hash(into:)`.
struct CancelID: Hashable, Sendable {
  private let base: any Hashable & Sendable

  init(_ base: some Hashable & Sendable) {
    self.base = base
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  func hash(into hasher: inout Hasher) {
    AnyHashable(base).hash(into: &hasher)
  }
}
