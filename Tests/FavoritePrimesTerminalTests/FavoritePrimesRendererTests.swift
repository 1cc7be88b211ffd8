import FavoritePrimes
import FavoritePrimesTerminal
import Foundation
import Testing

/// The favourite primes as text: the list as `favorites` shows it, what `save` says, and how the positions
/// it shows become the offsets a delete carries.
@Suite(.timeLimit(.minutes(2)))
struct FavoritePrimesRendererTests {
  @Test func anEmptyListSaysThereAreNoFavoritesYet() {
    #expect(renderFavoritePrimes(FavoritePrimesState()) == ["No favorite primes yet."])
  }

  @Test func favoritesAreNumberedFrom1InTheirOrder() {
    #expect(
      renderFavoritePrimes(FavoritePrimesState(favoritePrimes: [7, 2, 31])) == [
        "1. 7",
        "2. 2",
        "3. 31",
      ]
    )
  }

  @Test func numbersKeepCountingPast9() {
    let lines = renderFavoritePrimes(FavoritePrimesState(favoritePrimes: [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31]))
    #expect(lines.count == 11)
    #expect(lines.last == "11. 31")
    #expect(lines[9] == "10. 29")
  }

  /// A list never loaded is not the stored one: it does not claim there are no favourites.
  @Test func aListThatCouldNotBeLoadedSaysSoInsteadOfNoFavoritesYet() {
    #expect(
      renderFavoritePrimes(FavoritePrimesState(isLoaded: false)) == [
        "the stored favorite primes could not be loaded; 'check' says why, 'load' tries again."
      ]
    )
    #expect(
      renderFavoritePrimes(FavoritePrimesState(favoritePrimes: [7], isLoaded: false)) == [
        "1. 7",
        "Only the primes added since PrimeTime started are shown: the stored favorite primes could not be loaded; "
          + "'check' says why, 'load' tries again.",
      ]
    )
  }

  /// Problems are reported by the front end, not drawn in the list.
  @Test func aProblemDoesNotChangeTheList() {
    #expect(
      renderFavoritePrimes(FavoritePrimesState(favoritePrimes: [2], problem: .loadFailed("locked"))) == ["1. 2"]
    )
  }

  @Test func aSaveSaysHowManyWereSavedInTheRightNumber() {
    #expect(renderFavoritePrimesSaved(FavoritePrimesState(favoritePrimes: [2, 3, 5])) == ["Saved 3 favorite primes."])
    #expect(renderFavoritePrimesSaved(FavoritePrimesState(favoritePrimes: [7])) == ["Saved 1 favorite prime."])
    #expect(renderFavoritePrimesSaved(FavoritePrimesState()) == ["Saved 0 favorite primes."])
  }

  /// The inverse of the numbering: position 1 is offset 0; repeats are one offset.
  @Test func positionsAsListedBecomeOffsetsFrom0() {
    #expect(favoritePrimesOffsets(ofPositions: [4, 1, 1]) == [0, 3])
    #expect(favoritePrimesOffsets(ofPositions: []) == [])
  }

  /// No command makes a position below 1, but one made in code never traps: it becomes position 0's offset.
  @Test func aPositionBelow1BecomesOffsetMinus1WithoutTrapping() {
    #expect(favoritePrimesOffsets(ofPositions: [0, -5, .min]) == [-1])
  }
}
