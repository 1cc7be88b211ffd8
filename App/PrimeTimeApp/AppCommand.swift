/// One thing a person can ask PrimeTime to do, whatever screen they are on: the buttons of the original
/// app's screens, as commands.
public enum AppCommand: Equatable, Sendable {
  /// Count up by one (`+`).
  case increment
  /// Count down by one (`-`).
  case decrement
  /// Set the count (`set N`).
  case set(Int)
  /// Ask whether the count is prime, opening the modal (`prime`).
  case isThisPrime
  /// Save the count as a favourite prime, as the modal's button does (`fav`).
  case saveFavorite
  /// Remove the count from the favourite primes, as the modal's button does (`unfav`).
  case removeFavorite
  /// Ask for the nth prime, where n is the count (`nth`).
  case nthPrime
  /// Dismiss the modal, else the nth-prime alert (`ok`).
  case dismiss
  /// Show the favourite primes, numbered from 1 (`favorites`).
  case favorites
  /// Delete the favourites at these positions, counted from 1 as `favorites` shows them (`delete I …`).
  case delete(positions: [Int])
  /// Save the favourites explicitly (`save`); autosave already keeps them.
  case save
  /// Replace the favourites with the saved ones (`load`).
  case load
  /// Show the activity feed (`activity`).
  case activity
}
