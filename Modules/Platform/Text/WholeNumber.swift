/// A word read as a whole number in decimal: ASCII digits after an optional `+` or `-`; never traps.
///
/// The one rule for whole numbers, in commands (`set 42`) and on command lines (`prime-modal-demo -3`).
public enum WholeNumber: Equatable, Sendable {
  /// The number fits in `Int`.
  case value(Int)
  /// A number above `Int.max`.
  case tooLarge
  /// A number below `Int.min`.
  case tooSmall
  /// Not digits with an optional sign (`x`, `1.5`, `0x10`, `1_000`, `٣`, an empty word).
  case notANumber

  /// Reads `word`.
  public init(_ word: String) {
    let sign = word.first
    let digits = sign == "+" || sign == "-" ? word.dropFirst() : word[...]
    let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    guard !digits.isEmpty, digits.utf8.allSatisfy(isDigit) else {
      self = .notANumber
      return
    }
    if let value = Int(word) {
      self = .value(value)
    } else {
      self = sign == "-" ? .tooSmall : .tooLarge
    }
  }
}
