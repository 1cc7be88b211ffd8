public import FavoritePrimes

/// What happened to the favourites, as the activity screen shows it: the entries read so far, whether the
/// history holds older ones, and why it could not be read, if it could not.
///
/// `Codable` as Swift synthesizes it, for recordings.
public struct ActivityFeed: Equatable, Sendable, Codable {
  /// The entries, oldest first, ids increasing: the latest page of the history read at launch (or all of it,
  /// once asked for), then the entries every load and save brought back.
  public var entries: [Activity]
  /// Whether the history holds entries older than the first of ``entries``, not read yet.
  public var hasEarlier: Bool
  /// Why the activity of earlier sessions could not be loaded, if it could not.
  public var problem: ActivityFeedProblem?

  /// Creates a feed; empty, with nothing earlier, by default.
  public init(entries: [Activity] = [], hasEarlier: Bool = false, problem: ActivityFeedProblem? = nil) {
    self.entries = entries
    self.hasEarlier = hasEarlier
    self.problem = problem
  }

  /// What `activity` shows: the latest ``activityPageSize`` entries, oldest first.
  public var latest: ArraySlice<Activity> { entries.suffix(activityPageSize) }

  /// Whether the feed holds more than ``latest``: entries before them, or entries of the history not read yet
  /// (``hasEarlier``); `activity all` then shows them.
  public var hasMoreThanTheLatest: Bool { entries.count > activityPageSize || hasEarlier }
}

/// Why the activity feed of earlier sessions is missing, in words a person can act on.
public enum ActivityFeedProblem: Equatable, Sendable, CustomStringConvertible, Codable {
  /// Loading failed, for the reason given; the feed shows this session's activity only.
  case loadFailed(String)

  /// The sentence to show.
  public var description: String {
    switch self {
    case let .loadFailed(reason):
      "Couldn't load the activity of earlier sessions: \(reason.hasSuffix(".") ? reason : reason + ".") "
        + "The feed shows this session's activity only."
    }
  }
}
