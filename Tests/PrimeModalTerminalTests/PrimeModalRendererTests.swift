import PrimeModal
import PrimeModalTerminal
import Testing

/// The modal as text, with the exact strings of §6 of the reference, each button followed by the command that
/// taps it.
@Suite(.timeLimit(.minutes(2)))
struct PrimeModalRendererTests {
  @Test func aPrimeThatIsNotAFavoriteOffersToSaveIt() {
    #expect(
      renderPrimeModal(PrimeModalState(count: 7, favoritePrimes: [3, 5])) == [
        "7 is prime 🎉",
        "Save to favorite primes [fav]",
      ]
    )
  }

  @Test func aPrimeThatIsAFavoriteOffersToRemoveIt() {
    #expect(
      renderPrimeModal(PrimeModalState(count: 7, favoritePrimes: [3, 7])) == [
        "7 is prime 🎉",
        "Remove from favorite primes [unfav]",
      ]
    )
  }

  @Test(arguments: [(8, "8 is not prime :("), (1, "1 is not prime :("), (0, "0 is not prime :("), (-7, "-7 is not prime :(")])
  func aNumberThatIsNotPrimeSaysSoAndOffersNoButton(_ count: Int, _ line: String) {
    #expect(renderPrimeModal(PrimeModalState(count: count, favoritePrimes: [])) == [line])
  }

  /// A favourite that is not prime (only possible in a list saved elsewhere) still reads "not prime".
  @Test func aNumberThatIsNotPrimeOffersNoButtonEvenWhenListedAsAFavorite() {
    #expect(renderPrimeModal(PrimeModalState(count: 9, favoritePrimes: [9])) == ["9 is not prime :("])
  }

  @Test func thePartyEmojiIsU1F389() {
    let first = renderPrimeModal(PrimeModalState(count: 2, favoritePrimes: [])).first
    #expect(first?.unicodeScalars.last == "\u{1F389}")
  }
}
