/// The favourite primes screen's state.
public struct FavoritePrimesState: Equatable, Sendable {
  /// The favourite primes, in the order they were added.
  public var favoritePrimes: [Int]
  /// Why the last load or save failed, until the next action.
  public var problem: FavoritePrimesProblem?
  /// The changes made to ``favoritePrimes`` that no save has stored yet, in the order they were made: what the
  /// next save sends. A save takes them when it starts; one that fails gives them back, first.
  public var unsavedChanges: [Activity.Kind]
  /// What the last export, import or backup did, until the next action that is not a save coming back.
  public var notice: FavoritePrimesNotice?
  /// Whether ``favoritePrimes`` is the stored list: given when the state was made, or brought back by a load or
  /// a save. False from the start of a session that keeps favourites in storage until its first load or save
  /// succeeds; while it is false (the stored list could not be read, a damaged database say) the list shown is
  /// not what storage holds, so an export of it is refused.
  public var isLoaded: Bool

  /// What a front end that saves every change as it is made (as `primetime` does) says when the program ends
  /// while ``hasUnsavedChanges`` is true: there, every unsaved change is one a save could not store. A front end
  /// that saves only when asked (`favorite-primes-demo`) has unsaved changes after any delete, so these words
  /// would not be true for it; it says nothing at the end, its store being in memory anyway.
  public static let unsavedChangesLostMessage =
    "The favorite primes changed since the last successful save could not be saved and are lost."

  /// Creates the screen's state.
  public init(
    favoritePrimes: [Int] = [],
    problem: FavoritePrimesProblem? = nil,
    unsavedChanges: [Activity.Kind] = [],
    notice: FavoritePrimesNotice? = nil,
    isLoaded: Bool = true
  ) {
    self.favoritePrimes = favoritePrimes
    self.problem = problem
    self.unsavedChanges = unsavedChanges
    self.notice = notice
    self.isLoaded = isLoaded
  }

  /// Whether the list shown has changes no save has stored (``unsavedChanges`` is not empty): made and not
  /// saved yet, or given back by a save that failed. Ending the program then loses them.
  public var hasUnsavedChanges: Bool { !unsavedChanges.isEmpty }
}
