extension Connection {
  /// A connection to look at the database at `path` without changing it: read-write, as SQLite needs to
  /// read a WAL database, and released without the checkpoint a close would do.
  ///
  /// For an integrity check or a copy beside the connection a program works on: it reads one snapshot and
  /// leaves the main file and its log as they were.
  ///
  /// - Throws: ``SQLiteError`` when the file cannot be opened.
  public convenience init(inspecting path: String) throws {
    try self.init(path: path, mode: .readWrite)
    try setCheckpointsOnClose(false)
  }

  /// `PRAGMA quick_check`'s first `limit` findings, one line each; empty when it answers ok.
  ///
  /// SQLite may answer several findings in one row, a line each, under a `*** in database main ***` heading;
  /// the heading is left out. When the check stops on damage it cannot step over (a page that is not a page
  /// at all), the findings it gave first are kept, followed by the error that stopped it; with none, that
  /// error is thrown. It reads every page: about 150 ms for 100,000 rows in each of two tables.
  ///
  /// - Throws: ``SQLiteError``, e.g. `SQLITE_CORRUPT` or `SQLITE_NOTADB` for damage met before any finding.
  public func quickCheck(limit: Int) throws -> [String] {
    // At most `limit` errors: enough to say what is damaged, and the check stops early on a badly damaged file.
    var rows: [String] = []
    do {
      try forEachRow("PRAGMA quick_check(\(max(1, limit)))") { rows.append(try $0.text(0)) }
    } catch let error as SQLiteError where !rows.isEmpty && error.saysFileIsDamaged {
      rows.append(error.message)
    }
    guard rows != ["ok"] else { return [] }
    let lines = rows.flatMap { $0.split(whereSeparator: \.isNewline) }
      .map(\.withoutBlanksAtEitherEnd)
      .filter { !$0.isEmpty && !($0.hasPrefix("***") && $0.hasSuffix("***")) }
    return lines.isEmpty ? rows : Array(lines.prefix(limit))
  }

  /// ``quickCheck(limit:)``, with damage that stops the check before any finding (a file SQLite cannot read
  /// as a database at all) as its one finding: empty only for a file that passed.
  ///
  /// - Throws: ``SQLiteError`` for anything but damage, e.g. `SQLITE_BUSY`.
  public func integrityFindings(limit: Int) throws -> [String] {
    do {
      return try quickCheck(limit: limit)
    } catch let error as SQLiteError where error.saysFileIsDamaged {
      return [error.message]
    }
  }
}

extension Substring {
  /// The text without the spaces and tabs at either end.
  fileprivate var withoutBlanksAtEitherEnd: String {
    let isBlank = { (character: Character) in character == " " || character == "\t" }
    return String(drop(while: isBlank).reversed().drop(while: isBlank).reversed())
  }
}
