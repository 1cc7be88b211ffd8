/// Why an export, import or backup was refused or failed: one clause for the user, naming the file, which
/// ``FavoritePrimesProblem`` puts after "Couldn't export the favorite primes: " and the like.
public struct FavoritePrimesFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The clause, for example `notes.txt exists and is not a previous export, so it was left as it is`.
  public let description: String

  /// An error saying `description`.
  public init(_ description: String) {
    self.description = description
  }
}
