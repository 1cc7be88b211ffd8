public import FavoritePrimes

/// The activity feed as lines of text, oldest first: `2026-11-21 18:04:05  added 7`.
///
/// Times are shown to the second in `timeZone` (the user's local time in the app; tests pin one).
public func renderActivity(_ feed: [Activity], timeZone: ActivityTimeZone = .local) -> [String] {
  guard !feed.isEmpty else { return ["No activity yet."] }
  return feed.map { activity in
    let stamp = timeZone.clockTime(of: activity.timestamp).description
    switch activity.type {
    case let .addedFavoritePrime(prime): return "\(stamp)  added \(prime)"
    case let .removedFavoritePrime(prime): return "\(stamp)  removed \(prime)"
    }
  }
}
