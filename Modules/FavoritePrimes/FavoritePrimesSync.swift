/// What a load or save of the favourites brings back: the stored list when this client could not know it, and
/// the activity stored since this client last asked.
///
/// A client returns each activity entry once: ``activity`` holds every entry with an id greater than the
/// largest it returned before, oldest first, whoever recorded it (another PrimeTime sharing the file, or this
/// save itself). A client's first call starts that count, so its ``activity`` is then empty (a first save
/// returns its own entries): the history before it is read page by page through ``ActivityClient``.
public struct FavoritePrimesSync: Equatable, Sendable {
  /// The stored list, in order: always after a load; after a save, only when something other than this
  /// client's own changes altered it since this client last loaded or saved (another PrimeTime, a failed save
  /// whose outcome is unknown, or no load yet), and nil otherwise, when the list the caller holds with its
  /// changes applied is the stored one.
  public var favoritePrimes: [Int]?
  /// The entries stored since this client last returned any, oldest first.
  public var activity: [Activity]
  /// Whether ``favoritePrimes`` already passed ``FavoritePrimes/passesCheck(_:)`` as it is (each value a prime,
  /// none twice), so a load takes it without checking it again: true only for a list the client kept from such
  /// a check, as the database's quick-start copy of the list is. False when the list must be checked.
  public var favoritePrimesWereChecked: Bool

  /// Creates a result.
  public init(favoritePrimes: [Int]? = nil, activity: [Activity] = [], favoritePrimesWereChecked: Bool = false) {
    self.favoritePrimes = favoritePrimes
    self.activity = activity
    self.favoritePrimesWereChecked = favoritePrimesWereChecked
  }
}
