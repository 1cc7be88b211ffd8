import ComposableArchitecture
import FavoritePrimes
import FavoritePrimesTerminal
import Foundation
import Terminal

/// A command of the favorite primes demo: the screen's list, its swipe-to-delete, and its Save and Load.
enum Command: Sendable {
  /// Delete the favorites at these positions, counted from 1 as the list shows them.
  case delete(positions: [Int])
  case list
  case load
  case save

  /// The commands in the order `help` lists them.
  static let table = CommandTable<Command>([
    .noArguments("favorites", summary: "List the favorite primes, numbered from 1", command: .list),
    .positiveIntegers(
      "delete",
      usage: "delete I [I ...]",
      summary: "Delete the favorite primes at these positions, as 'favorites' numbers them",
      detail: "'delete 2 4' deletes the 2nd and the 4th. If a position is past the end, nothing is deleted.",
      needs: "positions like 'delete 2 3'",
      make: { .delete(positions: $0) }
    ),
    .noArguments("save", summary: "Save the list, replacing what was saved", command: .save),
    .noArguments("load", summary: "Replace the list with the saved one", command: .load),
  ])

  /// Does the command on `store`, waiting for every effect it starts, and reports the list, what was
  /// saved, or why it failed.
  @MainActor
  func run(in store: Store<FavoritePrimesState, FavoritePrimesAction>) async -> CommandResult {
    switch self {
    case .list:
      return .output(renderFavoritePrimes(store.value))
    case .delete(let positions):
      let count = store.value.favoritePrimes.count
      if let missing = positions.first(where: { $0 > count }) {
        let list = count == 0 ? "the list is empty" : "the list has \(count)"
        return .failure("There is no favorite prime at position \(missing); \(list).")
      }
      await store.send(.deleteFavoritePrimes(IndexSet(positions.map { $0 - 1 }))).finish()
      return .output(renderFavoritePrimes(store.value))
    case .save:
      await store.send(.saveButtonTapped).finish()
      if let problem = store.value.problem {
        return .failure(problem.description)
      }
      let count = store.value.favoritePrimes.count
      return .output(["Saved \(count) favorite \(count == 1 ? "prime" : "primes")."])
    case .load:
      await store.send(.loadButtonTapped).finish()
      if let problem = store.value.problem {
        return .failure(problem.description)
      }
      return .output(renderFavoritePrimes(store.value))
    }
  }
}
