public import Terminal

/// What a person can ask the favourite primes screen in a terminal: its list, its swipe-to-delete, and its
/// Save and Load buttons.
public enum FavoritePrimesCommand: Equatable, Sendable {
  /// Show the list, numbered from 1 (`favorites`).
  case favorites
  /// Delete the favourites at these positions, counted from 1 as `favorites` numbers them
  /// (`delete I [I ...]`).
  case delete(positions: [Int])
  /// Save the list as shown (`save`).
  case save
  /// Replace the list with the saved one (`load`).
  case load

  /// The commands in the order `help` lists them, with the app's wording.
  public static let table = CommandTable<FavoritePrimesCommand>([
    .noArguments("favorites", summary: "List the favorite primes, numbered from 1", command: .favorites),
    .positiveIntegers(
      "delete",
      usage: "delete I [I ...]",
      summary: "Delete the favorite primes at these positions, as 'favorites' numbers them",
      detail: "'delete 2 4' deletes the 2nd and the 4th. If a position is past the end, nothing is deleted.",
      needs: "positions like 'delete 2 3'",
      make: { .delete(positions: $0) }
    ),
    .noArguments(
      "save",
      summary: "Save the favorite primes now",
      detail: "Saves the list as shown, replacing what was saved, and says how many were saved.",
      command: .save
    ),
    .noArguments(
      "load",
      summary: "Replace the list with the saved one",
      detail: "Useful when another PrimeTime saved to the same database meanwhile.",
      command: .load
    ),
  ])
}
