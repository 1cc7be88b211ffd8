/// What the last export, import or backup did, in words for the person who asked: one line each.
public enum FavoritePrimesNotice: Equatable, Sendable, CustomStringConvertible {
  /// `count` favourites were written to `path`.
  case exported(count: Int, path: String)
  /// An import added `added` (in file order); `already` lines named primes that were favourites already (or
  /// named one twice); `skipped` lines, as written, were not primes.
  case imported(added: [Int], already: Int, skipped: [String])
  /// A copy of the database was written to `path`.
  case backedUp(path: String)

  /// How many skipped lines ``description`` quotes before it only counts the rest.
  static let skippedShown = 5

  /// The sentence to show, for example `Imported 3 favorite primes; skipped 2 lines that are not primes: 8, x.`
  public var description: String {
    switch self {
    case let .exported(count, path):
      "Exported \(Self.primes(count)) to \(path)."
    case let .imported(added, already, skipped):
      "Imported \(Self.primes(added.count))"
        + (already == 0 ? "" : "; \(already) \(already == 1 ? "was" : "were") already there")
        + (skipped.isEmpty
          ? "" : "; skipped \(Self.lines(skipped.count)) that \(skipped.count == 1 ? "is" : "are") not \(skipped.count == 1 ? "a prime" : "primes"): \(Self.list(skipped))")
        + "."
    case let .backedUp(path):
      "Backed up the favorite primes and their activity to \(path)."
    }
  }

  private static func primes(_ count: Int) -> String {
    "\(count) favorite \(count == 1 ? "prime" : "primes")"
  }

  private static func lines(_ count: Int) -> String {
    "\(count) \(count == 1 ? "line" : "lines")"
  }

  /// The first few skipped lines, each at most 20 characters with control characters shown as `?`, then how
  /// many more there are.
  private static func list(_ values: [String]) -> String {
    let shown = values.prefix(skippedShown).map(shortened).joined(separator: ", ")
    return values.count > skippedShown ? shown + " and \(values.count - skippedShown) more" : shown
  }

  private static func shortened(_ line: String) -> String {
    let visible = String(
      String.UnicodeScalarView(line.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : $0 })
    )
    return visible.count > 20 ? visible.prefix(20) + "…" : visible
  }
}
