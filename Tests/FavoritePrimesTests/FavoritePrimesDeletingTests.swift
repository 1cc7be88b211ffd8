import ComposableArchitectureTestSupport
import FavoriteList
import FavoritePrimes
import Foundation
import Testing

/// Deleting favourites: the rule every front end used to check for itself, now the reducer's. A delete that
/// names a position the list does not have deletes nothing and says why, so no front end counts the list.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct FavoritePrimesDeletingTests {
  @Test func aPositionPastTheEndDeletesNothingAndSaysHowLongTheListIs() async {
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2, 3, 5]), reducer: FavoritePrimes())
    await store.send(.deleteFavoritePrimes([1, 3, 99])) { $0.problem = .noSuchPosition(offset: 3, count: 3) }
    await store.finish()
    #expect(
      FavoritePrimesProblem.noSuchPosition(offset: 3, count: 3).description
        == "There is no favorite prime at position 4; the list has 3. Nothing was deleted."
    )
  }

  @Test func anyPositionOfAnEmptyListIsPastTheEnd() async {
    let store = TestStore(initialState: FavoritePrimesState(), reducer: FavoritePrimes())
    await store.send(.deleteFavoritePrimes([0])) { $0.problem = .noSuchPosition(offset: 0, count: 0) }
    await store.finish()
    #expect(
      FavoritePrimesProblem.noSuchPosition(offset: 0, count: 0).description
        == "There is no favorite prime at position 1; the list is empty. Nothing was deleted."
    )
  }

  /// The first position the list lacks, in list order, is the one named.
  @Test func theFirstMissingPositionIsNamed() async {
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2, 3, 5, 7]), reducer: FavoritePrimes())
    await store.send(.deleteFavoritePrimes([0, 8, 5])) { $0.problem = .noSuchPosition(offset: 5, count: 4) }
    await store.finish()
  }

  /// An offset before the first is no position either (an action can carry one, though no command can).
  @Test func aNegativeOffsetDeletesNothing() async {
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2, 3]), reducer: FavoritePrimes())
    await store.send(.deleteFavoritePrimes([-1, 0])) { $0.problem = .noSuchPosition(offset: -1, count: 2) }
    await store.finish()
    #expect(
      FavoritePrimesProblem.noSuchPosition(offset: -1, count: 2).description
        == "There is no favorite prime at position 0; the list has 2. Nothing was deleted."
    )
  }

  /// A huge range past the end is refused at once, without visiting each offset.
  @Test func aHugeRangePastTheEndIsRefusedQuickly() async {
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2, 3]), reducer: FavoritePrimes())
    await store.send(.deleteFavoritePrimes(FavoritePrimeOffsets(integersIn: 0..<(Int.max - 1)))) {
      $0.problem = .noSuchPosition(offset: 2, count: 2)
    }
    await store.finish()
  }

  /// The position is counted from 1 without overflowing, whatever offset an action carries.
  @Test func theLargestOffsetIsNamedWithoutTrapping() {
    #expect(
      FavoritePrimesProblem.noSuchPosition(offset: .max, count: 1).description
        == "There is no favorite prime at position 9223372036854775808; the list has 1. Nothing was deleted."
    )
  }

  /// The refusal lasts until the next action, like every problem; nothing else changed meanwhile.
  @Test func theNextActionClearsTheRefusal() async {
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2, 3]), reducer: FavoritePrimes())
    await store.send(.deleteFavoritePrimes([2])) { $0.problem = .noSuchPosition(offset: 2, count: 2) }
    await store.send(.deleteFavoritePrimes([1])) {
      $0.favoritePrimes = FavoriteList([2], unsavedChanges: [.removedFavoritePrime(3)])
      $0.problem = nil
    }
    await store.finish()
  }

  /// A delete records one removal for each prime it deleted, in list order, after the changes not saved yet:
  /// what the next save sends.
  @Test func aDeleteRecordsARemovalForEachPrimeInListOrder() async {
    let store = TestStore(
      initialState: FavoritePrimesState(favoritePrimes: FavoriteList([2, 3, 5, 7, 11], unsavedChanges: [.addedFavoritePrime(11)])),
      reducer: FavoritePrimes()
    )
    await store.send(.deleteFavoritePrimes([4, 0, 2])) {
      $0.favoritePrimes = FavoriteList([3, 7], unsavedChanges: [
        .addedFavoritePrime(11), .removedFavoritePrime(2), .removedFavoritePrime(5), .removedFavoritePrime(11),
      ])
    }
    await store.finish()
  }

  /// A refused delete records no change and keeps the ones not saved yet.
  @Test func aRefusedDeleteLeavesTheUnsavedChangesAlone() async {
    let store = TestStore(
      initialState: FavoritePrimesState(favoritePrimes: FavoriteList([2], unsavedChanges: [.addedFavoritePrime(2)])),
      reducer: FavoritePrimes()
    )
    await store.send(.deleteFavoritePrimes([1])) { $0.problem = .noSuchPosition(offset: 1, count: 1) }
    await store.finish()
  }
}
