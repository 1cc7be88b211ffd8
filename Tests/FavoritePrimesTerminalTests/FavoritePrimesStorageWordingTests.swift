import ComposableArchitecture
import FavoriteList
import FavoritePrimes
import FavoritePrimesTerminal
import REPL
import Testing

/// A front end names where the favourites are kept, as its program says: PrimeTime's database by default (the
/// wording `primetime`'s tests pin), a demo's store in memory when the demo says so. One message, two truths.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct FavoritePrimesStorageWordingTests {
  private let demo = FavoritePrimesStorage.memory(program: "favorite-primes-demo")

  private func frontEnd(
    _ primes: [Int],
    client: FavoritePrimesClient,
    storage: FavoritePrimesStorage
  ) -> FavoritePrimesFrontEnd {
    FavoritePrimesFrontEnd(
      store: Store(
        initialState: FavoritePrimesState(favoritePrimes: FavoriteList(primes)),
        reducer: FavoritePrimes().dependency(\.favoritePrimesClient, client)
      ),
      storage: storage
    )
  }

  @Test func aFailedSaveSaysTheChangesLastUntilTheDemoExits() async {
    let favorites = frontEnd(
      [2, 3],
      client: FavoritePrimesClient(load: { .init(favoritePrimes: []) }, save: { _ in throw Full() }),
      storage: demo
    )
    _ = await favorites.run(.delete(positions: [1]))
    #expect(
      await favorites.run(.save)
        == .failure(
          "Couldn't save the favorite primes: the disk is full. They are kept only until favorite-primes-demo "
            + "exits; 'save' tries again."
        )
    )
  }

  @Test func leftOutValuesAreSaidToBeInTheStoreInMemory() async {
    let favorites = frontEnd([], client: .inMemory([2, 8, 2]), storage: demo)
    #expect(
      await favorites.run(.load)
        == .failure(
          "Left out saved values that are not favorite primes (8, 2 again): another program changed the store "
            + "in memory. They stay in it: a save writes only the changes you make."
        )
    )
  }

  @Test func theAppsWordingIsTheDefault() async {
    let favorites = FavoritePrimesFrontEnd(
      store: Store(
        initialState: FavoritePrimesState(),
        reducer: FavoritePrimes().dependency(\.favoritePrimesClient, .inMemory([8]))
      )
    )
    #expect(favorites.storage == .database)
    #expect(
      await favorites.run(.load)
        == .failure(
          "Left out saved values that are not favorite primes (8): another program changed the database. They "
            + "stay in the file: a save writes only the changes you make."
        )
    )
  }

  /// Every message that names the store or the program, in the demo's words: none says "database" or
  /// "PrimeTime".
  @Test(
    arguments: [
      FavoritePrimesProblem.saveFailed("x"), .leftOut(["8"]), .notLoadedToExport,
      .damaged(findings: ["x"], listLoaded: true), .checkFailed("x"),
    ]
  )
  func noProblemNamesADatabaseOrPrimeTimeInTheDemosWords(problem: FavoritePrimesProblem) {
    let text = renderFavoritePrimesProblem(problem, in: demo)
    #expect(!text.contains("database") && !text.contains("PrimeTime"), "\(text)")
    #expect(problem.description(in: .database) == problem.description)
  }

  @Test func noNoticeNamesADatabaseOrPrimeTimeInTheDemosWords() {
    for notice in [FavoritePrimesNotice.passedCheck, .imported(added: [], already: 0, skipped: ["99999999999999999999"])] {
      let text = notice.description(in: demo)
      #expect(!text.contains("database") && !text.contains("PrimeTime"), "\(text)")
      #expect(notice.description(in: .database) == notice.description)
    }
    #expect(FavoritePrimesNotice.passedCheck.description(in: demo) == "The store in memory passed its integrity check.")
  }
}

/// A save's failure: a full disk.
private struct Full: Error, CustomStringConvertible {
  var description: String { "the disk is full" }
}
