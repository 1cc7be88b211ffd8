import ComposableArchitecture
import FavoriteList
import FavoritePrimes
import FavoritePrimesTerminal
import REPL
import Testing

/// `export [FILE]`, `import FILE` and `backup FILE` typed at the favourites front end over in-memory files.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct FavoritePrimesTransferCommandTests {
  private func frontEnd(_ primes: [Int], client: FavoritePrimesClient) -> FavoritePrimesFrontEnd {
    FavoritePrimesFrontEnd(
      store: Store(
        initialState: FavoritePrimesState(favoritePrimes: FavoriteList(primes)),
        reducer: FavoritePrimes().dependency(\.favoritePrimesClient, client)
      )
    )
  }

  @Test func exportWithoutAFilePrintsTheExport() async {
    let favorites = frontEnd([7, 2], client: .inMemory())
    #expect(await favorites.type("export") == .output(["# PrimeTime favorite primes", "7", "2"]))
  }

  @Test func exportThenImportCarriesTheFavoritesOver() async throws {
    let client = FavoritePrimesClient.inMemory()
    #expect(
      await frontEnd([7, 2, 31], client: client).type("export out.txt")
        == .output(["Exported 3 favorite primes to out.txt."])
    )
    #expect(try await client.read("out.txt") == "# PrimeTime favorite primes\n7\n2\n31\n")
    // The other list is the stored one, as a load would have made it: the import stores its primes on top.
    _ = try await client.save([.addedFavoritePrime(2), .addedFavoritePrime(5)])
    let other = frontEnd([2, 5], client: client)
    #expect(await other.type("import out.txt") == .output(["Imported 2 favorite primes; 1 was already there."]))
    #expect(other.store.value.favoritePrimes.primes == [2, 5, 7, 31])
  }

  @Test func importNamesWhatItSkippedInOneLine() async {
    let favorites = frontEnd([], client: .inMemory(files: ["in.txt": "2\n8\n3\nx\n5\n"]))
    #expect(
      await favorites.type("import in.txt")
        == .output(["Imported 3 favorite primes; skipped 2 lines that are not primes: 8, x."])
    )
  }

  @Test func refusalsAreOneLineFailures() async {
    let favorites = frontEnd([2], client: .inMemory())
    #expect(
      await favorites.type("import nothing.txt")
        == .failure(
          "Couldn't import favorite primes: there is no file nothing.txt (files here are kept in memory only). "
            + "The list is unchanged."
        )
    )
    #expect(
      await favorites.type("backup copy.sqlite3")
        == .failure(
          "Couldn't back up the favorite primes: there is no database to back up: favorites are kept in memory "
            + "only; 'export' prints them."
        )
    )
    #expect(favorites.store.value.favoritePrimes == [2])
  }

  @Test func theCommandsSayWhatArgumentsTheyTake() async {
    let favorites = frontEnd([2], client: .inMemory())
    #expect(await favorites.type("import") == .failure("'import' needs a file, like 'import favorites.txt'."))
    #expect(await favorites.type("backup") == .failure("'backup' needs a file, like 'backup copy.sqlite3'."))
    #expect(
      await favorites.type("export a b")
        == .failure("'export' takes at most one file, like 'export favorites.txt'; got 2 arguments.")
    )
    #expect(
      // `~` and `~/` are the home (the REPL's tokenizer reads them); another user's home is not looked up.
      await favorites.type("import ~ada/in.txt")
        == .failure("'import' expands only '~' and '~/', unquoted, to your home: give this path from '/' or from the current directory.")
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
