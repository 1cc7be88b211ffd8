public import FavoriteList

/// The favourite primes screen's state.
///
/// `Codable` as Swift synthesizes it, for favorite-primes-demo's recordings: a field's name is part of their
/// format.
public struct FavoritePrimesState: Equatable, Sendable, Codable {
  /// The favourite primes, in the order they were added, with the changes no save has stored yet.
  public var favoritePrimes: FavoriteList
  /// Why the last load or save failed, until the next action.
  public var problem: FavoritePrimesProblem?
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
    favoritePrimes: FavoriteList = [],
    problem: FavoritePrimesProblem? = nil,
    notice: FavoritePrimesNotice? = nil,
    isLoaded: Bool = true
  ) {
    self.favoritePrimes = favoritePrimes
    self.problem = problem
    self.notice = notice
    self.isLoaded = isLoaded
  }

  /// Whether the list shown has changes no save has stored: see ``FavoriteList/hasUnsavedChanges``.
  public var hasUnsavedChanges: Bool { favoritePrimes.hasUnsavedChanges }
}
