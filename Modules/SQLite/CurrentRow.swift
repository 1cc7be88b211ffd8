/// The row a statement has stepped to, read in place: lent to a `forEachRow` body, valid only there.
///
/// Reading a column copies nothing but the value asked for, so scanning many rows allocates nothing for
/// integers.
public struct CurrentRow: ~Copyable {
  let statement: Statement

  /// The integer in column `index` (0 is the first).
  ///
  /// - Throws: ``SQLiteError``: `SQLITE_MISMATCH` naming the column when it holds anything else,
  ///   `SQLITE_RANGE` when there is no such column.
  public func integer(_ index: Int) throws -> Int64 {
    try statement.integer(at: index)
  }

  /// The text in column `index` (0 is the first).
  ///
  /// - Throws: ``SQLiteError``: `SQLITE_MISMATCH` naming the column when it holds anything else,
  ///   `SQLITE_RANGE` when there is no such column.
  public func text(_ index: Int) throws -> String {
    try statement.text(at: index)
  }

  /// The BLOB in column `index` (0 is the first), copied out.
  ///
  /// - Throws: ``SQLiteError``: `SQLITE_MISMATCH` naming the column when it holds anything else,
  ///   `SQLITE_RANGE` when there is no such column.
  public func bytes(_ index: Int) throws -> [UInt8] {
    try statement.bytes(at: index)
  }

  /// Lends the BLOB in column `index` (0 is the first) to `body` where SQLite keeps it, without copying it:
  /// for a large BLOB decoded once. The buffer is valid only inside `body`.
  ///
  /// - Throws: ``SQLiteError``: `SQLITE_MISMATCH` naming the column when it holds anything else,
  ///   `SQLITE_RANGE` when there is no such column; or what `body` throws.
  public func withBytes<Result>(_ index: Int, _ body: (UnsafeRawBufferPointer) throws -> Result) throws -> Result {
    try statement.withBytes(at: index, body)
  }
}

@available(*, unavailable, message: "a row is read in place, on its connection")
extension CurrentRow: Sendable {}
