import ComposableArchitecture
import Counter
import ExecutableTestSupport
import FavoriteList
import FavoritePrimes
import Foundation
import PrimeTimeApp
import Testing

/// `AppFrontEnd`: each command from any screen, what it shows, and what it refuses.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct AppFrontEndTests {
  /// The app over `client`, or by default over favourites and activity in one memory whose clock is stopped
  /// at ``noon``, as the sandbox keeps them.
  private func appFrontEnd(
    _ state: AppState = AppState(),
    saving client: FavoritePrimesClient? = nil,
    memory: FavoritePrimesMemory = FavoritePrimesMemory(now: { noon })
  ) -> AppFrontEnd {
    let store = Store(
      initialState: state,
      reducer: Reduce(
        primeTimeReducer,
        environment: .stub(
          nthPrime: NthPrimeClient(limit: 10_000_000_000, nthPrime: { n in .sync { .answer(n == 7 ? 17 : nil) } })
        )
      )
      .dependency(\.favoritePrimesClient, client ?? .inMemory(memory))
      .dependency(\.activityClient, .inMemory(memory))
    )
    return AppFrontEnd(store: store, timeZone: .utc)
  }

  @Test func counterCommandsShowTheCounter() async {
    let app = appFrontEnd()
    #expect(await app.run(.counter(.increment)) == .output(["- 1 +", "Is this prime?", "What is the 1st prime?"]))
    #expect(await app.run(.counter(.decrement)) == .output(["- 0 +", "Is this prime?", "What is the 0th prime?"]))
    #expect(await app.run(.counter(.set(-12))) == .output(["- -12 +", "Is this prime?", "What is the -12th prime?"]))
    #expect(app.location == "count -12")
  }

  @Test func theModalAndTheAlertShowUntilOk() async {
    let app = appFrontEnd(AppState(count: 7))
    #expect(await app.run(.counter(.isThisPrime(nil))) == .output(["7 is prime 🎉", "Save to favorite primes [fav]"]))
    #expect(app.location == "count 7 · is it prime?")
    #expect(await app.run(.counter(.dismiss)) == .output(["- 7 +", "Is this prime?", "What is the 7th prime?"]))
    #expect(await app.run(.counter(.nthPrime(nil))) == .output(["The 7th prime is 17"]))
    #expect(app.location == "count 7 · 7th prime")
    #expect(await app.run(.counter(.dismiss)) == .output(["- 7 +", "Is this prime?", "What is the 7th prime?"]))
    #expect(await app.run(.counter(.dismiss)) == .failure("Nothing to dismiss: no modal or nth-prime answer is showing."))
  }

  @Test func changingTheCountTakesDownTheAnswerAboutTheOldOne() async {
    let app = appFrontEnd(AppState(count: 7))
    #expect(await app.run(.counter(.nthPrime(nil))) == .output(["The 7th prime is 17"]))
    #expect(await app.run(.counter(.increment)) == .output(["- 8 +", "Is this prime?", "What is the 8th prime?"]))
    #expect(app.store.value.counter.alertNthPrime == nil)
    #expect(app.location == "count 8")
    _ = await app.run(.counter(.set(7)))
    _ = await app.run(.counter(.nthPrime(nil)))
    #expect(await app.run(.counter(.set(2))) == .output(["- 2 +", "Is this prime?", "What is the 2nd prime?"]))
    _ = await app.run(.counter(.set(7)))
    _ = await app.run(.counter(.nthPrime(nil)))
    #expect(await app.run(.counter(.decrement)) == .output(["- 6 +", "Is this prime?", "What is the 6th prime?"]))
  }

  @Test func favAndUnfavWorkFromAnyScreenAndRefuseWhatTheyCannotDo() async {
    let app = appFrontEnd(AppState(count: 8))
    #expect(await app.run(.counter(.primeModal(.saveFavorite))) == .failure("8 is not prime, so it can't be a favorite prime."))
    #expect(await app.run(.counter(.primeModal(.removeFavorite))) == .failure("8 is not a favorite prime."))
    _ = await app.run(.counter(.set(11)))
    _ = await app.run(.favorites(.favorites))
    #expect(await app.run(.counter(.primeModal(.saveFavorite))) == .output(["11 is prime 🎉", "Remove from favorite primes [unfav]"]))
    #expect(await app.run(.counter(.primeModal(.saveFavorite))) == .failure("11 is already a favorite prime."))
    #expect(app.store.value.counter.isPrimeModalShown)
    #expect(await app.run(.counter(.primeModal(.removeFavorite))) == .output(["11 is prime 🎉", "Save to favorite primes [fav]"]))
  }

  @Test func nthPrimeProblemsAreFailures() async {
    let app = appFrontEnd(AppState(count: 0))
    #expect(
      await app.run(.counter(.nthPrime(nil)))
        == .failure("There is no 0th prime: primes are counted from the 1st. Count up to 1 or more first.")
    )
    _ = await app.run(.counter(.set(8)))
    #expect(await app.run(.counter(.nthPrime(nil))) == .failure("Couldn't find the 8th prime. Try again, or ask for a smaller one."))
  }

  @Test func favoritesAreListedAndDeletedByTheirListedPositions() async {
    // As after the load at start.
    var loaded = AppState(favoritePrimes: [2, 3, 5, 7])
    loaded.favorites.isLoaded = true
    let app = appFrontEnd(loaded, memory: FavoritePrimesMemory(favoritePrimes: [2, 3, 5, 7], now: { noon }))
    #expect(await app.run(.favorites(.favorites)) == .output(["1. 2", "2. 3", "3. 5", "4. 7"]))
    #expect(app.location == "favorites (4)")
    #expect(
      await app.run(.favorites(.delete(positions: [2, 9])))
        == .failure("There is no favorite prime at position 9; the list has 4. Nothing was deleted.")
    )
    #expect(await app.run(.favorites(.delete(positions: [4, 1]))) == .output(["1. 3", "2. 5"]))
    #expect(await app.run(.favorites(.delete(positions: [1, 1, 2]))) == .output(["No favorite primes yet."]))
    #expect(
      await app.run(.favorites(.delete(positions: [1])))
        == .failure("There is no favorite prime at position 1; the list is empty. Nothing was deleted.")
    )
  }

  @Test func saveAndLoadGoThroughTheClient() async throws {
    let client = FavoritePrimesClient.inMemory([13])
    let app = appFrontEnd(AppState(favoritePrimes: [2, 3]), saving: client)
    #expect(await app.run(.favorites(.load)) == .output(["1. 13"]))
    #expect(await app.run(.favorites(.save)) == .output(["Saved 1 favorite prime."]))
    _ = await app.run(.counter(.set(2)))
    _ = await app.run(.counter(.primeModal(.saveFavorite)))
    #expect(await app.run(.favorites(.save)) == .output(["Saved 2 favorite primes."]))
    #expect(try await client.load().favoritePrimes == [13, 2])
  }

  @Test func aFailedSaveSaysSoAndWhatToDo() async {
    let app = appFrontEnd(AppState(count: 3), saving: .failingSaves("disk full"))
    #expect(
      await app.run(.counter(.primeModal(.saveFavorite)))
        == .failure(
          "Couldn't save the favorite primes: disk full. They are kept only until PrimeTime exits; 'save' tries again."
        )
    )
    #expect(app.store.value.favorites.favoritePrimes == FavoriteList([3], unsavedChanges: [.addedFavoritePrime(3)]))
  }

  @Test func activityShowsEachChangeWithTheTimeItWasStored() async {
    let app = appFrontEnd(AppState(count: 3))
    #expect(await app.run(.activity(all: false)) == .output(["No activity yet."]))
    #expect(app.location == "activity (0)")
    _ = await app.run(.counter(.primeModal(.saveFavorite)))
    _ = await app.run(.counter(.primeModal(.removeFavorite)))
    #expect(
      await app.run(.activity(all: false)) == .output(["2026-11-21 12:00:00  added 3", "2026-11-21 12:00:00  removed 3"])
    )
    #expect(app.store.value.activity.entries.map(\.id) == [1, 2])
  }

  /// Start-up reads the latest 20 entries; `activity` shows those with a hint, and `activity all` reads the
  /// rest and shows everything.
  @Test func activityShowsTheLatest20WithAHintAndActivityAllShowsEverything() async {
    let history = (1...23).map { Activity(id: Int64($0), timestamp: noon, type: .addedFavoritePrime($0)) }
    let app = appFrontEnd(memory: FavoritePrimesMemory(activity: history, now: { noon }))
    await app.store.send(.launched).finish()
    let lines = (1...23).map { "2026-11-21 12:00:00  added \($0)" }
    let hint = "Showing the latest 20 of the activity; 'activity all' shows all of it."
    #expect(await app.run(.activity(all: false)) == .output(Array(lines[3...]) + [hint]))
    #expect(app.store.value.activity.entries.count == 20)
    #expect(await app.run(.activity(all: true)) == .output(lines))
    #expect(app.store.value.activity.entries == history)
    #expect(await app.run(.activity(all: false)) == .output(Array(lines[3...]) + [hint]))
    #expect(app.location == "activity (23)")
  }

  /// Twenty or fewer entries: no hint.
  @Test func twentyEntriesShowWithoutAHint() async {
    let history = (1...20).map { Activity(id: Int64($0), timestamp: noon, type: .addedFavoritePrime($0)) }
    let app = appFrontEnd(memory: FavoritePrimesMemory(activity: history, now: { noon }))
    await app.store.send(.launched).finish()
    #expect(await app.run(.activity(all: false)) == .output((1...20).map { "2026-11-21 12:00:00  added \($0)" }))
  }

  @Test func activityTakesNothingOrAll() throws {
    #expect(try AppCommand.table.parse("activity").get() == .activity(all: false))
    #expect(try AppCommand.table.parse("activity all").get() == .activity(all: true))
    guard case let .failure(error) = AppCommand.table.parse("activity some") else {
      Issue.record("'activity some' was accepted")
      return
    }
    #expect(error.message == "'activity' takes nothing, or 'all' for the whole history, like 'activity all'.")
  }

  /// The modal covers the nth-prime button: asking closes it, and the answer shows.
  @Test func askingForTheNthPrimeClosesTheModalAndShowsTheAnswer() async {
    let app = appFrontEnd(AppState(counter: CounterState(count: 7, isPrimeModalShown: true)))
    #expect(await app.run(.counter(.nthPrime(nil))) == .output(["The 7th prime is 17"]))
    #expect(app.location == "count 7 · 7th prime")
  }

  @Test func aWithdrawnSearchStopsAndSaysSoEvenAfterAnEarlierAnswer() async {
    let (started, reportStarted) = AsyncStream<Void>.makeStream()
    let store = Store(
      initialValue: AppState(count: 7),
      reducer: primeTimeReducer,
      environment: .stub(
        nthPrime: NthPrimeClient(nthPrime: { n in
          n == 7
            ? .sync { .answer(17) }
            : .run { send in
              await send(.progress(3))
              reportStarted.yield()
              try await Task.sleep(for: .seconds(60))
              await send(.answer(7_919))
            }
        })
      )
    )
    let app = AppFrontEnd(store: store)
    #expect(await app.run(.counter(.nthPrime(nil))) == .output(["The 7th prime is 17"]))
    _ = await app.run(.counter(.set(1_000)))
    async let outcome = app.run(.counter(.nthPrime(nil)))
    _ = await awaiting("the search for the 1000th prime to start") { await started.first { _ in true } }
    app.counter.cancelNthPrime()

    #expect(await outcome == .output(["Stopped looking for the 1000th prime."]))
    #expect(store.value.counter.isNthPrimeButtonDisabled == false)
    #expect(store.value.counter.nthPrimeProgress == nil)
    #expect(store.value.counter.alertNthPrime == nil)
  }

  @Test func askingBeyondTheLimitSaysWhatIsPossible() async {
    let app = appFrontEnd(AppState(count: 10_000_000_001))
    _ = await app.run(.favorites(.favorites))
    #expect(
      await app.run(.counter(.nthPrime(nil)))
        == .failure(
          "The 10000000001st prime is beyond what PrimeTime computes; ask for the 10000000000th or earlier."
        )
    )
  }
}
