/// Where the favourite primes are kept, as the messages about them name it: PrimeTime's database, or a demo's
/// store in memory. A front end says it (``FavoritePrimesProblem/description(in:)``), so one message reads true
/// in every program that shows it.
///
/// `primetime` keeps ``database`` (in its sandbox too, which stands in for the database for a session);
/// `favorite-primes-demo` names its own store in memory:
///
/// ```swift
/// let storage = FavoritePrimesStorage.memory(program: "favorite-primes-demo")
/// let problem = FavoritePrimesProblem.saveFailed("the disk is full")
/// let line = problem.description(in: storage)
/// // "Couldn't save the favorite primes: the disk is full. They are kept only until favorite-primes-demo
/// // exits; 'save' tries again."
/// ```
public struct FavoritePrimesStorage: Equatable, Sendable {
  /// The store as a sentence first names it, in lower case: `the database`.
  public var name: String
  /// The store named again in the same sentence: `the file`.
  public var nameAgain: String
  /// The program that holds the changes a save could not store, until it exits: `PrimeTime`.
  public var program: String

  /// Storage named `name`, then `nameAgain`, in `program`.
  public init(name: String, nameAgain: String, program: String) {
    self.name = name
    self.nameAgain = nameAgain
    self.program = program
  }

  /// PrimeTime's database: the wording of every message before storage could be named.
  public static let database = FavoritePrimesStorage(name: "the database", nameAgain: "the file", program: "PrimeTime")

  /// A store in the memory of `program`, which has no database: `the store in memory`.
  public static func memory(program: String) -> FavoritePrimesStorage {
    FavoritePrimesStorage(name: "the store in memory", nameAgain: "it", program: program)
  }

  /// ``name`` with its first letter in upper case, to start a sentence: `The database`.
  var capitalizedName: String {
    name.prefix(1).uppercased() + name.dropFirst()
  }
}
