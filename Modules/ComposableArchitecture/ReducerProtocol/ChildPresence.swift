/// The identity of an optional child state that is not `Identifiable`: every value is the same one, so the
/// child counts as one presentation from the moment it appears until its state becomes `nil`.
public struct ChildPresence: Hashable, Sendable {
  /// The one presence identity.
  @inlinable
  public init() {}
}
