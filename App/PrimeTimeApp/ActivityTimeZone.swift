public import FoundationEssentials

import Platform

/// Where the activity feed's times are read: this machine's local time, or a fixed offset from UTC.
///
/// Local time is the C library's (`localtime_r`: the `TZ` variable, else `/etc/localtime`, daylight saving
/// included), so that PrimeTime needs neither Foundation's `TimeZone` database nor ICU.
public enum ActivityTimeZone: Equatable, Sendable {
  /// This machine's local time.
  case local
  /// A fixed number of seconds east of UTC (negative to the west).
  case secondsEastOfUTC(Int)

  /// UTC.
  public static let utc = ActivityTimeZone.secondsEastOfUTC(0)

  /// The calendar date and the time of day of `date` here, to the second (the fraction dropped), in the
  /// proleptic Gregorian calendar.
  public func clockTime(of date: Date) -> ClockTime {
    // Every date the database can hold (±2^63 milliseconds, some 292 million years) is shown as itself; one
    // beyond ±10^16 seconds, which only a `Date` made otherwise can be, as the nearest of the two.
    let seconds = Int(max(-1e16, min(1e16, date.timeIntervalSince1970.rounded(.down))))
    switch self {
    case .local:
      var time = time_t(seconds)
      var parts = tm()
      guard localtime_r(&time, &parts) != nil else { return ClockTime(secondsSince1970: seconds) }
      return ClockTime(
        year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
        hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec)
      )
    case let .secondsEastOfUTC(offset):
      return ClockTime(secondsSince1970: seconds + offset)
    }
  }
}
