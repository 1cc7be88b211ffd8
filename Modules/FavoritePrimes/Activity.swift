public import Foundation

/// One entry of the activity feed: a prime that became, or stopped being, a favourite, and when.
public struct Activity: Equatable, Sendable {
  /// What happened to a favourite prime.
  public enum Kind: Equatable, Sendable {
    /// The prime was saved as a favourite.
    case addedFavoritePrime(Int)
    /// The prime stopped being a favourite.
    case removedFavoritePrime(Int)
  }

  /// When it happened.
  public var timestamp: Date
  /// What happened.
  public var type: Kind

  /// Creates an entry.
  public init(timestamp: Date, type: Kind) {
    self.timestamp = timestamp
    self.type = type
  }
}
