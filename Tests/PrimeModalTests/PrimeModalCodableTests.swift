import Foundation
import PrimeModal
import Testing

/// The modal's actions and state survive a recording: encoded to JSON and decoded back, each is unchanged.
@Suite(.timeLimit(.minutes(2)))
struct PrimeModalCodableTests {
  private func roundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
    try JSONDecoder().decode(T.self, from: try JSONEncoder().encode(value))
  }

  @Test func everyActionDecodesAsItWasEncoded() throws {
    for action in [PrimeModalAction.saveFavoritePrimeTapped, .removeFavoritePrimeTapped] {
      #expect(try roundTrip(action) == action)
    }
  }

  @Test func theStateWithAndWithoutAProblemDecodesAsItWasEncoded() throws {
    for problem in [nil, PrimeModalProblem.alreadyFavorite(7), .notPrime(4), .notFavorite(11)] {
      let state = PrimeModalState(count: 7, favoritePrimes: [2, 7], problem: problem)
      #expect(try roundTrip(state) == state)
    }
  }

  @Test func anActionIsEncodedByTheNameOfItsCase() throws {
    let json = String(decoding: try JSONEncoder().encode(PrimeModalAction.saveFavoritePrimeTapped), as: UTF8.self)
    #expect(json == #"{"saveFavoritePrimeTapped":{}}"#)
  }
}
