import FavoritePrimes
import Testing

/// The sentences of the favourite primes screen's problems (the list as text is FavoritePrimesTerminal's).
@Suite(.timeLimit(.minutes(2)))
struct FavoritePrimesTextTests {
  @Test func problemDescriptionsAreExact() {
    #expect(
      FavoritePrimesProblem.loadFailed("the database is locked").description
        == "Couldn't load the favorite primes: the database is locked. The list shown is unchanged."
    )
    #expect(
      FavoritePrimesProblem.saveFailed("the disk is full").description
        == "Couldn't save the favorite primes: the disk is full. They are kept only until PrimeTime exits; "
        + "'save' tries again."
    )
  }

  /// A reason that is already a sentence (a database error's advice) ends with one full stop, never two.
  @Test func aReasonEndingInAFullStopIsNotGivenASecond() {
    #expect(
      FavoritePrimesProblem.loadFailed("/d/p.sqlite3: SQLite error 13: full. Check the disk, then try again.")
        .description
        == "Couldn't load the favorite primes: /d/p.sqlite3: SQLite error 13: full. Check the disk, then try "
        + "again. The list shown is unchanged."
    )
    #expect(
      FavoritePrimesProblem.saveFailed("the file is locked by another program; try again.").description
        == "Couldn't save the favorite primes: the file is locked by another program; try again. They are "
        + "kept only until PrimeTime exits; 'save' tries again."
    )
    for problem in [FavoritePrimesProblem.loadFailed("x."), .saveFailed("x.")] {
      #expect(!problem.description.contains(".."))
    }
  }

  @Test func theWordsForChangesLostAtExitAreExact() {
    #expect(
      FavoritePrimesState.unsavedChangesLostMessage
        == "The favorite primes changed since the last successful save could not be saved and are lost."
    )
  }
}
