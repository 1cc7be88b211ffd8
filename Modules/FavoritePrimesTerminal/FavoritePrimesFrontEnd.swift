public import ComposableArchitecture
public import FavoritePrimes
public import REPL

/// The favourite primes screen in a terminal: ``FavoritePrimesCommand``s become the actions its buttons
/// send, and the state it leaves becomes text.
///
/// It decides nothing: a position the list lacks, a failed load or save, are the reducer's to record, and a
/// recorded ``FavoritePrimesProblem`` is the command's failure. `favorite-primes-demo` runs it on a store of
/// its own; the app runs it on its store scoped to ``FavoritePrimesState``:
///
/// ```swift
/// let frontEnd = FavoritePrimesFrontEnd(
///   store: Store(
///     initialState: FavoritePrimesState(),
///     reducer: FavoritePrimes().dependency(\.favoritePrimesClient, .inMemory())
///   )
/// )
/// let lines = await frontEnd.run(.favorites)  // .output(["No favorite primes yet."])
/// ```
@MainActor
public struct FavoritePrimesFrontEnd: FrontEnd {
  /// The store the commands act on.
  public let store: Store<FavoritePrimesState, FavoritePrimesAction>

  /// Creates the front end over `store`.
  public init(store: Store<FavoritePrimesState, FavoritePrimesAction>) {
    self.store = store
  }

  /// ``FavoritePrimesCommand/table``.
  public var commands: CommandTable<FavoritePrimesCommand> { FavoritePrimesCommand.table }

  /// `favorites (3)`: the screen and how many favourites it lists.
  public var location: String { "favorites (\(store.value.favoritePrimes.count))" }

  /// Does `command`, waiting for the load or save it starts: the list, how many were saved, or the problem
  /// the reducer recorded.
  public func run(_ command: FavoritePrimesCommand) async -> CommandResult {
    switch command {
    case .favorites:
      .output(renderFavoritePrimes(store.value))
    case let .delete(positions):
      await send(.deleteFavoritePrimes(favoritePrimesOffsets(ofPositions: positions)), then: renderFavoritePrimes)
    case .save:
      await send(.saveButtonTapped, then: renderFavoritePrimesSaved)
    case .load:
      await send(.loadButtonTapped, then: renderFavoritePrimes)
    case .export(path: nil):
      await send(.exportTextTapped) { FavoritePrimesFile.lines(of: $0.favoritePrimes.primes) }
    case let .export(path?):
      await send(.exportTapped(path: path), then: renderFavoritePrimesNotice)
    case let .importFile(path):
      await send(.importTapped(path: path), then: renderFavoritePrimesNotice)
    case let .backup(path):
      await send(.backupTapped(path: path), then: renderFavoritePrimesNotice)
    case .check:
      await send(.checkTapped, then: renderFavoritePrimesNotice)
    }
  }

  /// Sends `action` and waits for its effects; the problem it left, else `render` of the state.
  private func send(
    _ action: FavoritePrimesAction,
    then render: (FavoritePrimesState) -> [String]
  ) async -> CommandResult {
    await store.send(action).finish()
    let state = store.value
    if let problem = state.problem {
      return .failure(renderFavoritePrimesProblem(problem))
    }
    return .output(render(state))
  }
}
