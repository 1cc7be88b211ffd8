/// A word read as a decimal number: ASCII digits after an optional `+` or `-`, with an optional fraction of
/// ASCII digits after one `.` (`0.5`, `-3`, `12.25`).
///
/// The one rule for numbers on command lines, next to ``WholeNumber`` for whole ones: no exponents (`1e3`),
/// no hexadecimal (`0x10`), no `inf` or `nan`, no `_` or spaces, no non-ASCII digits. It never traps; a
/// number too long for `Double` becomes infinity, which a range check then refuses.
public struct DecimalNumber: Equatable, Sendable {
  /// The number.
  public let value: Double

  /// The number `word` spells, or nil when it is not digits with an optional sign and fraction.
  public init?(_ word: String) {
    let sign = word.first
    let unsigned = sign == "+" || sign == "-" ? word.dropFirst() : word[...]
    let parts = unsigned.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    guard let whole = parts.first, !whole.isEmpty, whole.utf8.allSatisfy(isDigit) else { return nil }
    if parts.count == 2 {
      guard !parts[1].isEmpty, parts[1].utf8.allSatisfy(isDigit) else { return nil }
    }
    guard let value = Double(word) else { return nil }
    self.value = value
  }
}
