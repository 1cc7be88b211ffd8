import ComposableArchitecture
import FavoritePrimes
import FavoritePrimesTerminal
import REPL
import Testing

/// File names are echoed in the favourites' notices and problems: control characters, format characters
/// (bidirectional overrides, zero-width spaces) and line or paragraph separators in them are shown escaped, so
/// nothing reaches the terminal as a control sequence, an invisible character, reordered text or a line break.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct FavoritePrimesEchoedPathTests {
  static let names: [(raw: String, shown: String)] = [
    ("x\u{1B}[31mred.db", "x\\u{1B}[31mred.db"),
    ("a\u{01}b", "a\\u{1}b"),
    ("evil\u{202E}txt.db", "evil\\u{202E}txt.db"),
    ("zero\u{200B}width", "zero\\u{200B}width"),
    ("two\u{2028}lines\u{2029}", "two\\u{2028}lines\\u{2029}"),
    ("del\u{7F}c1\u{9B}", "del\\u{7F}c1\\u{9B}"),
  ]

  @Test func aNoticeShowsThePathEscaped() {
    for (raw, shown) in Self.names {
      let lines = renderFavoritePrimesNotice(FavoritePrimesState(notice: .exported(count: 2, path: raw)))
      #expect(lines == ["Exported 2 favorite primes to \(shown)."])
      let backup = renderFavoritePrimesNotice(
        FavoritePrimesState(notice: .backedUp(path: raw, withoutUnsavedChanges: false)))
      #expect(backup == ["Backed up the favorite primes and their activity to \(shown)."])
    }
  }

  @Test func aProblemShowsThePathEscaped() {
    for (raw, shown) in Self.names {
      #expect(
        renderFavoritePrimesProblem(.backupFailed("\(raw) already exists"))
          == "Couldn't back up the favorite primes: \(shown) already exists."
      )
    }
  }

  /// Text that is shown as itself stays as it is: accents, CJK, emoji, tabs turned into nothing else.
  @Test func printableTextIsUnchanged() {
    let raw = "résumé-素数-🎉.db"
    #expect(
      renderFavoritePrimesNotice(FavoritePrimesState(notice: .exported(count: 1, path: raw)))
        == ["Exported 1 favorite prime to \(raw)."]
    )
  }

  /// Through the front end: a refused import and an export name their file escaped.
  @Test func theFrontEndEscapesWhatItReports() async {
    let favorites = FavoritePrimesFrontEnd(
      store: Store(
        initialState: FavoritePrimesState(favoritePrimes: [2]),
        reducer: FavoritePrimes().dependency(\.favoritePrimesClient, .inMemory())
      )
    )
    #expect(
      await favorites.type("export x\u{1B}[31mred.txt")
        == .output(["Exported 1 favorite prime to x\\u{1B}[31mred.txt."])
    )
    #expect(
      await favorites.type("import a\u{202E}b.txt")
        == .failure(
          "Couldn't import favorite primes: there is no file a\\u{202E}b.txt (files here are kept in memory only). "
            + "The list is unchanged."
        )
    )
  }
}

extension FavoritePrimesFrontEnd {
  /// Parses `line` with the front end's table, as a REPL does, and runs the command.
  fileprivate func type(_ line: String) async -> CommandResult {
    switch commands.parse(line) {
    case let .success(command): await run(command)
    case let .failure(error): .failure(error.message)
    }
  }
}
