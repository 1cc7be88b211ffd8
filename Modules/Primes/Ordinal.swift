/// `n` as an English ordinal: `1st`, `2nd`, `3rd`, `4th`, `11th`, `12th`, `13th`, `21st`, `101st`, `-1st`.
///
/// The English rule is built in rather than taken from the locale, so output is the same everywhere.
public func ordinal(_ n: Int) -> String {
  String(n) + ordinalSuffix(n)
}

/// The letters that follow `n` in its ordinal (``ordinal(_:)``): `st`, `nd`, `rd` or `th`; for a caller that
/// has `n`'s digits already.
public func ordinalSuffix(_ n: Int) -> String {
  let magnitude = n.magnitude
  return switch (magnitude % 100, magnitude % 10) {
  case (11...13, _): "th"
  case (_, 1): "st"
  case (_, 2): "nd"
  case (_, 3): "rd"
  default: "th"
  }
}
