public import Foundation
public import SQLite

/// Why a ``FavoritePrimesDatabase`` could not be opened, read or written.
///
/// Its ``description`` is one line for the user: the path, what is wrong, and what to do. Every refusal at
/// open (``notADatabase(path:)``, ``corrupt(path:detail:)``, ``foreignApplication(path:applicationID:)``,
/// ``newerSchema(path:version:supported:)``) leaves the file exactly as it was.
public enum FavoritePrimesDatabaseError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
  /// The file is not a SQLite database (SQLite said `SQLITE_NOTADB`).
  case notADatabase(path: String)
  /// The file is a SQLite database that fails `PRAGMA quick_check`; `detail` is its first findings.
  case corrupt(path: String, detail: String)
  /// The file holds tables but another application's `application_id` (or none).
  case foreignApplication(path: String, applicationID: Int64)
  /// The file was written by a newer PrimeTime: its `user_version` is above the one this build knows.
  case newerSchema(path: String, version: Int64, supported: Int64)
  /// A missing directory on the way to the database could not be created; `path` is that directory.
  case cannotCreateDirectory(path: String, reason: String)
  /// PrimeTime may not write at `path`: the database file, or the directory that must hold it and its
  /// journal files.
  case notWritable(path: String)
  /// Any other SQLite failure on the database at `path`, with SQLite's code and message.
  case sqlite(path: String, error: SQLiteError)

  /// One line: the path, the reason, and what to do.
  public var description: String {
    switch self {
    case let .notADatabase(path):
      "\(path) is not a SQLite database; PrimeTime left it untouched. Choose another database file."
    case let .corrupt(path, detail):
      "\(path) is corrupt (quick_check: \(Self.oneLine(detail))); PrimeTime left it untouched. "
        + "Restore it from a backup, or move it away to start afresh."
    case let .foreignApplication(path, applicationID):
      "\(path) belongs to another application (application_id \(applicationID)); PrimeTime left it "
        + "untouched. Choose another database file."
    case let .newerSchema(path, version, supported):
      "\(path) was made by a newer PrimeTime (schema version \(version); this build knows up to "
        + "\(supported)); PrimeTime left it untouched. Update PrimeTime to use it."
    case let .cannotCreateDirectory(path, reason):
      "cannot create the directory \(path): \(Self.oneLine(reason)). Create it yourself, or choose "
        + "another location for the database."
    case let .notWritable(path):
      "\(path) is not writable, and PrimeTime must write the database and its journal files there. "
        + "Fix its permissions, or choose another location for the database."
    case let .sqlite(path, error) where error.primaryCode == 5:
      "\(path) is locked by another PrimeTime (SQLite error \(error.code): \(Self.oneLine(error.message))). "
        + "Try again."
    case let .sqlite(path, error):
      "\(path): SQLite error \(error.code): \(Self.oneLine(error.message)). Check the disk and the "
        + "file's permissions, then try again."
    }
  }

  /// The same line as ``description``, for `localizedDescription`.
  public var errorDescription: String? { description }

  /// `text` with line breaks turned into spaces, so a description stays one line.
  private static func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
