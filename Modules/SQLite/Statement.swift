import CSQLite

/// A prepared statement: bound, stepped, and finalized when it goes away, on every path.
///
/// Only a ``Connection`` makes statements; none outlives the call that made it (a ``PreparedStatement``
/// lends one to a closure, and cannot be kept).
final class Statement {
  private let handle: OpaquePointer
  private let database: OpaquePointer
  let sql: String
  /// How many values each run must bind.
  let parameterCount: Int

  /// Prepares `sql`, which must hold exactly one statement: empty SQL, or more text than comments and
  /// white space after the first statement, is refused rather than half run.
  init(sql: String, database: OpaquePointer) throws {
    var handle: OpaquePointer?
    let (code, remainder) = sql.withCString { text -> (Int32, String) in
      var tail: UnsafePointer<CChar>?
      let code = sqlite3_prepare_v2(database, text, -1, &handle, &tail)
      return (code, tail.map { String(cString: $0) } ?? "")
    }
    guard code == SQLITE_OK else {
      let code = sqlite3_extended_errcode(database)
      let error = SQLiteError(
        code: code, message: errorMessage(database), sql: sql, systemErrno: systemErrno(database, code: code))
      sqlite3_finalize(handle)
      throw error
    }
    guard let handle else {
      throw SQLiteError(code: SQLITE_MISUSE, message: "the SQL holds no statement", sql: sql)
    }
    guard Self.holdsNoStatement(remainder, database: database) else {
      sqlite3_finalize(handle)
      throw SQLiteError(
        code: SQLITE_MISUSE,
        message: "the SQL holds more than one statement; run them one at a time",
        sql: sql
      )
    }
    self.handle = handle
    self.database = database
    self.sql = sql
    parameterCount = Int(sqlite3_bind_parameter_count(handle))
  }

  /// Whether `sql` is only white space and comments.
  private static func holdsNoStatement(_ sql: String, database: OpaquePointer) -> Bool {
    if sql.allSatisfy(\.isWhitespace) { return true }
    var handle: OpaquePointer?
    let code = sqlite3_prepare_v2(database, sql, -1, &handle, nil)
    sqlite3_finalize(handle)
    return code == SQLITE_OK && handle == nil
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Binds `values` to the parameters in order; their number must match the statement's.
  func bind(_ values: [SQLiteValue]) throws {
    try requireParameters(values.count)
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let code: Int32
      switch value {
      case let .integer(integer):
        code = sqlite3_bind_int64(handle, index, integer)
      case let .text(text):
        code = text.withCString { characters in
          sqlite3_bind_text64(
            handle, index, characters, UInt64(text.utf8.count), csqlite_transient(), UInt8(SQLITE_UTF8))
        }
      case .null:
        code = sqlite3_bind_null(handle, index)
      case let .blob(bytes):
        // SQLite reads a null pointer as NULL, so an empty BLOB is bound as zero bytes instead.
        code = bytes.isEmpty
          ? sqlite3_bind_zeroblob(handle, index, 0)
          : bytes.withUnsafeBytes { buffer in
            sqlite3_bind_blob64(handle, index, buffer.baseAddress, UInt64(buffer.count), csqlite_transient())
          }
      }
      try check(code)
    }
  }

  /// Throws `SQLITE_RANGE` unless the statement has exactly `count` parameters.
  func requireParameters(_ count: Int) throws {
    guard count == parameterCount else {
      throw SQLiteError(
        code: SQLITE_RANGE,
        message: "the statement has \(parameterCount) parameters, but \(count) values were given",
        sql: sql
      )
    }
  }

  /// Binds `value` to parameter `index` (1 is the first), which must exist.
  func bind(_ value: Int64, at index: Int32) throws {
    try check(sqlite3_bind_int64(handle, index, value))
  }

  /// Makes the statement ready to run again with new bindings.
  func reset() {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }

  /// Steps through every row, ignoring them, then rewinds the statement, keeping its bindings; on a failure
  /// too, so the statement can run again.
  func run() throws {
    defer { sqlite3_reset(handle) }
    while try step() {}
  }

  /// Steps through every row, handing each to `body` to read in place, then rewinds the statement, keeping
  /// its bindings; on a failure too.
  func forEachRow(_ body: (borrowing CurrentRow) throws -> Void) throws {
    defer { sqlite3_reset(handle) }
    while try step() {
      try body(CurrentRow(statement: self))
    }
  }

  /// The integer in the first column of every row, in order; then rewinds the statement, keeping its bindings,
  /// on a failure too. `SQLITE_MISMATCH` at the first value that is not an integer.
  func integersOfFirstColumn() throws -> [Int64] {
    defer { sqlite3_reset(handle) }
    guard sqlite3_column_count(handle) > 0 else {
      throw SQLiteError(code: SQLITE_RANGE, message: "the result has no column 0", sql: sql)
    }
    var values: [Int64] = []
    while try step() {
      guard sqlite3_column_type(handle, 0) == SQLITE_INTEGER else {
        throw columnMismatch(0, expected: "an integer")
      }
      values.append(sqlite3_column_int64(handle, 0))
    }
    return values
  }

