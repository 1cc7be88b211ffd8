import ComposableArchitectureTestSupport
import FavoriteList
import FavoritePrimes
import Primes
import Testing

/// A long loaded list is judged as a short one is: the same primes kept, the same values reported, whether
/// the reducer sieves (small values) or tests each value (large ones).
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct FavoritePrimesLoadingTests {
  /// The first `count` primes, in order.
  static func firstPrimes(_ count: Int) -> [Int] {
    var primes: [Int] = []
    var n = 2
    while primes.count < count {
      if isPrime(n) { primes.append(n) }
      n += 1
    }
    return primes
  }

  @Test func aLongListOfSmallPrimesIsKeptWholeAndInOrder() async {
    let primes = Self.firstPrimes(20_000)
    let store = TestStore(initialState: FavoritePrimesState(), reducer: FavoritePrimes())
    await store.send(.loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: primes))) { $0.favoritePrimes = FavoriteList(primes) }
    await store.finish()
  }

  /// Small values beside large ones: the small ones are looked up in the sieve, the large ones tested, and
  /// repeats of either are found.
  @Test func aLongListWithLargeValuesNonPrimesAndRepeatsKeepsEachPrimeOnceAndReportsTheRest() async {
    let small = Self.firstPrimes(5000)
    let large = [1_000_000_007, 4_294_967_291, 9_223_372_036_854_775_783]
    let loaded = small + [9, 561, -7, 1, 0, Int.min, Int.max, 3_215_031_751] + large + [small[10], large[0], 2]
      + large.reversed() + [small[4999]]
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2]), reducer: FavoritePrimes())
    await store.send(.loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: loaded))) {
      $0.favoritePrimes = FavoriteList(small + large)
      $0.problem = .leftOut(
        ["9", "561", "-7", "1", "0", "\(Int.min)", "\(Int.max)", "3215031751", "\(small[10]) again"]
          + ["1000000007 again", "2 again"] + large.reversed().map { "\($0) again" } + ["\(small[4999]) again"]
      )
    }
    await store.finish()
  }

  /// A list the client kept from an earlier check (the database's copy) is taken as it is, not checked again:
  /// a value that would be left out stays, which shows no check ran. The same list unmarked is checked.
  @Test func aListTheClientMarksAsCheckedIsTakenAsItIs() async {
    let store = TestStore(initialState: FavoritePrimesState(), reducer: FavoritePrimes())
    await store.send(
      .loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: [7, 9, 7], favoritePrimesWereChecked: true))
    ) {
      $0.favoritePrimes = [7, 9, 7]
      $0.isLoaded = true
    }
    await store.send(.loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: [7, 9, 7]))) {
      $0.favoritePrimes = [7]
      $0.problem = .leftOut(["9", "7 again"])
    }
    await store.finish()
  }

  /// What a client may mark as checked: exactly the lists a load keeps whole.
  @Test func aListPassesTheCheckWhenALoadWouldKeepItWhole() {
    #expect(FavoritePrimes.passesCheck([]))
    #expect(FavoritePrimes.passesCheck(Self.firstPrimes(5000) + [1_000_000_007]))
    #expect(!FavoritePrimes.passesCheck([2, 3, 2]))
    #expect(!FavoritePrimes.passesCheck([2, 9]))
    #expect(!FavoritePrimes.passesCheck([1_000_000_007, 1_000_000_007]))
    #expect(!FavoritePrimes.passesCheck([-7, 0, 1]))
  }
}
