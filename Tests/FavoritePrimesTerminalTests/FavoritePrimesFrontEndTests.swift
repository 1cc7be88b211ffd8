import ComposableArchitecture
import FavoriteList
import FavoritePrimes
import FavoritePrimesTerminal
import Synchronization
import ExecutableTestSupport
import Platform
import REPL
import Testing

/// `FavoritePrimesFrontEnd` over a real store: lines typed in, the exact lines and prompt out. Every refusal
/// comes from the reducer's state; the front end only sends and reads.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct FavoritePrimesFrontEndTests {
  private func frontEnd(_ primes: [Int] = [2, 3, 5, 7], client: FavoritePrimesClient = .inMemory())
    -> FavoritePrimesFrontEnd
  {
    FavoritePrimesFrontEnd(
      store: Store(
        initialState: FavoritePrimesState(favoritePrimes: FavoriteList(primes)),
        reducer: FavoritePrimes().dependency(\.favoritePrimesClient, client)
      )
    )
  }

  @Test func theListIsNumberedFrom1AndThePromptCountsIt() async {
    let favorites = frontEnd()
    #expect(favorites.location == "favorites (4)")
    #expect(await favorites.type("favorites") == .output(["1. 2", "2. 3", "3. 5", "4. 7"]))
  }

  @Test func deleteTakesThePositionsAsListed() async {
    let favorites = frontEnd()
    #expect(await favorites.type("delete 2 4") == .output(["1. 2", "2. 5"]))
    #expect(favorites.location == "favorites (2)")
    #expect(await favorites.type("delete 1 1 2") == .output(["No favorite primes yet."]))
    #expect(favorites.location == "favorites (0)")
  }

  /// The reducer refuses; the front end says what the state records, and the list is as it was.
  @Test func aPositionPastTheEndDeletesNothing() async {
    let favorites = frontEnd([2, 3, 5, 7])
    #expect(
      await favorites.type("delete 2 9")
        == .failure("There is no favorite prime at position 9; the list has 4. Nothing was deleted.")
    )
    #expect(favorites.store.value.favoritePrimes == [2, 3, 5, 7])
    #expect(favorites.location == "favorites (4)")
    let empty = frontEnd([])
    #expect(
      await empty.type("delete 1")
        == .failure("There is no favorite prime at position 1; the list is empty. Nothing was deleted.")
    )
  }

  @Test func saveSaysHowManyAndLoadShowsWhatWasSaved() async throws {
    let client = FavoritePrimesClient.inMemory([13])
    let favorites = frontEnd([2, 3], client: client)
    #expect(await favorites.type("load") == .output(["1. 13"]))
    #expect(await favorites.type("save") == .output(["Saved 1 favorite prime."]))
    _ = await favorites.type("delete 1")
    #expect(await favorites.type("save") == .output(["Saved 0 favorite primes."]))
    #expect(try await client.load().favoritePrimes == [])
    #expect(await favorites.type("load") == .output(["No favorite primes yet."]))
  }

  @Test func aFailedLoadOrSaveIsTheCommandsFailureAndTheListStays() async {
    let favorites = frontEnd(
      [2, 3],
      client: FavoritePrimesClient(
        load: { throw ClientError(description: "the database is locked") },
        save: { _ in throw ClientError(description: "the disk is full") }
      )
    )
    #expect(
      await favorites.type("load")
        == .failure("Couldn't load the favorite primes: the database is locked. The list shown is unchanged.")
    )
    #expect(await favorites.type("delete 1") == .output(["1. 3"]))
    #expect(
      await favorites.type("save")
        == .failure(
          "Couldn't save the favorite primes: the disk is full. They are kept only until PrimeTime exits; "
            + "'save' tries again."
        )
    )
    #expect(favorites.store.value.hasUnsavedChanges)
    #expect(await favorites.type("favorites") == .output(["1. 3"]))
    #expect(favorites.location == "favorites (1)")
  }

  /// Values that are no favourite primes are left out of a load, and the load says so rather than list.
  @Test func aLoadThatLeftValuesOutSaysWhich() async {
    let favorites = frontEnd([], client: .inMemory([2, 8, 2]))
    #expect(
      await favorites.type("load")
        == .failure(
          "Left out saved values that are not favorite primes (8, 2 again): another program changed the "
            + "database. They stay in the file: a save writes only the changes you make."
        )
    )
    #expect(await favorites.type("favorites") == .output(["1. 2"]))
  }

  /// The table's own refusals, before anything is sent.
  @Test func mistypedCommandsAreRefusedByTheTable() throws {
    let commands = FavoritePrimesCommand.table
    #expect(
      commands.specs.map(\.name) == ["favorites", "delete", "save", "load", "export", "import", "backup", "check"]
    )
    #expect(
      commands.parse("delete 0").failureMessage
        == "'delete' needs positions like 'delete 2 3'; '0' is not a positive number."
    )
    #expect(commands.parse("delete").failureMessage == "'delete' needs positions like 'delete 2 3'.")
    #expect(commands.parse("save now").failureMessage == "'save' takes no arguments: type 'save' alone.")
    #expect(try commands.parse("delete 3 1").get() == .delete(positions: [3, 1]))
  }

  /// As the app runs it: over its store scoped to the favourites, the prompt and commands read through.
  @Test func itRunsOverAScopedStore() async {
    let app = Store(
      initialState: Screen(favorites: FavoritePrimesState(favoritePrimes: [2, 3]), count: 9),
      reducer: FavoritePrimes()
        .pullback(state: \Screen.favorites, action: Screen.Action.favoritesCase)
        .dependency(\.favoritePrimesClient, .inMemory())
    )
    let favorites = FavoritePrimesFrontEnd(store: app.scope(value: \.favorites, action: Screen.Action.favorites))
    #expect(await favorites.type("delete 1") == .output(["1. 3"]))
    #expect(
      app.value
        == Screen(
          favorites: FavoritePrimesState(favoritePrimes: FavoriteList([3], unsavedChanges: [.removedFavoritePrime(2)])), count: 9)
    )
    #expect(favorites.location == "favorites (1)")
  }

  /// A REPL drives it as `favorite-primes-demo` does: the prompt before each line, failures on standard error
  /// (an interactive session ends with status 0 whatever failed).
  @Test func aREPLShowsThePromptWithTheCount() async {
    let favorites = frontEnd([2, 3])
    let recording = RecordingConsole()
    let repl = REPL(
      name: "favorite-primes-demo", commands: favorites.commands, prompt: { "\(favorites.location)> " },
      isInteractive: true, console: recording.console, input: .lines(["delete 1", "delete 5"])
    )
    #expect(await repl.run { command in await favorites.run(command) } == 0)
    #expect(recording.output == "favorites (2)> 1. 3\nfavorites (1)> favorites (1)> \n")
    #expect(
      recording.error
        == "favorite-primes-demo: There is no favorite prime at position 5; the list has 1. Nothing was deleted.\n"
    )
  }

  /// The example in `FavoritePrimesFrontEnd`'s documentation.
  @Test func theDocumentationsExampleShowsAnEmptyList() async {
    let frontEnd = FavoritePrimesFrontEnd(
      store: Store(
        initialState: FavoritePrimesState(),
        reducer: FavoritePrimes().dependency(\.favoritePrimesClient, .inMemory())
      )
    )
    let lines = await frontEnd.run(.favorites)
    #expect(lines == .output(["No favorite primes yet."]))
  }
}

/// A screen holding the favourites and something else, standing in for the app's state.
private struct Screen: Equatable {
  var favorites: FavoritePrimesState
  var count: Int

  enum Action: Equatable {
    case favorites(FavoritePrimesAction)

    static let favoritesCase = CasePath(Self.favorites) {
      if case let .favorites(action) = $0 { action } else { nil }
    }
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

extension Result<FavoritePrimesCommand, CommandError> {
  /// The parse error's message, or nil when the line parsed.
  fileprivate var failureMessage: String? {
    if case let .failure(error) = self { error.message } else { nil }
  }
}
