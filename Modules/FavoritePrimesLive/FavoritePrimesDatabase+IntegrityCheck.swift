#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
import SQLite

extension FavoritePrimesDatabase {
  /// How many findings of `quick_check` an integrity check keeps: the first few say what to know.
  static let integrityFindingsKept = 3

  /// Checks every page of the database file with SQLite's `PRAGMA quick_check` and returns its first findings
  /// (at most ``integrityFindingsKept``, one line each); empty when the file passed.
  ///
  /// It runs in turn with loads and saves on the database's executor, on a connection of its own that reads
  /// one snapshot, and takes time in proportion to the file (about 150 ms for 100,000 favourites and as many
  /// events): the check a person asks for, not one made at every open. A file SQLite cannot read as a database
  /// at all is damage too: its error is the finding.
  ///
  /// - Throws: ``FavoritePrimesDatabaseError`` when the file cannot be opened for another reason (moved away,
  ///   not readable, locked), or `CancellationError` when cancelled before its turn.
  public func integrityCheck() async throws -> [String] {
    let path = Self.absolute(path)
    return try await inTurn {
      do {
        // A connection of its own, released (closed) without a checkpoint: the check only reads.
        let connection = try Connection(path: path, mode: .readWrite)
        try connection.setCheckpointsOnClose(false)
        let findings = try Self.quickCheckFindings(connection)
        if !findings.isEmpty { self.damageSeen.withLock { $0 = true } }
        return findings
      } catch let error as SQLiteError
        where error.primaryCode == ResultCode.corrupt || error.primaryCode == ResultCode.notADatabase
      {
        self.damageSeen.withLock { $0 = true }
        return [error.message]
      }
    }
  }

  /// `PRAGMA quick_check`'s first ``integrityFindingsKept`` findings on `connection`, one line each; empty
  /// when it answers ok.
  ///
  /// SQLite may answer several findings in one row, a line each, under a `*** in database main ***` heading;
  /// the heading is left out. When the check stops on damage it cannot step over (a page that is not a page
  /// at all), the findings it gave first are kept, followed by the error that stopped it; with none, that
  /// error is thrown.
  static func quickCheckFindings(_ connection: Connection) throws -> [String] {
    // At most 3 errors: enough to say what is damaged, and the check stops early on a badly damaged file.
    var rows: [String] = []
    do {
      try connection.forEachRow("PRAGMA quick_check(3)") { rows.append(try $0.text(0)) }
    } catch let error as SQLiteError
      where !rows.isEmpty && (error.primaryCode == ResultCode.corrupt || error.primaryCode == ResultCode.notADatabase)
    {
      rows.append(error.message)
    }
    guard rows != ["ok"] else { return [] }
    let lines = rows.flatMap { $0.split(whereSeparator: \.isNewline) }
      .map(\.withoutBlanksAtEitherEnd)
      .filter { !$0.isEmpty && !($0.hasPrefix("***") && $0.hasSuffix("***")) }
    return lines.isEmpty ? rows : Array(lines.prefix(integrityFindingsKept))
  }

  /// `error`, when it says the file is damaged, with what ``integrityCheck()`` then finds added to its detail;
  /// any other error, or one the check adds nothing to (it passed, or could not run), as it is.
  ///
  /// Data of the wrong type (``FavoritePrimesDatabaseError/unexpectedContent(path:detail:)``) is checked too:
  /// garbage over a page's rows can read as a NULL before SQLite meets the damage, and when the check finds
  /// damage that is what it is, not another program's data.
  func withIntegrityFindings(_ error: FavoritePrimesDatabaseError) async -> FavoritePrimesDatabaseError {
    let detail: String
    switch error {
    case let .corrupt(_, reason) where !reason.contains("quick_check"):
      detail = reason
    case let .unexpectedContent(_, reason):
      detail = reason
    case .notADatabase:
      detail = "SQLite no longer reads it as a database"
    default:
      return error
    }
    guard let findings = try? await integrityCheck() else { return error }
    let described = Self.describing(detail, withFindings: findings)
    return described == detail ? error : .corrupt(path: path, detail: described)
  }

  /// `quick_check`'s `findings` on one line: `quick_check: a; b`.
  static func findingsLine(_ findings: [String]) -> String {
    "quick_check: " + findings.joined(separator: "; ")
  }

  /// `reason` with `quick_check`'s `findings` after it (`reason; quick_check: a; b`); `reason` as it is when
  /// they add nothing to it (there are none, or they only repeat `reason`).
  static func describing(_ reason: String, withFindings findings: [String]) -> String {
    findings.isEmpty || findings == [reason] ? reason : reason + "; " + findingsLine(findings)
  }
}

extension Substring {
  /// The text without the spaces and tabs at either end.
  fileprivate var withoutBlanksAtEitherEnd: String {
    let isBlank = { (character: Character) in character == " " || character == "\t" }
    return String(drop(while: isBlank).reversed().drop(while: isBlank).reversed())
  }
}
