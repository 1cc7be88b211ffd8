/// A run of consecutive entries of the activity history, read by ``ActivityClient/page``.
///
/// `Codable` as Swift synthesizes it, for recordings: `{"activity":[…],"hasEarlier":false}`.
public struct ActivityPage: Equatable, Sendable, Codable {
  /// The entries, oldest first.
  public var activity: [Activity]
  /// Whether the history holds entries older than the first of ``activity`` (older than the page's bound when
  /// it is empty).
  public var hasEarlier: Bool

  /// Creates a page.
  public init(activity: [Activity], hasEarlier: Bool) {
    self.activity = activity
    self.hasEarlier = hasEarlier
  }
}
