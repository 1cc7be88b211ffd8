public import FavoriteList
public import FoundationEssentials

/// One entry of the activity history: a change to the favourite primes, when it was stored, and its place in
/// the history.
///
/// Entries are made only where changes are stored (the database, or the in-memory client), one per change that
/// altered the stored list, dated by that store's one clock; an app adopts them from what its loads and saves
/// return (``FavoritePrimesSync/activity``) and from ``ActivityClient``'s pages, never making its own.
public struct Activity: Equatable, Identifiable, Sendable {
  /// A change to the favourite primes: what a save sends, and what an entry records.
  public typealias Kind = FavoriteChange

  /// Its place in the history: larger is later, and no two entries of one history share it (the database's
  /// row id; the in-memory client numbers from 1).
  public var id: Int64
  /// When it happened.
  public var timestamp: Date
  /// What happened.
  public var type: Kind

  /// Creates an entry.
  public init(id: Int64, timestamp: Date, type: Kind) {
    self.id = id
    self.timestamp = timestamp
    self.type = type
  }
}
