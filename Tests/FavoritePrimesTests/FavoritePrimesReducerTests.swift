import ComposableArchitectureTestSupport
import FavoriteList
import FavoritePrimes
import Foundation
import Synchronization
import Testing

/// The favourite primes screen's reducer: the reference's FavoritePrimesTests (§4.4), and the fixes.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct FavoritePrimesReducerTests {
  // MARK: The reference's scenarios

  /// Reference: testDeleteFavoritePrimes.
  @Test func deletingOnePositionRemovesThatFavorite() async {
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2, 3, 5, 7]), reducer: FavoritePrimes())
    await store.send(.deleteFavoritePrimes([2])) {
      $0.favoritePrimes = FavoriteList([2, 3, 7], unsavedChanges: [.removedFavoritePrime(5)])
    }
    await store.finish()
  }

  /// Reference: testSaveButtonTapped. Changed: the reference's save was a fire-and-forget effect that sent
  /// nothing; the client is now asynchronous and the effect sends `favoritePrimesSaved` when it is done, which
  /// changes nothing on screen when no other PrimeTime saved meanwhile.
  /// Changed again: a save hands the client the changes not saved yet, not the list, and takes them out of
  /// the state.
  @Test func savingHandsTheUnsavedChangesToTheClient() async {
    let saved = CallLog<[Activity.Kind]>()
    let store = TestStore(
      initialState: FavoritePrimesState(favoritePrimes: FavoriteList([2, 3, 5, 7], unsavedChanges: [.addedFavoritePrime(7)])),
      reducer: FavoritePrimes()
    ) {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: FavoritePrimesClient.failing.load,
        save: { changes in
          saved.append(changes)
          return FavoritePrimesSync()
        }
      )
    }
    await store.send(.saveButtonTapped) { _ = $0.favoritePrimes.startSave() }
    await store.receive(.favoritePrimesSaved(FavoritePrimesSync())) { $0.favoritePrimes.saveSucceeded() }
    await store.finish()
    #expect(saved.values == [[.addedFavoritePrime(7)]])
  }

  /// Reference: testLoadFavoritePrimesFlow. Changed: the reference decoded JSON from a synchronous file
  /// client; the client now answers `[Int]` asynchronously. The flow is the same: nothing changes until the
  /// list comes back, then it replaces the one shown.
  @Test func loadingReplacesTheFavoritesWithTheSavedOnes() async {
    let loads = CallLog<Void>()
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2, 3, 5, 7]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: {
          loads.append(())
          return FavoritePrimesSync(favoritePrimes: [2, 31])
        },
        save: FavoritePrimesClient.failing.save
      )
    }
    await store.send(.loadButtonTapped)
    await store.receive(.loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: [2, 31]))) {
      $0.favoritePrimes = [2, 31]
    }
    await store.finish()
    #expect(loads.values.count == 1)
  }

  // MARK: Deleting (fixed: the reference removed shifting indices, so several at once removed the wrong ones)

  @Test func deletingSeveralPositionsAtOnceDeletesExactlyThose() async {
    let store = TestStore(
      initialState: FavoritePrimesState(favoritePrimes: [2, 3, 5, 7, 11]),
      reducer: FavoritePrimes()
    )
    await store.send(.deleteFavoritePrimes([0, 2, 4])) {
      $0.favoritePrimes = FavoriteList([3, 7], unsavedChanges: [.removedFavoritePrime(2), .removedFavoritePrime(5), .removedFavoritePrime(11)])
    }
    await store.finish()
  }

  @Test func deletingTwoNeighboursAtTheEndDoesNotTrap() async {
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2, 3, 5, 7]), reducer: FavoritePrimes())
    await store.send(.deleteFavoritePrimes([2, 3])) {
      $0.favoritePrimes = FavoriteList([2, 3], unsavedChanges: [.removedFavoritePrime(5), .removedFavoritePrime(7)])
    }
    await store.finish()
  }

  @Test func deletingEveryPositionEmptiesTheList() async {
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2, 3, 5, 7]), reducer: FavoritePrimes())
    await store.send(.deleteFavoritePrimes(FavoritePrimeOffsets(integersIn: 0..<4))) {
      $0.favoritePrimes = FavoriteList([], unsavedChanges: [2, 3, 5, 7].map(Activity.Kind.removedFavoritePrime))
    }
    await store.finish()
  }

  // MARK: Loading

  /// Repeats are reported too: PrimeTime never stores one, so another program put them there.
  @Test func aLoadedListWithRepeatsKeepsEachPrimeOnceInOrder() async {
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: { FavoritePrimesSync(favoritePrimes: [7, 2, 7, 31, 2, 5, 31]) },
        save: FavoritePrimesClient.failing.save
      )
    }
    await store.send(.loadButtonTapped)
    await store.receive(.loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: [7, 2, 7, 31, 2, 5, 31]))) {
      $0.favoritePrimes = [7, 2, 31, 5]
      $0.problem = .leftOut(["7 again", "2 again", "31 again"])
    }
    await store.finish()
  }

  @Test func loadingNothingSavedShowsAnEmptyList() async {
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2, 3]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: { FavoritePrimesSync(favoritePrimes: []) }, save: FavoritePrimesClient.failing.save)
    }
    await store.send(.loadButtonTapped)
    await store.receive(.loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: []))) { $0.favoritePrimes = [] }
    await store.finish()
  }

  @Test func aFailedLoadKeepsTheListAndSaysWhy() async {
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2, 3]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: { throw ClientError(description: "the database is locked") },
        save: FavoritePrimesClient.failing.save
      )
    }
    await store.send(.loadButtonTapped)
    await store.receive(.loadFailed("the database is locked")) { $0.problem = .loadFailed("the database is locked") }
    await store.send(.deleteFavoritePrimes([0])) {
      $0.favoritePrimes = FavoriteList([3], unsavedChanges: [.removedFavoritePrime(2)])
      $0.problem = nil
    }
    await store.finish()
  }

  // MARK: Saving

  @Test func aFailedSaveKeepsTheListAndItsChangesAndSaysWhy() async {
    let store = TestStore(
      initialState: FavoritePrimesState(favoritePrimes: FavoriteList([2, 3], unsavedChanges: [.addedFavoritePrime(3)])),
      reducer: FavoritePrimes()
    ) {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: FavoritePrimesClient.failing.load,
        save: { _ in throw ClientError(description: "the disk is full") }
      )
    }
    await store.send(.saveButtonTapped) { _ = $0.favoritePrimes.startSave() }
    await store.receive(.saveFailed("the disk is full", unsent: [.addedFavoritePrime(3)])) {
      $0.problem = .saveFailed("the disk is full")
      $0.favoritePrimes.saveFailed(unsent: [.addedFavoritePrime(3)])
    }
    await store.finish()
    #expect(store.state.hasUnsavedChanges)
  }

  /// The changes a failed save carried are unsaved again, before those made since, so the next save sends
  /// each once and in the order made; the state says they are unsaved until then, for the exit status.
  @Test func aFailedSaveGivesItsChangesBackFirstAndTheNextSaveSendsEachOnce() async {
    let calls = Mutex(0)
    let sent = CallLog<[Activity.Kind]>()
    let store = TestStore(
      initialState: FavoritePrimesState(favoritePrimes: FavoriteList([2, 3, 5], unsavedChanges: [.addedFavoritePrime(5)])),
      reducer: FavoritePrimes()
    ) {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: FavoritePrimesClient.failing.load,
        save: { changes in
          sent.append(changes)
          let call = calls.withLock { calls in
            calls += 1
            return calls
          }
          if call == 1 { throw ClientError(description: "the disk is full") }
          return FavoritePrimesSync()
        }
      )
    }
    await store.send(.saveButtonTapped) { _ = $0.favoritePrimes.startSave() }
    await store.send(.deleteFavoritePrimes([0])) { $0.favoritePrimes.remove(2) }
    await store.receive(.saveFailed("the disk is full", unsent: [.addedFavoritePrime(5)])) {
      $0.problem = .saveFailed("the disk is full")
      $0.favoritePrimes.saveFailed(unsent: [.addedFavoritePrime(5)])
    }
    #expect(store.state.favoritePrimes.unsavedChanges == [.addedFavoritePrime(5), .removedFavoritePrime(2)])
    await store.send(.saveButtonTapped) {
      $0.problem = nil
      _ = $0.favoritePrimes.startSave()
    }
    await store.receive(.favoritePrimesSaved(FavoritePrimesSync())) { $0.favoritePrimes.saveSucceeded() }
    await store.finish()
    #expect(!store.state.hasUnsavedChanges)
    #expect(sent.values == [[.addedFavoritePrime(5)], [.addedFavoritePrime(5), .removedFavoritePrime(2)]])
  }

  /// Values another program put in storage are not favourite primes: they are left out and reported.
  @Test func loadedValuesThatAreNotFavoritePrimesAreLeftOutAndReported() async {
    let store = TestStore(initialState: FavoritePrimesState(), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: { FavoritePrimesSync(favoritePrimes: [2, 7, 8, -7, 1, 7]) },
        save: FavoritePrimesClient.failing.save
      )
    }
    await store.send(.loadButtonTapped)
    await store.receive(.loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: [2, 7, 8, -7, 1, 7]))) {
      $0.favoritePrimes = [2, 7]
      $0.problem = .leftOut(["8", "-7", "1", "7 again"])
    }
    await store.finish()
    #expect(
      FavoritePrimesProblem.leftOut(["8", "-7", "1", "7 again"]).description
        == "Left out saved values that are not favorite primes (8, -7, 1, 7 again): another program changed "
        + "the database. They stay in the file: a save writes only the changes you make."
    )
    #expect(
      FavoritePrimesProblem.leftOut((1...8).map { "\($0 * 4)" }).description
        == "Left out saved values that are not favorite primes (4, 8, 12, 16, 20 and 3 more): another program "
        + "changed the database. They stay in the file: a save writes only the changes you make."
    )
  }

  /// Loading replaces the list shown by the stored one, with the change no save has stored yet applied on top
  /// of it: a load never drops one.
  @Test func loadingReplacesTheListButKeepsUnsavedChanges() async {
    let store = TestStore(
      initialState: FavoritePrimesState(favoritePrimes: FavoriteList([2, 3], unsavedChanges: [.addedFavoritePrime(3)])),
      reducer: FavoritePrimes()
    ) {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: { FavoritePrimesSync(favoritePrimes: [5]) }, save: FavoritePrimesClient.failing.save)
    }
    await store.send(.loadButtonTapped)
    await store.receive(.loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: [5]))) {
      $0.favoritePrimes = FavoriteList([5, 3], unsavedChanges: [.addedFavoritePrime(3)])
    }
    await store.finish()
  }

  @Test func aSuccessfulSaveClearsTheLastProblem() async {
    let store = TestStore(
      initialState: FavoritePrimesState(favoritePrimes: [2, 3], problem: .saveFailed("the disk is full")),
      reducer: FavoritePrimes()
    ) {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: FavoritePrimesClient.failing.load, save: { _ in FavoritePrimesSync() })
    }
    await store.send(.saveButtonTapped) {
      $0.problem = nil
      _ = $0.favoritePrimes.startSave()
    }
    await store.receive(.favoritePrimesSaved(FavoritePrimesSync())) { $0.favoritePrimes.saveSucceeded() }
    await store.finish()
  }

  @Test func savingAfterDeletingSendsTheRemovals() async {
    let saved = CallLog<[Activity.Kind]>()
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2, 3, 5, 7]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: FavoritePrimesClient.failing.load,
        save: { changes in
          saved.append(changes)
          return FavoritePrimesSync()
        }
      )
    }
    await store.send(.deleteFavoritePrimes([1, 2])) {
      $0.favoritePrimes = FavoriteList([2, 7], unsavedChanges: [.removedFavoritePrime(3), .removedFavoritePrime(5)])
    }
    await store.send(.saveButtonTapped) { _ = $0.favoritePrimes.startSave() }
    await store.receive(.favoritePrimesSaved(FavoritePrimesSync())) { $0.favoritePrimes.saveSucceeded() }
    await store.finish()
    #expect(saved.values == [[.removedFavoritePrime(3), .removedFavoritePrime(5)]])
  }

  /// Another PrimeTime added 11 and removed 3 while this one saved: the list stored comes back, and becomes
  /// the one shown.
  @Test func aSaveThatComesBackWithTheStoredListTakesItIn() async {
    let store = TestStore(
      initialState: FavoritePrimesState(favoritePrimes: FavoriteList([2, 3, 7], unsavedChanges: [.addedFavoritePrime(7)])),
      reducer: FavoritePrimes()
    ) {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: FavoritePrimesClient.failing.load, save: { _ in FavoritePrimesSync(favoritePrimes: [2, 7, 11]) })
    }
    await store.send(.saveButtonTapped) { _ = $0.favoritePrimes.startSave() }
    await store.receive(.favoritePrimesSaved(FavoritePrimesSync(favoritePrimes: [2, 7, 11]))) {
      $0.favoritePrimes.saveSucceeded()
      $0.favoritePrimes = [2, 7, 11]
    }
    await store.finish()
  }

  /// When the list changed here after the save was sent (13 added, 7 removed), those changes are applied on
  /// top of the stored list that comes back (another PrimeTime removed 2 and added 17), not lost.
  @Test func theChangesNotSavedYetAreReplayedOnTopOfAStoredListThatComesBack() async {
    let store = TestStore(
      initialState: FavoritePrimesState(
        favoritePrimes: FavoriteList([2, 11, 13], unsavedChanges: [.addedFavoritePrime(13), .removedFavoritePrime(7)], savesRunning: 1)
      ),
      reducer: FavoritePrimes()
    )
    await store.send(.favoritePrimesSaved(FavoritePrimesSync(favoritePrimes: [7, 11, 17]))) {
      $0.favoritePrimes.saveSucceeded()
      $0.favoritePrimes = FavoriteList([11, 17, 13], unsavedChanges: [.addedFavoritePrime(13), .removedFavoritePrime(7)])
    }
    await store.finish()
  }

  /// Saves are never cancelled by a newer one: each carries its own changes, which a cancelled one would lose.
  @Test(.timeLimit(.minutes(1)))
  func aNewerSaveDoesNotCancelOneStillInFlight() async {
    let saved = CallLog<[Activity.Kind]>()
    let (gate, open) = AsyncStream<Void>.makeStream()
    let store = TestStore(
      initialState: FavoritePrimesState(favoritePrimes: FavoriteList([2, 3], unsavedChanges: [.addedFavoritePrime(3)])),
      reducer: FavoritePrimes()
    ) {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: FavoritePrimesClient.failing.load,
        save: { changes in
          if changes == [.addedFavoritePrime(3)] {
            for await _ in gate {}
          }
          saved.append(changes)
          return FavoritePrimesSync()
        }
      )
    }
    await store.send(.saveButtonTapped) { _ = $0.favoritePrimes.startSave() }
    await store.send(.deleteFavoritePrimes([0])) { $0.favoritePrimes.remove(2) }
    await store.send(.saveButtonTapped) { _ = $0.favoritePrimes.startSave() }
    await store.receive(.favoritePrimesSaved(FavoritePrimesSync())) { $0.favoritePrimes.saveSucceeded() }
    open.finish()
    await store.receive(.favoritePrimesSaved(FavoritePrimesSync())) { $0.favoritePrimes.saveSucceeded() }
    await store.finish()
    #expect(saved.values == [[.removedFavoritePrime(2)], [.addedFavoritePrime(3)]])
  }

  /// When loads overlap, the newer one cancels the older, so only one answer arrives: two would mean an older,
  /// slower answer could overwrite a newer one.
  @Test func aNewerLoadCancelsOneStillInFlight() async {
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: { FavoritePrimesSync(favoritePrimes: [5, 7]) }, save: FavoritePrimesClient.failing.save)
    }
    await store.send(.loadButtonTapped)
    await store.send(.loadButtonTapped)
    await store.receive(.loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: [5, 7]))) {
      $0.favoritePrimes = [5, 7]
    }
    await store.finish()
  }
}
