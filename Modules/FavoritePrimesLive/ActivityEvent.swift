public import Foundation

/// One change to the favourites, recorded by ``FavoritePrimesDatabase/save(_:)`` in the same transaction as
/// the change itself.
///
/// The date is kept as whole milliseconds since 1970, as it is stored: an event made here compares equal to
/// the one read back from the database.
public struct ActivityEvent: Equatable, Sendable {
  /// What happened to the prime.
  public enum Kind: String, Equatable, Sendable {
    /// The prime became a favourite.
    case added
    /// The prime stopped being a favourite.
    case removed
  }

  /// What happened.
  public let kind: Kind
  /// The prime it happened to.
  public let prime: Int
  /// When it happened, in whole milliseconds since 00:00:00 UTC on 1 January 1970 (negative before).
  public let millisecondsSince1970: Int64

  /// When it happened, to the millisecond.
  public var date: Date {
    Date(timeIntervalSince1970: Double(millisecondsSince1970) / 1000)
  }

  /// An event at `date`, rounded to the nearest millisecond (and clamped to what 64 bits of milliseconds hold).
  public init(kind: Kind, prime: Int, date: Date) {
    self.init(kind: kind, prime: prime, millisecondsSince1970: Self.milliseconds(date))
  }

  /// An event at `millisecondsSince1970`, exactly as stored.
  public init(kind: Kind, prime: Int, millisecondsSince1970: Int64) {
    self.kind = kind
    self.prime = prime
    self.millisecondsSince1970 = millisecondsSince1970
  }

  /// `date` in whole milliseconds since 1970, rounded to the nearest and clamped; 0 for a NaN date.
  static func milliseconds(_ date: Date) -> Int64 {
    let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
    if milliseconds.isNaN { return 0 }
    if milliseconds >= 0x1p63 { return .max }
    if milliseconds < -0x1p63 { return .min }
    return Int64(milliseconds)
  }
}
