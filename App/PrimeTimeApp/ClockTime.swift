/// A date and a time of day as a clock and a calendar show them: `2026-11-21 18:04:05`.
public struct ClockTime: Equatable, Sendable {
  /// The year (proleptic Gregorian; 0 is 1 BC).
  public var year: Int
  /// The month, 1 to 12.
  public var month: Int
  /// The day of the month, 1 to 31.
  public var day: Int
  /// The hour, 0 to 23.
  public var hour: Int
  /// The minute, 0 to 59.
  public var minute: Int
  /// The second, 0 to 60 (60 for a leap second, where the C library counts them).
  public var second: Int

  /// A clock time from its parts.
  public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
    (self.year, self.month, self.day) = (year, month, day)
    (self.hour, self.minute, self.second) = (hour, minute, second)
  }

  /// The time in UTC `seconds` after 1970-01-01 00:00:00 (before it when negative), in the proleptic
  /// Gregorian calendar (Howard Hinnant's `civil_from_days`).
  public init(secondsSince1970 seconds: Int) {
    let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
    let secondOfDay = seconds - days * 86_400
    let shifted = days + 719_468  // days since 0000-03-01
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthFromMarch = (5 * dayOfYear + 2) / 153
    let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
    self.init(
      year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0),
      month: month,
      day: dayOfYear - (153 * monthFromMarch + 2) / 5 + 1,
      hour: secondOfDay / 3600,
      minute: secondOfDay % 3600 / 60,
      second: secondOfDay % 60
    )
  }

  /// `2026-11-21 18:04:05`: the year in at least four digits, every other part in two.
  public var description: String {
    "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2)) \(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
  }
}

/// `value` in decimal, with leading zeros up to `width` digits.
private func pad(_ value: Int, _ width: Int) -> String {
  let digits = String(value.magnitude)
  let padded = digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
  return value < 0 ? "-" + padded : padded
}
