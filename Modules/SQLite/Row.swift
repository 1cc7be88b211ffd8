import CSQLite

/// One result row, read out of the statement when it was stepped to.
public struct Row: Equatable, Sendable {
  /// The row's values, column by column.
  public let values: [SQLiteValue]

  /// The value of column `index` (0 is the first); `.null` past the last column.
  public subscript(index: Int) -> SQLiteValue {
    values.indices.contains(index) ? values[index] : .null
  }

  /// The integer in column `index`, or an error naming the column when it holds something else.
  public func integer(_ index: Int) throws -> Int64 {
    guard case let .integer(value) = self[index] else { throw mismatch(index, expected: "an integer") }
    return value
  }

  /// The text in column `index`, or an error naming the column when it holds something else.
  public func text(_ index: Int) throws -> String {
    guard case let .text(value) = self[index] else { throw mismatch(index, expected: "text") }
    return value
  }

  /// The BLOB in column `index`, or an error naming the column when it holds something else.
  public func bytes(_ index: Int) throws -> [UInt8] {
    guard case let .blob(value) = self[index] else { throw mismatch(index, expected: "a BLOB") }
    return value
  }

  private func mismatch(_ index: Int, expected: String) -> SQLiteError {
    SQLiteError(code: SQLITE_MISMATCH, message: "column \(index) holds \(self[index]), not \(expected)")
  }
}
