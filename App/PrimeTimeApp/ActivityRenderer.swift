public import FavoritePrimes
public import Foundation

/// The activity feed as lines of text, oldest first: `2026-11-21 18:04:05  added 7`.
///
/// Times are shown to the second in `timeZone` (the user's own in the app; tests pin one).
public func renderActivity(_ feed: [Activity], timeZone: TimeZone = .current) -> [String] {
  guard !feed.isEmpty else { return ["No activity yet."] }
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = timeZone
  return feed.map { activity in
    let time = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: activity.timestamp)
    let stamp = "\(pad(time.year, 4))-\(pad(time.month, 2))-\(pad(time.day, 2))"
      + " \(pad(time.hour, 2)):\(pad(time.minute, 2)):\(pad(time.second, 2))"
    switch activity.type {
    case let .addedFavoritePrime(prime): return "\(stamp)  added \(prime)"
    case let .removedFavoritePrime(prime): return "\(stamp)  removed \(prime)"
    }
  }
}

/// `value` in decimal, with leading zeros up to `width` digits.
private func pad(_ value: Int?, _ width: Int) -> String {
  let value = value ?? 0
  let digits = String(value.magnitude)
  let padded = digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
  return value < 0 ? "-" + padded : padded
}
