/// The favourite primes screen's state.
public struct FavoritePrimesState: Equatable, Sendable {
  /// The favourite primes, in the order they were added.
  public var favoritePrimes: [Int]
  /// Why the last load or save failed, until the next action.
  public var problem: FavoritePrimesProblem?
  /// Whether the list shown differs from the stored one because the last save failed: true from a failed
  /// save until a save succeeds or a load replaces the list. Ending the program then loses those changes.
  public var hasUnsavedChanges: Bool
  /// What the last export, import or backup did, until the next action that is not a save coming back.
  public var notice: FavoritePrimesNotice?

  /// What a front end says when the program ends while ``hasUnsavedChanges`` is true.
  public static let unsavedChangesLostMessage =
    "The favorite primes changed since the last successful save could not be saved and are lost."

  /// Creates the screen's state.
  public init(
    favoritePrimes: [Int] = [],
    problem: FavoritePrimesProblem? = nil,
    hasUnsavedChanges: Bool = false,
    notice: FavoritePrimesNotice? = nil
  ) {
    self.favoritePrimes = favoritePrimes
    self.problem = problem
    self.hasUnsavedChanges = hasUnsavedChanges
    self.notice = notice
  }
}
