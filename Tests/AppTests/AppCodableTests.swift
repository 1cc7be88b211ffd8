import Counter
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
      count: 7, favoritePrimes: [2, 7], activityFeed: [entry(1, .addedFavoritePrime(2))],
      alertNthPrime: PrimeAlert(n: 4, prime: 7), isNthPrimeButtonDisabled: true, isPrimeModalShown: true,
      nthPrimeProgress: 12, counterProblem: .nothingToDismiss, favoritePrimesProblem: .saveFailed("full"),
      activityFeedProblem: .loadFailed("gone"), tab: .activity
    )
    state.activityFeedHasEarlier = true
    state.primeModalProblem = .notPrime(8)
    state.withdrawnNthPrime = 3
    state.favoritePrimesUnsavedChanges = [.addedFavoritePrime(7)]
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
}
