import FavoriteList
import Testing

// The example of FavoriteList's doc comment, compiled and run (EveryExampleCompilesTests finds it here).
@Suite(.timeLimit(.minutes(1)))
struct FavoriteListExamples {
  @Test func aFailedSaveGivesTheChangeBack() {
    var favorites: FavoriteList = [2, 3]
    favorites.add(7)                    // unsavedChanges: [.addedFavoritePrime(7)]
    let sent = favorites.startSave()    // sent: [.addedFavoritePrime(7)]; unsavedChanges: []; isSaving
    favorites.saveFailed(unsent: sent)  // unsavedChanges: [.addedFavoritePrime(7)] again; not saving
    #expect(sent == [.addedFavoritePrime(7)])
    #expect(favorites.unsavedChanges == [.addedFavoritePrime(7)])
    #expect(!favorites.isSaving)
  }
}