  /// The integer in column `index` of the current row; `SQLITE_MISMATCH` when it holds anything else.
  func integer(at index: Int) throws -> Int64 {
    let column = try columnIndex(index)
    guard sqlite3_column_type(handle, column) == SQLITE_INTEGER else {
      throw columnMismatch(index, expected: "an integer")
    }
    return sqlite3_column_int64(handle, column)
  }

  /// The text in column `index` of the current row; `SQLITE_MISMATCH` when it holds anything else.
  func text(at index: Int) throws -> String {
    let column = try columnIndex(index)
    guard sqlite3_column_type(handle, column) == SQLITE_TEXT else {
      throw columnMismatch(index, expected: "text")
    }
    return columnText(column)
  }

  /// The BLOB in column `index` of the current row; `SQLITE_MISMATCH` when it holds anything else.
  func bytes(at index: Int) throws -> [UInt8] {
    try withBytes(at: index) { Array($0) }
  }

  /// Lends the BLOB in column `index` of the current row to `body`, in SQLite's own buffer, without a copy;
  /// `SQLITE_MISMATCH` when the column holds anything else.
  func withBytes<Result>(at index: Int, _ body: (UnsafeRawBufferPointer) throws -> Result) throws -> Result {
    let column = try columnIndex(index)
    guard sqlite3_column_type(handle, column) == SQLITE_BLOB else {
      throw columnMismatch(index, expected: "a BLOB")
    }
    return try body(columnBuffer(column))
  }

  private func columnIndex(_ index: Int) throws -> Int32 {
    guard index >= 0, index < Int(sqlite3_column_count(handle)) else {
      throw SQLiteError(code: SQLITE_RANGE, message: "the result has no column \(index)", sql: sql)
    }
    return Int32(truncatingIfNeeded: index)
  }

  private func columnMismatch(_ index: Int, expected: String) -> SQLiteError {
    let found =
      switch sqlite3_column_type(handle, Int32(truncatingIfNeeded: index)) {
      case SQLITE_INTEGER: "an integer"
      case SQLITE_TEXT: "text"
      case SQLITE_NULL: "NULL"
      case SQLITE_FLOAT: "a REAL"
      default: "a BLOB"
      }
    return SQLiteError(.mismatch, message: "column \(index) holds \(found), not \(expected)", sql: sql)
  }

  /// Column `column`'s text; the length is asked after the text, as SQLite's documentation requires.
  private func columnText(_ column: Int32) -> String {
    guard let characters = sqlite3_column_text(handle, column) else { return "" }
    let length = Int(sqlite3_column_bytes(handle, column))
    return String(decoding: UnsafeBufferPointer(start: characters, count: length), as: UTF8.self)
  }

  /// Column `column`'s BLOB where SQLite keeps it, valid until the statement steps or resets; the length is
  /// asked after the bytes, as SQLite's documentation requires.
  private func columnBuffer(_ column: Int32) -> UnsafeRawBufferPointer {
    guard let bytes = sqlite3_column_blob(handle, column) else { return UnsafeRawBufferPointer(start: nil, count: 0) }
    return UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column)))
  }

  /// Steps to the next row; `false` once the statement is done.
  func step() throws -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw failure(code)
    }
  }

  /// The current row's values.
  func row() throws -> Row {
    let count = sqlite3_column_count(handle)
    var values: [SQLiteValue] = []
    values.reserveCapacity(Int(count))
    for column in 0..<count {
      switch sqlite3_column_type(handle, column) {
      case SQLITE_INTEGER:
        values.append(.integer(sqlite3_column_int64(handle, column)))
      case SQLITE_TEXT:
        values.append(.text(columnText(column)))
      case SQLITE_NULL:
        values.append(.null)
      case SQLITE_BLOB:
        values.append(.blob(Array(columnBuffer(column))))
      default:
        throw SQLiteError(
          .mismatch,
          message: "column \(column) holds a REAL value, which this library does not read",
          sql: sql
        )
      }
    }
    return Row(values: values)
  }

  private func check(_ code: Int32) throws {
    guard code == SQLITE_OK else { throw failure(code) }
  }

  private func failure(_ code: Int32) -> SQLiteError {
    let extended = sqlite3_extended_errcode(database)
    return SQLiteError(
      code: extended, message: errorMessage(database), sql: sql, systemErrno: systemErrno(database, code: extended))
  }
}

/// The connection's last error message, to be read right after the failing call.
func errorMessage(_ database: OpaquePointer) -> String {
  String(cString: sqlite3_errmsg(database))
}

/// The `errno` behind the connection's last error `code`, to be read right after the failing call: SQLite
/// records it only for an I/O error or a failure to open, and keeps it after, so any other code gets 0.
func systemErrno(_ database: OpaquePointer, code: Int32) -> Int32 {
  let primary = code & 0xFF
  return primary == SQLITE_IOERR || primary == SQLITE_CANTOPEN ? sqlite3_system_errno(database) : 0
}
