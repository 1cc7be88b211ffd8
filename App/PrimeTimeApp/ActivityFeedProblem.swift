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
