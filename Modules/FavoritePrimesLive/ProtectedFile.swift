import Platform
import SQLite

/// A file PrimeTime keeps for a use of its own besides the database (the line editor's history, the log),
/// which no path given for anything else may name, whether the file exists yet or not: the one rule `--log`,
/// `--record`, `export` and `backup` refuse it by.
///
/// The history written over by a log, a recording, an export or a backup would be read back as commands (Up
/// would recall `received action: …`), and the line editor would append to whatever took its place; a
/// recording or an export in the log's place would be appended to. The database and its `-wal`, `-shm` and
/// `-journal` have rules of their own, which say more (`TransferFiles`, `DatabaseFiles`).
public struct ProtectedFile: Equatable, Sendable {
  /// The file's path, as given.
  public let path: String
  /// What the file is, for a refusal that names it: `the history of the commands typed at the prompt`.
  public let role: String

  /// The file at `path`, which is `role` (a noun phrase with its article).
  public init(path: String, role: String) {
    self.path = path
    self.role = role
  }

  /// The line editor's history at `path`.
  public static func history(_ path: String) -> Self {
    Self(path: path, role: "the history of the commands typed at the prompt")
  }

  /// The log file at `path` (`--log`'s).
  public static func log(_ path: String) -> Self {
    Self(path: path, role: "the log file \(path)")
  }

  /// Whether `other` names this file: the same path once `.`, `..` and symbolic links are resolved
  /// (`resolvedPath`, so a file not made yet counts as the one it will be), or, when both exist, the same file
  /// (device and inode: a hard link).
  public func isNamed(by other: String) -> Bool {
    if resolvedPath(other) == resolvedPath(path) {
      return true
    }
    guard let identity = FileIdentity(of: path) else { return false }
    return FileIdentity(of: other) == identity
  }
}

extension [ProtectedFile] {
  /// The first of these files that `path` names (``ProtectedFile/isNamed(by:)``), nil when none.
  public func first(namedBy path: String) -> ProtectedFile? {
    first { $0.isNamed(by: path) }
  }
}
