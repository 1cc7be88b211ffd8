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
    var state = AppState(
      count: 7, favoritePrimes: FavoriteList([2, 7], unsavedChanges: [.addedFavoritePrime(7)], savesRunning: 1), activityFeed: [entry(1, .addedFavoritePrime(2))],
      alertNthPrime: PrimeAlert(n: 4, prime: 7), isNthPrimeButtonDisabled: true, isPrimeModalShown: true,
      nthPrimeProgress: 12, counterProblem: .nothingToDismiss, favoritePrimesProblem: .saveFailed("full"),
      activityFeedProblem: .loadFailed("gone"), tab: .activity
    )
    state.activityFeedHasEarlier = true
    state.primeModalProblem = .notPrime(8)
    state.withdrawnNthPrime = 3
    state.ending = .afterTheRunningSave
    state.favoritePrimesNotice = .passedCheck
    return state
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
      .counterView(.primeModal(.saveFavoritePrimeTapped)), .favoritePrimes(.deleteFavoritePrimes([1])),
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
    var expected = AppState(
      count: 7, favoritePrimes: FavoriteList([2, 7], unsavedChanges: [.addedFavoritePrime(7)]), isPrimeModalShown: true
    )
    expected.favoritePrimesAreLoaded = true
    #expect(try JSONDecoder().decode(AppState.self, from: Data(json.utf8)) == expected)
  }
}
