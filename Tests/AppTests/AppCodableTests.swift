import Counter
import FavoriteList
import FavoritePrimes
import Foundation
import PrimeModal
import PrimeTimeApp
import Testing

/// PrimeTime's actions and state survive a recording: encoded to JSON and decoded back, each is unchanged.
@Suite(.timeLimit(.minutes(2)))
struct AppCodableTests {
  private func roundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
    try JSONDecoder().decode(T.self, from: try JSONEncoder().encode(value))
  }

  /// A state whose every stored field differs from its default.
  private var everyFieldSet: AppState {
    AppState(
      counter: CounterState(
        alertNthPrime: PrimeAlert(n: 4, prime: 7), count: 7, isNthPrimeButtonDisabled: true, isPrimeModalShown: true,
        nthPrimeProgress: 12, problem: .nothingToDismiss, withdrawnNthPrime: 3
      ),
      favorites: FavoritePrimesState(
        favoritePrimes: FavoriteList([2, 7], unsavedChanges: [.addedFavoritePrime(7)], savesRunning: 1),
        problem: .saveFailed("full"), notice: .passedCheck, isLoaded: true
      ),
      primeModalProblem: .notPrime(8),
      activity: ActivityFeed(entries: [entry(1, .addedFavoritePrime(2))], hasEarlier: true, problem: .loadFailed("gone")),
      tab: .activity,
      ending: .afterTheRunningSave
    )
  }

  @Test func theStateWithEveryFieldSetDecodesAsItWasEncoded() throws {
    #expect(try roundTrip(everyFieldSet) == everyFieldSet)
    #expect(try roundTrip(AppState()) == AppState())
  }

  @Test func everyStoredFieldOfTheStateIsEncoded() throws {
    let object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(everyFieldSet)) as? [String: Any]
    let fields = Mirror(reflecting: everyFieldSet).children.compactMap(\.label)
    #expect(object.map { Set($0.keys) } == Set(fields))
  }

  @Test func everyActionDecodesAsItWasEncoded() throws {
    let actions: [AppAction] = [
      .launched, .allActivityRequested, .activityLoaded(ActivityPage(activity: [entry(3, .removedFavoritePrime(5))],
      hasEarlier: true)), .activityLoadFailed("locked"), .quitRequested, .counterView(.counter(.incrTapped)),
      .counterView(.primeModal(.presented(.saveFavoritePrimeTapped))), .favoritePrimes(.deleteFavoritePrimes([1])),
      .tabSelected(.counter), .tabSelected(.favorites), .tabSelected(.activity),
    ]
    for action in actions {
      #expect(try roundTrip(action) == action)
    }
  }

  @Test func anActionIsEncodedByTheNamesOfItsCases() throws {
    let json = String(decoding: try JSONEncoder().encode(AppAction.counterView(.counter(.incrTapped))), as: UTF8.self)
    #expect(json == #"{"counterView":{"_0":{"counter":{"_0":{"incrTapped":{}}}}}}"#)
  }

  /// Recordings made before the favourites kept their own unsaved changes hold the list as an array and the
  /// changes beside it: both are read into the list.
  @Test func aStateRecordedBeforeTheListKeptItsChangesIsRead() throws {
    let json = #"""
      {"activityFeed":[],"activityFeedHasEarlier":false,"count":7,"favoritePrimes":[2,7],\#
      "favoritePrimesAreLoaded":true,"favoritePrimesUnsavedChanges":[{"addedFavoritePrime":{"_0":7}}],\#
      "isNthPrimeButtonDisabled":false,"isPrimeModalShown":true,"tab":"counter"}
      """#
    let expected = AppState(
      counter: CounterState(count: 7, isPrimeModalShown: true),
      favorites: FavoritePrimesState(favoritePrimes: FavoriteList([2, 7], unsavedChanges: [.addedFavoritePrime(7)]))
    )
    #expect(try JSONDecoder().decode(AppState.self, from: Data(json.utf8)) == expected)
  }

  /// Recordings made before the state nested each feature's held every field flat, the counter's problem as
  /// `counterProblem` and the feed's fields as `activityFeed…`: every one of them is read into its place.
  @Test func aStateRecordedFlatBeforeItWasNestedIsReadWhole() throws {
    let json = #"""
      {"count":7,"favoritePrimes":{"primes":[2,7],"unsavedChanges":[{"addedFavoritePrime":{"_0":7}}],\#
      "savesRunning":1},"activityFeed":[{"id":1,"timestamp":1795262400,"type":{"addedFavoritePrime":{"_0":2}}}],\#
      "activityFeedHasEarlier":true,"alertNthPrime":{"n":4,"prime":7},"isNthPrimeButtonDisabled":true,\#
      "isPrimeModalShown":true,"nthPrimeProgress":12,"counterProblem":{"nothingToDismiss":{}},\#
      "primeModalProblem":{"notPrime":{"_0":8}},"withdrawnNthPrime":3,\#
      "favoritePrimesProblem":{"saveFailed":{"_0":"full"}},"favoritePrimesNotice":{"passedCheck":{}},\#
      "favoritePrimesAreLoaded":true,"activityFeedProblem":{"loadFailed":{"_0":"gone"}},"tab":"activity",\#
      "ending":{"afterTheRunningSave":{}}}
      """#
    #expect(try JSONDecoder().decode(AppState.self, from: Data(json.utf8)) == everyFieldSet)
  }
}
