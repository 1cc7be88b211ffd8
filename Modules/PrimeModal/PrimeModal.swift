public import ComposableArchitecture
public import FavoriteList
import Primes

/// What the is-this-prime modal shows: the count, and the favourite primes it may add it to.
///
/// `Codable` as Swift synthesizes it, for prime-modal-demo's recordings: `{"count":7,"favoritePrimes":{"primes":[2,7]}}`.
public struct PrimeModalState: Equatable, Sendable, Codable {
  /// The number the modal is about.
  public var count: Int
  /// The favourite primes, in the order they were added, each at most once, with the changes not saved yet.
  public var favoritePrimes: FavoriteList
  /// Why the last button did not change the favourites, until the next modal action.
  public var problem: PrimeModalProblem?

  /// Creates the modal's state.
  public init(count: Int, favoritePrimes: FavoriteList, problem: PrimeModalProblem? = nil) {
    self.count = count
    self.favoritePrimes = favoritePrimes
    self.problem = problem
  }

  /// Whether the count is prime: the modal's answer, and whether it offers a button at all.
  public var isCountPrime: Bool { isPrime(count) }

  /// Whether the count is one of the favourites: the modal then offers to remove it, else to save it.
  public var isCountFavorite: Bool { favoritePrimes.contains(count) }
}

/// What the user can do in the is-this-prime modal.
public enum PrimeModalAction: Equatable, Sendable, Codable {
  /// "Save to favorite primes": adds the count, if it is prime and not already a favourite.
  case saveFavoritePrimeTapped
  /// "Remove from favorite primes": removes the count from the favourites.
  case removeFavoritePrimeTapped
}

/// The is-this-prime modal's logic. It needs no dependencies, so its environment is `Void`.
///
/// Every action clears the last ``PrimeModalState/problem`` and may record a new one. Saving is refused,
/// leaving the list as it was, when the count is not prime (``PrimeModalProblem/notPrime(_:)``) or already a
/// favourite (``PrimeModalProblem/alreadyFavorite(_:)``); removing is refused when the count is not a
/// favourite (``PrimeModalProblem/notFavorite(_:)``). A change the buttons make is recorded by the list
/// (``FavoriteList/unsavedChanges``), for whoever saves it. A front end only reports the problem.
public let primeModalReducer: Reducer<PrimeModalState, PrimeModalAction, Void> = { state, action, _ in
  state.problem = nil
  switch action {
  case .saveFavoritePrimeTapped:
    if !isPrime(state.count) {
      state.problem = .notPrime(state.count)
    } else if state.favoritePrimes.contains(state.count) {
      state.problem = .alreadyFavorite(state.count)
    } else {
      state.favoritePrimes.add(state.count)
    }
  case .removeFavoritePrimeTapped:
    if state.favoritePrimes.contains(state.count) {
      state.favoritePrimes.remove(state.count)
    } else {
      state.problem = .notFavorite(state.count)
    }
  }
  return []
}

extension PrimeModalState {
  /// The favourites a person gets by saving `numbers` one by one with the modal's button, in that order; or
  /// the problem of the first one the button refuses (not prime, or given twice).
  ///
  /// For a front end that starts with favourites given on its command line: the same rules as the button.
  public static func favorites(savingEachOf numbers: [Int]) -> Result<[Int], PrimeModalProblem> {
    var state = PrimeModalState(count: 0, favoritePrimes: [])
    for number in numbers {
      state.count = number
      _ = primeModalReducer(&state, .saveFavoritePrimeTapped, ())
      if let problem = state.problem {
        return .failure(problem)
      }
    }
    return .success(state.favoritePrimes.primes)
  }
}

/// Why the modal's last button did not change the favourite primes, in words a person can act on.
///
/// The modal records it in ``PrimeModalState/problem``; the next modal action clears it.
public enum PrimeModalProblem: Error, Equatable, Sendable, CustomStringConvertible, Codable {
  /// Saving was refused: the count is already a favourite.
  case alreadyFavorite(Int)
  /// Saving was refused: the count is not prime.
  case notPrime(Int)
  /// Removing was refused: the count is not a favourite.
  case notFavorite(Int)

  /// The sentence to show: `7 is already a favorite prime.`
  public var description: String {
    switch self {
    case let .alreadyFavorite(count): "\(count) is already a favorite prime."
    case let .notPrime(count): "\(count) is not prime, so it can't be a favorite prime."
    case let .notFavorite(count): "\(count) is not a favorite prime."
    }
  }
}
