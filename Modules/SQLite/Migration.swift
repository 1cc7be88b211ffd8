/// One step of a schema: the statements taking a database from the version before to ``version``.
///
/// The statements end by recording the version (`PRAGMA user_version = 3`), so that a step is kept or undone
/// with what it records; ``Migrator`` runs them in one transaction with the steps before and after.
public struct Migration: Sendable {
  /// The version the database is at once the step has run: its `PRAGMA user_version`.
  public let version: Int64
  /// The statements, one per string, run in order.
  public let statements: [String]

  /// A step to `version` made of `statements`.
  public init(version: Int64, statements: [String]) {
    self.version = version
    self.statements = statements
  }
}
