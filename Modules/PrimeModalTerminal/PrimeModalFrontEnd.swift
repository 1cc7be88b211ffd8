public import ComposableArchitecture
public import PrimeModal
public import REPL

/// The is-this-prime modal's terminal front end: ``PrimeModalCommand``s become the modal's button taps on a
/// store of the modal, and the state reads as ``renderPrimeModal(_:)`` draws it.
///
/// Like every front end it decides nothing: the reducer refuses a save or a remove and records a
/// ``PrimeModalProblem``, which `run` reports as the failure. The counter's front end embeds this one on a
/// scoped store (`fav`, `unfav`); prime-modal-demo runs it alone.
@MainActor
public struct PrimeModalFrontEnd: FrontEnd {
  /// The store the commands act on.
  public let store: Store<PrimeModalState, PrimeModalAction>

  /// Creates the front end over `store`: the modal's own, or one scoped from a screen that shows it.
  public init(store: Store<PrimeModalState, PrimeModalAction>) {
    self.store = store
  }

  /// All of ``PrimeModalCommand/table``.
  public var commands: CommandTable<PrimeModalCommand> { PrimeModalCommand.table }

  /// `count 7 · is it prime?`: the prompt the app shows while the modal is open.
  public var location: String { "count \(store.value.count) · is it prime?" }

  /// Taps the button `command` names and waits for its work; then the modal as it reads, or the problem
  /// the reducer recorded. `favorites` lists them as the app does: `1. 7`, or `No favorite primes yet.`
  public func run(_ command: PrimeModalCommand) async -> CommandResult {
    switch command {
    case .show:
      return .output(renderPrimeModal(store.value))
    case .saveFavorite:
      return await tap(.saveFavoritePrimeTapped)
    case .removeFavorite:
      return await tap(.removeFavoritePrimeTapped)
    case .favorites:
      let favorites = store.value.favoritePrimes
      guard !favorites.isEmpty else { return .output(["No favorite primes yet."]) }
      return .output(favorites.enumerated().map { "\($0.offset + 1). \($0.element)" })
    }
  }

  private func tap(_ action: PrimeModalAction) async -> CommandResult {
    await store.send(action).finish()
    if let problem = store.value.problem {
      return .failure(problem.description)
    }
    return .output(renderPrimeModal(store.value))
  }
}
