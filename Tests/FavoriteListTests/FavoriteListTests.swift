import FavoriteList
import Foundation
import Testing

/// `FavoriteList`: each change recorded where it is made, taken by a save, given back by a failed one.
@Suite(.timeLimit(.minutes(1)))
struct FavoriteListTests {
  @Test func addingAndRemovingRecordEachChangeInOrder() {
    var favorites: FavoriteList = [2, 3]
    favorites.add(7)
    favorites.remove(2)
    #expect(favorites.primes == [3, 7])
    #expect(favorites.unsavedChanges == [.addedFavoritePrime(7), .removedFavoritePrime(2)])
    #expect(favorites.hasUnsavedChanges)
  }

  @Test func addingAFavoriteOrRemovingAStrangerChangesAndRecordsNothing() {
    var favorites: FavoriteList = [2, 3]
    favorites.add(3)
    favorites.remove(5)
    #expect(favorites == [2, 3])
    #expect(!favorites.hasUnsavedChanges)
  }

  @Test func removingAtOffsetsRecordsEachRemovalInListOrder() {
    var favorites: FavoriteList = [2, 3, 5, 7, 11]
    favorites.remove(at: RangeSet([0..<1, 3..<5]))
    #expect(favorites.primes == [3, 5])
    #expect(
      favorites.unsavedChanges == [.removedFavoritePrime(2), .removedFavoritePrime(7), .removedFavoritePrime(11)]
    )
  }

  @Test func addingSeveralRecordsEachAddition() {
    var favorites: FavoriteList = [2]
    favorites.add(contentsOf: [3, 5])
    #expect(favorites.primes == [2, 3, 5])
    #expect(favorites.unsavedChanges == [.addedFavoritePrime(3), .addedFavoritePrime(5)])
  }

  @Test func aSaveTakesTheChangesAndRunsUntilItSucceeds() {
    var favorites: FavoriteList = [2]
    favorites.add(3)
    let sent = favorites.startSave()
    #expect(sent == [.addedFavoritePrime(3)])
    #expect(!favorites.hasUnsavedChanges)
    #expect(favorites.isSaving)
    favorites.saveSucceeded()
    #expect(!favorites.isSaving)
    #expect(favorites == FavoriteList([2, 3]))
  }

  @Test func aFailedSaveGivesItsChangesBackBeforeTheOnesMadeSince() {
    var favorites: FavoriteList = [2]
    favorites.add(3)
    let sent = favorites.startSave()
    favorites.add(5)
    favorites.saveFailed(unsent: sent)
    #expect(!favorites.isSaving)
    #expect(favorites.unsavedChanges == [.addedFavoritePrime(3), .addedFavoritePrime(5)])
  }

  @Test func aStoredListTakesTheUnsavedChangesOnTopAndKeepsThemUnsaved() {
    var favorites: FavoriteList = [2, 3]
    favorites.add(7)
    favorites.remove(2)
    favorites.takeStored([2, 5, 3])
    #expect(favorites.primes == [5, 3, 7])
    #expect(favorites.unsavedChanges == [.addedFavoritePrime(7), .removedFavoritePrime(2)])
  }

  @Test func theCodingLeavesOutWhatIsEmptyAndReadsABareArray() throws {
    var favorites: FavoriteList = [2]
    favorites.add(3)
    _ = favorites.startSave()
    favorites.add(5)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(favorites), as: UTF8.self)
    #expect(json == #"{"primes":[2,3,5],"savesRunning":1,"unsavedChanges":[{"addedFavoritePrime":{"_0":5}}]}"#)
    #expect(try JSONDecoder().decode(FavoriteList.self, from: Data(json.utf8)) == favorites)
    #expect(String(decoding: try encoder.encode(FavoriteList([7])), as: UTF8.self) == #"{"primes":[7]}"#)
    #expect(try JSONDecoder().decode(FavoriteList.self, from: Data("[2,7]".utf8)) == [2, 7])
  }
}
