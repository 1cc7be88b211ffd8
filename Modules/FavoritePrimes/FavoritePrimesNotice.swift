import Platform

/// What the last export, import, backup or check did, in words for the person who asked: one line each.
public enum FavoritePrimesNotice: Equatable, Sendable, CustomStringConvertible, Codable {
  /// `count` favourites were written to `path`.
  case exported(count: Int, path: String)
  /// An import added `added` (in file order); `already` lines named primes that were favourites already (or
  /// named one twice); `skipped` lines, as written, were not primes, or numbers above `Int.max` (which the
  /// description names apart).
  case imported(added: [Int], already: Int, skipped: [String])
  /// A copy of the database was written to `path`; `withoutUnsavedChanges` when the list shown had changes
  /// the last save could not store, which the copy therefore lacks.
  case backedUp(path: String, withoutUnsavedChanges: Bool)
  /// The database passed its integrity check.
  case passedCheck
  /// The import of `path` was stopped before its primes were stored: none joined, and the favourites are as
  /// they were before it.
  case importStopped(path: String)
  /// The backup to `path` was stopped before the copy was whole: no file was made there.
  case backupStopped(path: String)

  /// How many skipped lines ``description`` quotes before it only counts the rest.
  static let skippedShown = 5

  /// The sentence to show in PrimeTime, whose favourites are in a database: ``description(in:)`` with
  /// ``FavoritePrimesStorage/database``.
  public var description: String {
    description(in: .database)
  }

  /// The sentence to show in a program that keeps the favourites in `storage`, which it names, for example
  /// `Imported 3 favorite primes; skipped 2 lines that are not primes: 8, x.`
  public func description(in storage: FavoritePrimesStorage) -> String {
    switch self {
    case let .exported(count, path):
      "Exported \(Self.primes(count)) to \(path)."
    case let .imported(added, already, skipped):
      "Imported \(Self.primes(added.count))" + Self.already(already)
        + Self.skipped(skipped.filter { !Self.isTooLarge($0) })
        + Self.tooLarge(skipped.filter(Self.isTooLarge), program: storage.program) + "."
    case let .backedUp(path, false):
      "Backed up the favorite primes and their activity to \(path)."
    case let .backedUp(path, true):
      "Backed up the saved favorite primes and their activity to \(path); the changes that could not be saved "
        + "are not in it: 'save' them, then back up again."
    case .passedCheck:
      "\(storage.capitalizedName) passed its integrity check."
    case let .importStopped(path):
      "Stopped importing \(path): none of its primes were added; the favorite primes are as they were before it."
    case let .backupStopped(path):
      "Stopped the backup: no copy was made at \(path)."
    }
  }

  private static func primes(_ count: Int) -> String {
    "\(grouped(count)) favorite \(count == 1 ? "prime" : "primes")"
  }

  /// `; 2 were already there`, or nothing.
  private static func already(_ count: Int) -> String {
    count == 0 ? "" : "; \(grouped(count)) \(count == 1 ? "was" : "were") already there"
  }

  /// `; skipped 2 lines that are not primes: 8, x`, or nothing.
  private static func skipped(_ lines: [String]) -> String {
    switch lines.count {
    case 0: ""
    case 1: "; skipped 1 line that is not a prime: \(list(lines))"
    default: "; skipped \(lines.count) lines that are not primes: \(list(lines))"
    }
  }

  /// `; skipped 2 numbers larger than 9223372036854775807, the largest PrimeTime keeps: …` (`program` naming
  /// the keeper), or nothing.
  private static func tooLarge(_ lines: [String], program: String) -> String {
    switch lines.count {
    case 0: ""
    case 1: "; skipped 1 number larger than \(Int.max), the largest \(program) keeps: \(list(lines))"
    default: "; skipped \(lines.count) numbers larger than \(Int.max), the largest \(program) keeps: \(list(lines))"
    }
  }

  /// Whether a skipped line is a number, in digits, above `Int.max`: it may be a prime, only not one PrimeTime
  /// can keep.
  private static func isTooLarge(_ line: String) -> Bool {
    !line.isEmpty && line.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } && Int(line) == nil
  }

  /// The first few skipped lines, each cut to at most 20 characters and every character that is not shown as
  /// itself on a terminal escaped by the one rule of every line PrimeTime prints (`Echo.escaped`: `\u{202E}`),
  /// then how many more there are.
  private static func list(_ values: [String]) -> String {
    let shown = values.prefix(skippedShown).map(shortened).joined(separator: ", ")
    return values.count > skippedShown ? shown + " and \(values.count - skippedShown) more" : shown
  }

  private static func shortened(_ line: String) -> String {
    Echo.escaped(String(line.prefix(20))) + (line.count > 20 ? "…" : "")
  }
}
