public import ComposableArchitecture
public import CounterTerminal
public import FavoritePrimesTerminal
public import REPL

/// PrimeTime's terminal front end, composed from the features' own as ``appReducer`` composes their
/// reducers: the counter screen's and the favourites screen's front ends run on scopes of the app's store,
/// and the app adds only the activity feed.
///
/// Like each feature's front end it decides nothing: a command becomes the actions a person's taps would
/// send, and the state the reducers leave is rendered, or its problem reported. Where the person is
/// (``AppState/screen``) is state too, moved by those actions, so the prompt only reads it.
///
/// ```swift
/// let app = AppFrontEnd(store: store)
/// let repl = REPL(name: "primetime", commands: app.commands, prompt: { "\(app.location)> " })
/// let status = await repl.run { command in await app.run(command) }
/// ```
@MainActor
public struct AppFrontEnd: FrontEnd {
  /// The store the commands act on.
  public let store: Store<AppState, AppAction>
  /// The counter screen's front end, on the counter's part of ``store``.
  public let counter: CounterFrontEnd
  /// The favourites screen's front end, on the favourites' part of ``store``.
  public let favorites: FavoritePrimesFrontEnd
  /// The time zone the activity feed is shown in.
  public var timeZone: ActivityTimeZone

  /// Creates the front end over the app's `store`, showing times in `timeZone`.
  public init(store: Store<AppState, AppAction>, timeZone: ActivityTimeZone = .local) {
    self.store = store
    // Closures, not key paths: a key path used as a function reads the state through the runtime.
    self.counter = CounterFrontEnd(store: store.scope(value: { $0.counterView }, action: AppAction.counterView))
    self.favorites = FavoritePrimesFrontEnd(
      store: store.scope(value: { $0.favorites }, action: AppAction.favoritePrimes)
    )
    self.timeZone = timeZone
  }

  /// ``AppCommand/table``.
  public var commands: CommandTable<AppCommand> { AppCommand.table }

  /// Where the person is, for the prompt, as the front end of the screen showing says it: `count 7`,
  /// `count 7 · is it prime?`, `count 7 · 7th prime`, `favorites (3)`, or `activity (5)`.
  public var location: String {
    switch store.value.tab {
    case .counter: counter.location
    case .favorites: favorites.location
    case .activity: "activity (\(store.value.activity.entries.count))"
    }
  }

  /// Does `command` with the front end it belongs to, waiting for all the work it starts (an nth prime, a
  /// save); `favorites` and `activity` first select their tab, as a tap on it would.
  ///
  /// A modal button that changed the favourites also reports the autosave it started, when that failed.
  public func run(_ command: AppCommand) async -> CommandResult {
    switch command {
    case let .counter(command):
      let result = await counter.run(command)
      if case .primeModal = command, case .output = result, let problem = store.value.favorites.problem {
        return .failure(problem.description)
      }
      return result
    case .favorites(.favorites):
      await store.send(.tabSelected(.favorites)).finish()
      return await favorites.run(.favorites)
    case let .favorites(command):
      return await favorites.run(command)
    case .activity(all: true):
      await store.send(.allActivityRequested).finish()
      if let problem = store.value.activity.problem {
        return .failure(problem.description)
      }
      return .output(renderActivity(store.value.activity.entries, timeZone: timeZone))
    case .activity(all: false):
      await store.send(.tabSelected(.activity)).finish()
      let shown = renderActivity(Array(store.value.activity.latest), timeZone: timeZone)
      guard store.value.activity.hasMoreThanTheLatest else { return .output(shown) }
      return .output(shown + [
        "Showing the latest \(activityPageSize) of the activity; 'activity all' shows all of it."
      ])
    }
  }
}
