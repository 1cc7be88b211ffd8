/// A value bound to a statement's parameter or read from a result column: the only kinds the library handles.
///
/// Values are always bound as parameters, never spliced into SQL text.
public enum SQLiteValue: Equatable, Sendable {
  /// A signed 64-bit integer.
  case integer(Int64)
  /// UTF-8 text, which may contain any character, NUL included.
  case text(String)
  /// SQL NULL.
  case null
  /// A BLOB: bytes SQLite stores as they are, any length (an empty one included).
  case blob([UInt8])
}

extension SQLiteValue: ExpressibleByIntegerLiteral {
  /// An integer value: `7`.
  public init(integerLiteral value: Int64) {
    self = .integer(value)
  }
}

extension SQLiteValue: ExpressibleByStringLiteral {
  /// A text value: `"added"`.
  public init(stringLiteral value: String) {
    self = .text(value)
  }
}

extension SQLiteValue: ExpressibleByNilLiteral {
  /// NULL.
  public init(nilLiteral: ()) {
    self = .null
  }
}
