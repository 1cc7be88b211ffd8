/// Why the activity could not be loaded, as recordings hold it: `{"loadFailed":{"_0":"…"}}`.
///
/// Encoded through a private mirror of the cases, whose coding Swift synthesizes: the format follows the
/// mirror, not the public enum, so renaming a case here is a change of the recorded format, made on purpose.
extension ActivityFeedProblem: Codable {
  private enum Coded: Codable {
    case loadFailed(String)
  }

  /// Decodes the problem a recording holds.
  public init(from decoder: any Decoder) throws {
    self =
      switch try Coded(from: decoder) {
      case let .loadFailed(reason): .loadFailed(reason)
      }
  }

  /// Encodes the problem for a recording.
  public func encode(to encoder: any Encoder) throws {
    let coded: Coded =
      switch self {
      case let .loadFailed(reason): .loadFailed(reason)
      }
    try coded.encode(to: encoder)
  }
}
