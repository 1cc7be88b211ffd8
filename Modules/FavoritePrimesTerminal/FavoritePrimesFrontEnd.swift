public import ComposableArchitecture
public import FavoritePrimes
public import LineEditor
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
  /// Where the favourites are kept, as the messages name it: PrimeTime's database, or a demo's memory.
  public let storage: FavoritePrimesStorage

  /// Creates the front end over `store`, whose favourites are kept in `storage` (PrimeTime's database unless
  /// said otherwise: `favorite-primes-demo` says `.memory(program: "favorite-primes-demo")`).
  public init(store: Store<FavoritePrimesState, FavoritePrimesAction>, storage: FavoritePrimesStorage = .database) {
    self.store = store
    self.storage = storage
  }

  /// ``FavoritePrimesCommand/table(in:)``, speaking of ``storage``.
  public var commands: CommandTable<FavoritePrimesCommand> { FavoritePrimesCommand.table(in: storage) }

  /// `favorites (3)`: the screen and how many favourites it lists.
  public var location: String { "favorites (\(store.value.favoritePrimes.count))" }

  /// Does `command`, waiting for the load or save it starts: the list, how many were saved, or the problem
  /// the reducer recorded.
  public func run(_ command: FavoritePrimesCommand) async -> CommandResult {
    switch command {
    case .favorites:
      .output(renderFavoritePrimes(store.value, in: storage))
    case let .delete(positions):
      await send(.deleteFavoritePrimes(favoritePrimesOffsets(ofPositions: positions)), then: list)
    case .save:
      await send(.saveButtonTapped, then: renderFavoritePrimesSaved)
    case .load:
      await send(.loadButtonTapped, then: list)
    case .export(path: nil):
      await send(.exportTextTapped) { FavoritePrimesFile.lines(of: $0.favoritePrimes.primes) }
    case let .export(path?):
      await send(.exportTapped(path: path), then: notice)
    case let .importFile(path):
      await send(.importTapped(path: path), then: notice)
    case let .backup(path):
      await send(.backupTapped(path: path), then: notice)
    case .check:
      await send(.checkTapped, then: notice)
    }
  }

  /// The waiting line of an import or backup (``renderFavoritePrimesProgress(_:)``) as it changes, on
  /// `statusLine`, erased once it ends; until the returned observation is cancelled.
  public func showProgress(on statusLine: StatusLine) -> StoreObservation {
    store.observe(removeDuplicates: { Self.showSameProgress($0, $1) }) { state in
      if let line = renderFavoritePrimesProgress(state) {
        statusLine.show(line)
      } else {
        statusLine.clear()
      }
    }
  }

  /// Whether ``renderFavoritePrimesProgress(_:)`` says the same of both, compared without building the line.
  private static func showSameProgress(_ old: FavoritePrimesState, _ new: FavoritePrimesState) -> Bool {
    old.backingUp == new.backingUp && old.importing?.path == new.importing?.path
      && old.importing?.stored == new.importing?.stored && old.importing?.added?.count == new.importing?.added?.count
  }

  /// Sends `action` and waits for its effects; the problem it left, else `render` of the state.
  private func send(
    _ action: FavoritePrimesAction,
    then render: (FavoritePrimesState) -> [String]
  ) async -> CommandResult {
    await store.send(action).finish()
    let state = store.value
    if let problem = state.problem {
      return .failure(renderFavoritePrimesProblem(problem, in: storage))
    }
    return .output(render(state))
  }

  /// The list as ``renderFavoritePrimes(_:in:)`` draws it, in ``storage``'s words.
  private func list(_ state: FavoritePrimesState) -> [String] {
    renderFavoritePrimes(state, in: storage)
  }

  /// The notice as ``renderFavoritePrimesNotice(_:in:)`` says it, in ``storage``'s words.
  private func notice(_ state: FavoritePrimesState) -> [String] {
    renderFavoritePrimesNotice(state, in: storage)
  }
}
