public import FoundationEssentials
import Synchronization

/// Favourite primes and their activity history kept in memory, for as long as the object lives: what the
/// in-memory favourites client (``FavoritePrimesClient/inMemory(_:files:)``) stores into and the in-memory
/// activity client (``ActivityClient/inMemory(_:)``) pages through, so that the two agree as the database's
/// clients do.
///
/// It keeps the database's rules: a save applies its changes in order (an addition appends a prime not yet
/// stored, a removal deletes every copy of a stored one, anything else changes nothing), records one entry
/// per change that altered the list, dated by `now` and numbered on from the last id (from 1), and each client
/// hears of every entry once. Several clients may share one memory, as several PrimeTimes share a file.
public final class FavoritePrimesMemory: Sendable {
  /// What is stored, and how many times it changed (for each client to tell the others' changes from its own).
  private struct Contents {
    var primes: [Int]
    /// How many copies of each prime `primes` holds: whether a prime is stored, without visiting the list.
    var copies: [Int: Int]
    var activity: [Activity]
    var version = 0
  }

  /// What one client has seen: the version it last loaded or saved at, and the largest entry id it returned.
  final class Cursor: Sendable {
    /// Nil until the client's first call.
    let seen = Mutex<(version: Int, activity: Int64)?>(nil)
  }

  private let contents: Mutex<Contents>
  private let now: @Sendable () -> Date

  /// Creates a memory holding `favoritePrimes` (any values, in order) and the history `activity` (oldest first,
  /// ids increasing); `now` dates the entries saves record.
  public init(
    favoritePrimes: [Int] = [],
    activity: [Activity] = [],
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    var copies: [Int: Int] = [:]
    for prime in favoritePrimes {
      copies[prime, default: 0] += 1
    }
    contents = Mutex(Contents(primes: favoritePrimes, copies: copies, activity: activity))
    self.now = now
  }

  /// The stored list; starts `cursor`'s count of entries at the last one, or returns those since.
  func load(_ cursor: Cursor) -> FavoritePrimesSync {
    contents.withLock { contents in
      cursor.seen.withLock { seen in
        let activity = seen.map { Self.entries(of: contents.activity, after: $0.activity) } ?? []
        seen = (contents.version, contents.activity.last?.id ?? 0)
        return FavoritePrimesSync(favoritePrimes: contents.primes, activity: activity)
      }
    }
  }

  /// Applies `changes` in order, as the database's save does; see ``FavoritePrimesClient/save``.
  func save(_ changes: [Activity.Kind], _ cursor: Cursor) -> FavoritePrimesSync {
    let date = now()
    return contents.withLock { contents in
      cursor.seen.withLock { seen in
        let known = seen.map { $0.version == contents.version } ?? false
        let after = seen?.activity ?? contents.activity.last?.id ?? 0
        var changed = false
        for change in changes {
          switch change {
          case let .addedFavoritePrime(prime):
            guard contents.copies[prime, default: 0] == 0 else { continue }
            contents.primes.append(prime)
            contents.copies[prime] = 1
          case let .removedFavoritePrime(prime):
            guard contents.copies.removeValue(forKey: prime) != nil else { continue }
            contents.primes.removeAll { $0 == prime }
          }
          changed = true
          let id = (contents.activity.last?.id ?? 0) &+ 1
          contents.activity.append(Activity(id: id, timestamp: date, type: change))
        }
        if changed {
          contents.version += 1
        }
        seen = (contents.version, contents.activity.last?.id ?? 0)
        return FavoritePrimesSync(
          favoritePrimes: known ? nil : contents.primes,
          activity: Self.entries(of: contents.activity, after: after)
        )
      }
    }
  }

  /// At most `limit` entries (all when nil) with ids below `before` (the latest when nil), oldest first.
  func page(before: Int64?, limit: Int?) -> ActivityPage {
    contents.withLock { contents in
      let end = before.map { bound in Self.firstIndex(in: contents.activity) { $0.id >= bound } }
        ?? contents.activity.endIndex
      let start = limit.map { max(0, end - max(0, $0)) } ?? 0
      return ActivityPage(activity: Array(contents.activity[start..<end]), hasEarlier: start > 0)
    }
  }

  /// The entries of `activity` (ids increasing) with ids greater than `id`.
  private static func entries(of activity: [Activity], after id: Int64) -> [Activity] {
    Array(activity[firstIndex(in: activity) { $0.id > id }...])
  }

  /// The first index of `activity` whose entry satisfies `isPast`, which holds for a suffix; by bisection.
  private static func firstIndex(in activity: [Activity], where isPast: (Activity) -> Bool) -> Int {
    var (low, high) = (activity.startIndex, activity.endIndex)
    while low < high {
      let middle = low + (high - low) / 2
      if isPast(activity[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
