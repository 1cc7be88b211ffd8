import FavoritePrimes
public import FoundationEssentials

/// How an ``FavoritePrimes/Activity`` is kept in the `activity_event` table: its kind as a word, its date as
/// whole milliseconds since 1970.
public enum StoredActivity {
  /// The `kind` column's values.
  public enum Kind: String, Sendable {
    /// The prime became a favourite.
    case added
    /// The prime stopped being a favourite.
    case removed
  }

  /// `date` in whole milliseconds since 1970, rounded to the nearest and clamped to what 64 bits hold; 0 for
  /// a NaN date. Dates are stored so: an entry read back carries ``date(milliseconds:)`` of this.
  public static func milliseconds(_ date: Date) -> Int64 {
    let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
    if milliseconds.isNaN { return 0 }
    if milliseconds >= 0x1p63 { return .max }
    if milliseconds < -0x1p63 { return .min }
    return Int64(milliseconds)
  }

  /// The date `milliseconds` after 00:00:00 UTC on 1 January 1970 (before it when negative).
  public static func date(milliseconds: Int64) -> Date {
    Date(timeIntervalSince1970: Double(milliseconds) / 1000)
  }

  /// The entry a row holds.
  static func activity(id: Int64, kind: Kind, prime: Int, milliseconds: Int64) -> Activity {
    let type: Activity.Kind =
      switch kind {
      case .added: .addedFavoritePrime(prime)
      case .removed: .removedFavoritePrime(prime)
      }
    return Activity(id: id, timestamp: date(milliseconds: milliseconds), type: type)
  }
}
