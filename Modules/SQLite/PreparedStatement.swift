/// A statement prepared once and run many times, lent to the body of ``Connection/withStatement(_:_:)``.
///
/// It cannot be copied or kept: it lives only for that body, and the statement is finalized when the body
/// returns or throws. Every run binds every parameter, and a run that fails leaves the statement ready
/// for the next one. The integer forms bind without building an array, for bulk inserts.
public struct PreparedStatement: ~Copyable {
  let statement: Statement

  /// The SQL it was prepared from.
  public var sql: String { statement.sql }

  /// Runs the statement with no parameters, ignoring any rows it returns.
  ///
  /// - Throws: ``SQLiteError``; `SQLITE_RANGE` when the statement has parameters.
  public func execute() throws {
    try statement.requireParameters(0)
    try statement.run()
  }

  /// Runs the statement with `first` bound to its one parameter, ignoring any rows it returns.
  ///
  /// - Throws: ``SQLiteError``; `SQLITE_RANGE` unless the statement has exactly one parameter.
  public func execute(_ first: Int64) throws {
    try statement.requireParameters(1)
    try statement.bind(first, at: 1)
    try statement.run()
  }

  /// Runs the statement with `first` and `second` bound to its two parameters, ignoring any rows it
  /// returns.
  ///
  /// - Throws: ``SQLiteError``; `SQLITE_RANGE` unless the statement has exactly two parameters.
  public func execute(_ first: Int64, _ second: Int64) throws {
    try statement.requireParameters(2)
    try statement.bind(first, at: 1)
    try statement.bind(second, at: 2)
    try statement.run()
  }

  /// Runs the statement with `arguments` bound to its parameters, ignoring any rows it returns.
  ///
  /// - Throws: ``SQLiteError``; `SQLITE_RANGE` unless there is one argument per parameter.
  public func execute(_ arguments: [SQLiteValue]) throws {
    try statement.bind(arguments)
    try statement.run()
  }

  /// Runs the statement with `arguments` bound to its parameters, handing each row to `body` to read in
  /// place, without copying it into a ``Row``.
  ///
  /// - Throws: ``SQLiteError``, or what `body` throws, which stops the run.
  public func forEachRow(_ arguments: [SQLiteValue] = [], _ body: (borrowing CurrentRow) throws -> Void) throws {
    try statement.bind(arguments)
    try statement.forEachRow(body)
  }
}

@available(*, unavailable, message: "a prepared statement belongs to its connection")
extension PreparedStatement: Sendable {}
