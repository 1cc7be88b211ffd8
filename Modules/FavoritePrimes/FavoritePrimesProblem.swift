/// Why the last action on the favourite primes did not do what was asked (a delete the list refused, a
/// load or save that failed), in words a person can act on.
public enum FavoritePrimesProblem: Equatable, Sendable, CustomStringConvertible, Codable {
  /// A delete named `offset` (0 is the first), which a list of `count` favourites does not have, so
  /// nothing was deleted. ``description`` names it as the list is numbered, from 1.
  case noSuchPosition(offset: Int, count: Int)
  /// Loading failed, for the reason given; the list shown is unchanged.
  case loadFailed(String)
  /// Saving failed, for the reason given; the list shown is still the one to save, and is kept only in
  /// memory until a save succeeds.
  case saveFailed(String)
  /// The stored list held values that are not favourite primes (each as shown: `8`, `-7`, `7 again` for a
  /// repeat), which were left out of the list shown.
  case leftOut([String])
  /// An export was refused or failed, for the reason given; nothing was written.
  case exportFailed(String)
  /// An export was refused because the stored list was never loaded (``FavoritePrimesState/isLoaded`` is
  /// false): the list shown is not what storage holds, so there is nothing true to export; nothing was written.
  case notLoadedToExport
  /// An import was refused, for the reason given; the list is unchanged.
  case importFailed(String)
  /// A backup was refused or failed, for the reason given; nothing was left at the path named.
  case backupFailed(String)
  /// The integrity check found the database damaged; `findings` are its first findings, as SQLite words them.
  /// `listLoaded` says whether the favourites were loaded (``FavoritePrimesState/isLoaded``), so an export can
  /// keep them: only then does ``description`` advise one.
  case damaged(findings: [String], listLoaded: Bool = true)
  /// The integrity check could not run, for the reason given.
  case checkFailed(String)

  /// How many left-out values ``description`` names before it only counts the rest.
  static let leftOutShown = 5

  /// The sentence to show in PrimeTime, whose favourites are in a database: ``description(in:)`` with
  /// ``FavoritePrimesStorage/database``.
  public var description: String {
    description(in: .database)
  }

  /// The sentence to show in a program that keeps the favourites in `storage`, which it names: one line, with
  /// exactly one full stop after a reason that already ends in one.
  public func description(in storage: FavoritePrimesStorage) -> String {
    switch self {
    case let .noSuchPosition(offset, count):
      "There is no favorite prime at position \(Self.position(offset)); "
        + (count == 0 ? "the list is empty." : "the list has \(count).") + " Nothing was deleted."
    case let .loadFailed(reason):
      "Couldn't load the favorite primes: \(Self.sentence(reason)) The list shown is unchanged."
    case let .saveFailed(reason):
      "Couldn't save the favorite primes: \(Self.sentence(reason)) They are kept only until \(storage.program) "
        + "exits; 'save' tries again."
    case let .leftOut(values):
      "Left out saved values that are not favorite primes (\(Self.list(values))): another program changed "
        + "\(storage.name). They stay in \(storage.nameAgain): a save writes only the changes you make."
    case let .exportFailed(reason):
      "Couldn't export the favorite primes: \(Self.sentence(reason))"
    case let .importFailed(reason):
      "Couldn't import favorite primes: \(Self.sentence(reason)) The list is unchanged."
    case let .backupFailed(reason):
      "Couldn't back up the favorite primes: \(Self.sentence(reason))"
    case .notLoadedToExport:
      "Couldn't export the favorite primes: they could not be loaded, so the list shown is not what "
        + "\(storage.name) holds and there is nothing true to export; nothing was written. 'check' says what is "
        + "damaged; 'load' tries again."
    case let .damaged(findings, listLoaded):
      // No backup is advised: a backup of a damaged database is refused, as it would copy the damage.
      "\(storage.capitalizedName) is damaged (\(Self.oneLine(findings))). Restore it from an earlier backup, or "
        + "move it away to "
        + (listLoaded
          ? "start afresh; 'export FILE' first keeps the favorites listed."
          : "start afresh; the favorites could not be loaded from it, so there is no list to export.")
    case let .checkFailed(reason):
      "Couldn't check \(storage.name): \(Self.sentence(reason))"
    }
  }

  /// `offset` counted from 1, as the list is numbered; never traps, even for `Int.max`.
  private static func position(_ offset: Int) -> String {
    offset < 0 ? "\(offset + 1)" : "\(UInt(offset) + 1)"
  }

  /// `reason` ending in one full stop.
  private static func sentence(_ reason: String) -> String {
    reason.hasSuffix(".") ? reason : reason + "."
  }

  /// `findings` joined by `; ` on one line, each line break and tab shown as a space.
  private static func oneLine(_ findings: [String]) -> String {
    findings.joined(separator: "; ").map { $0.isNewline || $0 == "\t" ? " " : String($0) }.joined()
  }

  /// The first few of `values`, then how many more there are.
  private static func list(_ values: [String]) -> String {
    let shown = values.prefix(leftOutShown).joined(separator: ", ")
    return values.count > leftOutShown ? shown + " and \(values.count - leftOutShown) more" : shown
  }
}
