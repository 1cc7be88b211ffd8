import FavoriteList
import FavoritePrimes
import Foundation
import Testing

/// The favourites' actions and state survive a recording: encoded to JSON and decoded back, each is unchanged.
@Suite(.timeLimit(.minutes(2)))
struct FavoritePrimesCodableTests {
  private func roundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
    try JSONDecoder().decode(T.self, from: try JSONEncoder().encode(value))
  }

  private let activity = [
    Activity(id: 1, timestamp: Date(timeIntervalSince1970: 1_795_262_400.125), type: .addedFavoritePrime(7)),
    Activity(id: 2, timestamp: Date(timeIntervalSince1970: 0.1), type: .removedFavoritePrime(3)),
  ]

  @Test func everyActionDecodesAsItWasEncoded() throws {
    let actions: [FavoritePrimesAction] = [
      .deleteFavoritePrimes([0, 2, 3]), .deleteFavoritePrimes(FavoritePrimeOffsets(integersIn: 4..<Int.max)),
      .loadButtonTapped, .loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: [2, 3], activity: activity)),
      .loadedFavoritePrimes(FavoritePrimesSync(favoritePrimes: [2, 3], favoritePrimesWereChecked: true)),
      .loadFailed("locked"), .saveButtonTapped, .favoritePrimesSaved(FavoritePrimesSync(activity: activity)),
      .saveFailed("disk full", unsent: [.addedFavoritePrime(5)]), .exportTapped(path: "a b/c.txt"),
      .exported(count: 2, path: "c.txt"), .exportFailed("no"), .importTapped(path: "d"), .importRead("2\n3\nx\n"),
      .importFailed("no"), .backupTapped(path: "e"), .backedUp(path: "e"), .backupFailed("no"), .checkTapped,
      .checked(findings: ["row 3 missing"]), .checkFailed("no database"),
      .importParsed(primes: [2, 3], skipped: ["x"]), .importProgress(stored: 1),
      .importSaved(FavoritePrimesSync(activity: activity)), .stopTapped,
    ]
    for action in actions {
      #expect(try roundTrip(action) == action)
    }
  }

  /// Recordings made before the mark existed decode as unmarked, and an unmarked list is written as before.
  @Test func theCheckedMarkIsWrittenOnlyWhenSetAndReadAsUnsetWhenAbsent() throws {
    let unmarked = try JSONEncoder().encode(FavoritePrimesSync(favoritePrimes: [2]))
    #expect(!String(decoding: unmarked, as: UTF8.self).contains("Checked"))
    let marked = try JSONEncoder().encode(FavoritePrimesSync(favoritePrimes: [2], favoritePrimesWereChecked: true))
    #expect(String(decoding: marked, as: UTF8.self).contains(#""favoritePrimesWereChecked":true"#))
    let old = try JSONDecoder().decode(
      FavoritePrimesSync.self, from: Data(#"{"activity":[],"favoritePrimes":[5]}"#.utf8))
    #expect(old == FavoritePrimesSync(favoritePrimes: [5]))
  }

  @Test func theStateWithEveryProblemAndNoticeDecodesAsItWasEncoded() throws {
    let problems: [FavoritePrimesProblem?] = [
      nil, .noSuchPosition(offset: 9, count: 2), .loadFailed("a"), .saveFailed("b"), .leftOut(["x"]),
      .exportFailed("c"), .importFailed("d"), .backupFailed("e"), .damaged(findings: ["f"]), .checkFailed("g"),
    ]
    let notices: [FavoritePrimesNotice?] = [
      nil, .exported(count: 1, path: "p"), .imported(added: [2], already: 1, skipped: ["y"]),
      .backedUp(path: "q", withoutUnsavedChanges: true), .passedCheck,
    ]
    for problem in problems {
      for notice in notices {
        let state = FavoritePrimesState(
          favoritePrimes: FavoriteList([2, 3], unsavedChanges: [.removedFavoritePrime(5)]), problem: problem, notice: notice
        )
        #expect(try roundTrip(state) == state)
      }
    }
  }

  @Test func offsetsAreEncodedAsRangesSoAHugeRunStaysSmall() throws {
    let offsets = FavoritePrimeOffsets(integersIn: 0..<Int.max)
    #expect(String(decoding: try JSONEncoder().encode(offsets), as: UTF8.self) == "[[0,\(Int.max)]]")
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(FavoritePrimeOffsets.self, from: Data("[[3,1]]".utf8)) }
  }
}
