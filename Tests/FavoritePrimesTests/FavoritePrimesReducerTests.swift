import ComposableArchitectureTestSupport
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
    await store.send(.deleteFavoritePrimes([2])) { $0.favoritePrimes = [2, 3, 7] }
    await store.finish()
  }

  /// Reference: testSaveButtonTapped. Changed: the reference's save was a fire-and-forget effect that sent
  /// nothing; the client is now asynchronous and the effect sends `favoritePrimesSaved` when it is done, which
  /// changes nothing on screen when no other PrimeTime saved meanwhile.
  @Test func savingHandsTheFavoritesToTheClient() async {
    let saved = CallLog<[Int]>()
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2, 3, 5, 7]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: FavoritePrimesClient.failing.load,
        save: { primes in
          saved.append(primes)
          return primes
        }
      )
    }
    await store.send(.saveButtonTapped)
    await store.receive(.favoritePrimesSaved(sent: [2, 3, 5, 7], stored: [2, 3, 5, 7]))
    await store.finish()
    #expect(saved.values == [[2, 3, 5, 7]])
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
          return [2, 31]
        },
        save: FavoritePrimesClient.failing.save
      )
    }
    await store.send(.loadButtonTapped)
    await store.receive(.loadedFavoritePrimes([2, 31])) { $0.favoritePrimes = [2, 31] }
    await store.finish()
    #expect(loads.values.count == 1)
  }

  // MARK: Deleting (fixed: the reference removed shifting indices, so several at once removed the wrong ones)

  @Test func deletingSeveralPositionsAtOnceDeletesExactlyThose() async {
    let store = TestStore(
      initialState: FavoritePrimesState(favoritePrimes: [2, 3, 5, 7, 11]),
      reducer: FavoritePrimes()
    )
    await store.send(.deleteFavoritePrimes([0, 2, 4])) { $0.favoritePrimes = [3, 7] }
    await store.finish()
  }

  @Test func deletingTwoNeighboursAtTheEndDoesNotTrap() async {
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2, 3, 5, 7]), reducer: FavoritePrimes())
    await store.send(.deleteFavoritePrimes([2, 3])) { $0.favoritePrimes = [2, 3] }
    await store.finish()
  }

  @Test func deletingEveryPositionEmptiesTheList() async {
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2, 3, 5, 7]), reducer: FavoritePrimes())
    await store.send(.deleteFavoritePrimes(IndexSet(0..<4))) { $0.favoritePrimes = [] }
    await store.finish()
  }

  // MARK: Loading

  /// Repeats are reported too: PrimeTime never stores one, so another program put them there.
  @Test func aLoadedListWithRepeatsKeepsEachPrimeOnceInOrder() async {
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: { [7, 2, 7, 31, 2, 5, 31] },
        save: FavoritePrimesClient.failing.save
      )
    }
    await store.send(.loadButtonTapped)
    await store.receive(.loadedFavoritePrimes([7, 2, 7, 31, 2, 5, 31])) {
      $0.favoritePrimes = [7, 2, 31, 5]
      $0.problem = .leftOut(["7 again", "2 again", "31 again"])
    }
    await store.finish()
  }

  @Test func loadingNothingSavedShowsAnEmptyList() async {
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2, 3]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = FavoritePrimesClient(load: { [] }, save: FavoritePrimesClient.failing.save)
    }
    await store.send(.loadButtonTapped)
    await store.receive(.loadedFavoritePrimes([])) { $0.favoritePrimes = [] }
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
      $0.favoritePrimes = [3]
      $0.problem = nil
    }
    await store.finish()
  }

  // MARK: Saving

  @Test func aFailedSaveKeepsTheListAndSaysWhy() async {
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2, 3]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: FavoritePrimesClient.failing.load,
        save: { _ in throw ClientError(description: "the disk is full") }
      )
    }
    await store.send(.saveButtonTapped)
    await store.receive(.saveFailed("the disk is full")) {
      $0.problem = .saveFailed("the disk is full")
      $0.hasUnsavedChanges = true
    }
    await store.finish()
  }

  /// The list shown is not what is stored until a save succeeds: the state says so, for the exit status.
  @Test func aFailedSaveLeavesUnsavedChangesUntilASaveSucceeds() async {
    let calls = Mutex(0)
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2, 3]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: FavoritePrimesClient.failing.load,
        save: { primes in
          let call = calls.withLock { calls in
            calls += 1
            return calls
          }
          if call == 1 { throw ClientError(description: "the disk is full") }
          return primes
        }
      )
    }
    await store.send(.saveButtonTapped)
    await store.receive(.saveFailed("the disk is full")) {
      $0.problem = .saveFailed("the disk is full")
      $0.hasUnsavedChanges = true
    }
    await store.send(.deleteFavoritePrimes([0])) {
      $0.favoritePrimes = [3]
      $0.problem = nil
    }
    await store.send(.saveButtonTapped)
    await store.receive(.favoritePrimesSaved(sent: [3], stored: [3])) { $0.hasUnsavedChanges = false }
    await store.finish()
  }

  /// Values another program put in storage are not favourite primes: they are left out and reported.
  @Test func loadedValuesThatAreNotFavoritePrimesAreLeftOutAndReported() async {
    let store = TestStore(initialState: FavoritePrimesState(), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: { [2, 7, 8, -7, 1, 7] },
        save: FavoritePrimesClient.failing.save
      )
    }
    await store.send(.loadButtonTapped)
    await store.receive(.loadedFavoritePrimes([2, 7, 8, -7, 1, 7])) {
      $0.favoritePrimes = [2, 7]
      $0.problem = .leftOut(["8", "-7", "1", "7 again"])
    }
    await store.finish()
    #expect(
      FavoritePrimesProblem.leftOut(["8", "-7", "1", "7 again"]).description
        == "Left out saved values that are not favorite primes (8, -7, 1, 7 again): another program changed "
        + "the database. The next change you save leaves them out of it too; copy the file first to keep them."
    )
    #expect(
      FavoritePrimesProblem.leftOut((1...8).map { "\($0 * 4)" }).description
        == "Left out saved values that are not favorite primes (4, 8, 12, 16, 20 and 3 more): another program "
        + "changed the database. The next change you save leaves them out of it too; copy the file first to keep them."
    )
  }

  /// Loading replaces the list shown by the stored one: nothing unsaved is shown any more.
  @Test func loadingReplacesUnsavedChanges() async {
    let store = TestStore(
      initialState: FavoritePrimesState(favoritePrimes: [2, 3], hasUnsavedChanges: true),
      reducer: FavoritePrimes()
    ) {
      $0.favoritePrimesClient = FavoritePrimesClient(load: { [5] }, save: FavoritePrimesClient.failing.save)
    }
    await store.send(.loadButtonTapped)
    await store.receive(.loadedFavoritePrimes([5])) {
      $0.favoritePrimes = [5]
      $0.hasUnsavedChanges = false
    }
    await store.finish()
  }

  @Test func aSuccessfulSaveClearsTheLastProblem() async {
    let store = TestStore(
      initialState: FavoritePrimesState(favoritePrimes: [2, 3], problem: .saveFailed("the disk is full")),
      reducer: FavoritePrimes()
    ) {
      $0.favoritePrimesClient = FavoritePrimesClient(load: FavoritePrimesClient.failing.load, save: { $0 })
    }
    await store.send(.saveButtonTapped) { $0.problem = nil }
    await store.receive(.favoritePrimesSaved(sent: [2, 3], stored: [2, 3]))
    await store.finish()
  }

  @Test func savingAfterDeletingSavesTheListAsShown() async {
    let saved = CallLog<[Int]>()
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2, 3, 5, 7]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: FavoritePrimesClient.failing.load,
        save: { primes in
          saved.append(primes)
          return primes
        }
      )
    }
    await store.send(.deleteFavoritePrimes([1, 2])) { $0.favoritePrimes = [2, 7] }
    await store.send(.saveButtonTapped)
    await store.receive(.favoritePrimesSaved(sent: [2, 7], stored: [2, 7]))
    await store.finish()
    #expect(saved.values == [[2, 7]])
  }

  /// Another PrimeTime added 11 and removed 3 while this one saved [2, 3, 7]: the list becomes the one
  /// stored.
  @Test func aSaveThatComesBackWithAnotherSessionsChangesTakesThemIn() async {
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2, 3, 7]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = FavoritePrimesClient(load: FavoritePrimesClient.failing.load, save: { _ in [2, 7, 11] })
    }
    await store.send(.saveButtonTapped)
    await store.receive(.favoritePrimesSaved(sent: [2, 3, 7], stored: [2, 7, 11])) { $0.favoritePrimes = [2, 7, 11] }
    await store.finish()
  }

  /// When the list changed here after the save was sent (13 added), the other's changes (2 removed, 17
  /// added) join it rather than replace it.
  @Test func anotherSessionsChangesJoinAListThatChangedMeanwhile() async {
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2, 7, 11, 13]), reducer: FavoritePrimes())
    await store.send(.favoritePrimesSaved(sent: [2, 7, 11], stored: [7, 11, 17])) {
      $0.favoritePrimes = [7, 11, 13, 17]
    }
    await store.finish()
  }

  /// When saves overlap, the newer one cancels the older, so only the newest list is reported saved.
  @Test(.timeLimit(.minutes(1)))
  func aNewerSaveCancelsOneStillInFlight() async {
    let saved = CallLog<[Int]>()
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2, 3]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: FavoritePrimesClient.failing.load,
        save: { primes in
          if primes == [2, 3] { try await suspendUntilCancelled() }
          saved.append(primes)
          return primes
        }
      )
    }
    await store.send(.saveButtonTapped)
    await store.send(.deleteFavoritePrimes([0])) { $0.favoritePrimes = [3] }
    await store.send(.saveButtonTapped)
    await store.receive(.favoritePrimesSaved(sent: [3], stored: [3]))
    await store.finish()
    #expect(saved.values == [[3]])
  }

  /// When loads overlap, the newer one cancels the older, so only one answer arrives: two would mean an older,
  /// slower answer could overwrite a newer one.
  @Test func aNewerLoadCancelsOneStillInFlight() async {
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = FavoritePrimesClient(load: { [5, 7] }, save: FavoritePrimesClient.failing.save)
    }
    await store.send(.loadButtonTapped)
    await store.send(.loadButtonTapped)
    await store.receive(.loadedFavoritePrimes([5, 7])) { $0.favoritePrimes = [5, 7] }
    await store.finish()
  }
}
