import ComposableArchitectureTestSupport
import FavoriteList
import FavoritePrimes
import Testing

/// While the stored favourites were never loaded (a damaged database at start), the list shown is not the
/// stored one: an export of it would be untrue, so it is refused, and the damage's advice does not offer it.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct FavoritePrimesNotLoadedTests {
  static let reason = "a.sqlite3 is corrupt (database disk image is malformed)"

  static func client(
    load: @escaping @Sendable () async throws -> FavoritePrimesSync = { throw ClientError(description: FavoritePrimesNotLoadedTests.reason) },
    save: @escaping @Sendable ([Activity.Kind]) async throws -> FavoritePrimesSync = FavoritePrimesClient.failing.save,
    export: @escaping @Sendable (String, String) async throws -> Void = FavoritePrimesClient.failing.export,
    check: @escaping @Sendable () async throws -> [String] = FavoritePrimesClient.failing.check
  ) -> FavoritePrimesClient {
    FavoritePrimesClient(load: load, save: save, export: export, check: check)
  }

  @Test func neitherExportRunsWhileTheListWasNeverLoaded() async {
    let store = TestStore(initialState: FavoritePrimesState(isLoaded: false), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = Self.client()
    }
    await store.send(.loadButtonTapped)
    await store.receive(.loadFailed(Self.reason)) { $0.problem = .loadFailed(Self.reason) }
    await store.send(.exportTapped(path: "out.txt")) { $0.problem = .notLoadedToExport }
    await store.send(.exportTextTapped)
    await store.finish()
    #expect(
      store.state.problem?.description
        == "Couldn't export the favorite primes: they could not be loaded, so the list shown is not what the "
        + "database holds and there is nothing true to export; nothing was written. 'check' says what is "
        + "damaged; 'load' tries again."
    )
  }

  @Test func aLoadThatWorksMakesTheListExportable() async {
    let store = TestStore(initialState: FavoritePrimesState(isLoaded: false), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = Self.client(
        load: { FavoritePrimesSync(favoritePrimes: [7]) },
        export: { _, _ in }
      )
    }
    await store.send(.exportTextTapped) { $0.problem = .notLoadedToExport }
    await store.send(.loadButtonTapped) { $0.problem = nil }
    await store.receive(.loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: [7]))) {
      $0.favoritePrimes = [7]
      $0.isLoaded = true
    }
    await store.send(.exportTextTapped)
    await store.send(.exportTapped(path: "out.txt"))
    await store.receive(.exported(count: 1, path: "out.txt")) { $0.notice = .exported(count: 1, path: "out.txt") }
    await store.finish()
  }

  /// A save that brings the stored list back (the first save of a session always does) makes it known too.
  @Test func aSaveThatBringsTheStoredListBackMakesItExportable() async {
    let store = TestStore(
      initialState: FavoritePrimesState(favoritePrimes: FavoriteList([7], unsavedChanges: [.addedFavoritePrime(7)]), isLoaded: false),
      reducer: FavoritePrimes()
    ) {
      $0.favoritePrimesClient = Self.client(save: { _ in FavoritePrimesSync(favoritePrimes: [2, 7]) })
    }
    await store.send(.saveButtonTapped) { _ = $0.favoritePrimes.startSave() }
    await store.receive(.favoritePrimesSaved(FavoritePrimesSync(favoritePrimes: [2, 7]))) {
      $0.favoritePrimes.saveSucceeded()
      $0.favoritePrimes = [2, 7]
      $0.isLoaded = true
    }
    await store.finish()
  }

  /// The damage found by `check` is reported without advice that cannot work: no backup of the damage, and an
  /// export only when the list was loaded.
  @Test(arguments: [false, true])
  func theDamageAdvisesOnlyWhatWorks(isLoaded: Bool) async {
    let findings = ["On tree page 4 cell 0: Bad ptr map entry key=2 expected=(3,4) got=(0,0)"]
    let store = TestStore(initialState: FavoritePrimesState(isLoaded: isLoaded), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = Self.client(check: { findings })
    }
    await store.send(.checkTapped)
    await store.receive(.checked(findings: findings)) {
      $0.problem = .damaged(findings: findings, listLoaded: isLoaded)
    }
    await store.finish()
    let text = store.state.problem?.description ?? ""
    #expect(!text.contains("'backup FILE'"), "\(text)")
    #expect(text.contains("'export FILE'") == isLoaded, "\(text)")
    #expect(
      text
        == "The database is damaged (\(findings[0])). Restore it from an earlier backup, or move it away to start "
        + (isLoaded
          ? "afresh; 'export FILE' first keeps the favorites listed."
          : "afresh; the favorites could not be loaded from it, so there is no list to export.")
    )
  }
}
