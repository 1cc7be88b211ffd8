import FoundationEssentials
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
    let path = DatabaseFile.absolute(path)
    return try await inTurn {
      // A connection of its own, released (closed) without a checkpoint: the check only reads. Damage that
      // keeps it from even opening the file is a finding too.
      let findings: [String]
      do {
        findings = try Connection(inspecting: path).integrityFindings(limit: Self.integrityFindingsKept)
      } catch let error as SQLiteError where error.saysFileIsDamaged {
        findings = [error.message]
      }
      if !findings.isEmpty { self.damageSeen.withLock { $0 = true } }
      return findings
    }
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
