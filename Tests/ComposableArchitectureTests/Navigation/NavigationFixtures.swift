import ComposableArchitecture

/// Where runtime warnings of the reducers declared in this file point.
let navigationFixturesFile: String = #fileID

/// Streams of ticks, one per key, that a test drives: the `\.navTicks` dependency of ``NavTicker``.
struct NavTicks: Sendable, TestDependencyKey {
  var streams: [Int: AsyncStream<Void>] = [:]

  /// The stream of `key`; one that ends at once when the test made none.
  func stream(_ key: Int) -> AsyncStream<Void> {
    streams[key] ?? AsyncStream { $0.finish() }
  }

  /// A stream per key, and the continuations that drive them.
  static func make(_ keys: Int...) -> (ticks: NavTicks, continuations: [Int: AsyncStream<Void>.Continuation]) {
    var ticks = NavTicks()
    var continuations: [Int: AsyncStream<Void>.Continuation] = [:]
    for key in keys {
      let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
      ticks.streams[key] = stream
      continuations[key] = continuation
    }
    return (ticks, continuations)
  }

  static let testValue = NavTicks()
}

extension DependencyValues {
  var navTicks: NavTicks {
    get { self[NavTicks.self] }
    set { self[NavTicks.self] = newValue }
  }
}

/// A child that ticks for as long as its stream runs, dismisses itself, and says whether it is presented.
struct NavTicker: ReducerProtocol {
  struct State: Equatable, Identifiable, Sendable {
    /// Also the key of the stream of ticks it listens to.
    var id = 0
    var ticks = 0
    /// What `isPresented` was, in the reduce and in the effect.
    var presence: [String] = []
  }

  enum Action: Equatable, Sendable {
    case checkPresence
    case closeButtonTapped
    case presenceInEffect(Bool)
    case startTicking
    case tick

    static let tickCase = CasePath<Action, Void>(embed: { _ in .tick }) { if case .tick = $0 { () } else { nil } }
  }

  @Dependency(\.dismiss) var dismiss
  @Dependency(\.isPresented) var isPresented
  @Dependency(\.navTicks) var navTicks

  /// The line of the `dismiss()` call below, where its warning points.
  static let dismissLine: UInt = #line + 12

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .checkPresence:
      state.presence.append("reduce: \(isPresented)")
      return .run { send in
        @Dependency(\.isPresented) var isPresented
        await send(.presenceInEffect(isPresented))
      }
    case .closeButtonTapped:
      return .run { [dismiss] _ in
        await dismiss()
      }
    case .presenceInEffect(let isPresented):
      state.presence.append("effect: \(isPresented)")
      return .none
    case .startTicking:
      let ticks = navTicks.stream(state.id)
      return .run { send in
        for await _ in ticks {
          await send(.tick)
        }
      }
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// A child that is not identifiable: a note that saves by dismissing itself.
struct NavNote: ReducerProtocol {
  struct State: Equatable, Sendable {
    var text = ""
  }

  enum Action: Equatable, Sendable {
    case saveButtonTapped
    case textChanged(String)
  }

  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .saveButtonTapped:
      return .run { [dismiss] _ in await dismiss() }
    case .textChanged(let text):
      state.text = text
      return .none
    }
  }
}

/// A parent presenting one ticker with `@Presents`, keeping a log of what it saw of the child.
enum NavSheet {
  struct State: Equatable {
    @Presents var child: NavTicker.State?
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    case checkPresence
    case child(PresentationAction<NavTicker.Action>)
    case closeButtonTapped
    case presenceInEffect(Bool)
    case present(id: Int)

    static let childCase = CasePath(Action.child) { if case .child(let action) = $0 { action } else { nil } }
  }

  /// The line of the `ifLet` call below, where its warnings point.
  static let ifLetLine: UInt = #line + 31

  static var reducer: some ReducerProtocol<State, Action> {
    Reduce<State, Action> { state, action in
      @Dependency(\.isPresented) var isPresented
      switch action {
      case .checkPresence:
        state.log.append("reduce: \(isPresented)")
        return .run { send in
          @Dependency(\.isPresented) var isPresented
          await send(.presenceInEffect(isPresented))
        }
      case .child(.dismiss):
        state.log.append("saw dismiss, child present: \(state.child != nil)")
        return .none
      case .child(.presented(.tick)):
        state.log.append("saw tick, child ticks: \(state.child?.ticks ?? -1)")
        return .none
      case .child:
        return .none
      case .closeButtonTapped:
        state.child = nil
        return .none
      case .presenceInEffect(let isPresented):
        state.log.append("effect: \(isPresented)")
        return .none
      case .present(let id):
        state.child = NavTicker.State(id: id)
        return .none
      }
    }
    .ifLet(\.$child, action: Action.childCase) { NavTicker() }
  }
}

/// A feature that presents a feature of its own type: presentations nest, and the state is recursive.
struct NavNested: ReducerProtocol {
  struct State: Equatable {
    var level: Int
    @Presents var child: NavNested.State?
  }

  enum Action: Equatable, Sendable {
    case child(PresentationAction<NavNested.Action>)
    case closeButtonTapped
    case presentButtonTapped

    static let childCase = CasePath(Action.child) { if case .child(let action) = $0 { action } else { nil } }
  }

  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Reduce<State, Action> { [dismiss] state, action in
      switch action {
      case .child:
        return .none
      case .closeButtonTapped:
        return .run { _ in await dismiss() }
      case .presentButtonTapped:
        state.child = State(level: state.level + 1)
        return .none
      }
    }
    .ifLet(\.$child, action: Action.childCase) { NavNested() }
    .reduce(into: &state, action: action)
  }
}

/// The destinations of ``NavDesk``: one enum of child features, each case run by `ifCaseLet`.
struct NavDestination: ReducerProtocol {
  enum State: Equatable, Sendable {
    case note(NavNote.State)
    case ticker(NavTicker.State)

    static let noteCase = CasePath(State.note) { if case .note(let state) = $0 { state } else { nil } }
    static let tickerCase = CasePath(State.ticker) { if case .ticker(let state) = $0 { state } else { nil } }
  }

  enum Action: Equatable, Sendable {
    case note(NavNote.Action)
    /// Moves the destination to a new note, from within the destination's own reducer.
    case showNoteButtonTapped
    case ticker(NavTicker.Action)

    static let noteCase = CasePath(Action.note) { if case .note(let action) = $0 { action } else { nil } }
    static let tickerCase = CasePath(Action.ticker) { if case .ticker(let action) = $0 { action } else { nil } }
  }

  /// The line of the ticker's `ifCaseLet` below, where its warnings point.
  static let tickerCaseLine: UInt = #line + 10

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Reduce<State, Action> { state, action in
      if case .showNoteButtonTapped = action {
        state = .note(NavNote.State())
      }
      return .none
    }
    .ifCaseLet(State.noteCase, action: Action.noteCase) { NavNote() }
    .ifCaseLet(State.tickerCase, action: Action.tickerCase) { NavTicker() }
    .reduce(into: &state, action: action)
  }
}

/// A parent presenting one of several destinations, an enum, through one `@Presents` property.
enum NavDesk {
  struct State: Equatable {
    @Presents var destination: NavDestination.State?
  }

  enum Action: Equatable, Sendable {
    case destination(PresentationAction<NavDestination.Action>)
    case showNote
    case showTicker(id: Int)

    static let destinationCase = CasePath(Action.destination) {
      if case .destination(let action) = $0 { action } else { nil }
    }
  }

  static var reducer: some ReducerProtocol<State, Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .destination:
        return .none
      case .showNote:
        state.destination = .note(NavNote.State())
        return .none
      case .showTicker(let id):
        state.destination = .ticker(NavTicker.State(id: id))
        return .none
      }
    }
    .ifLet(\.$destination, action: Action.destinationCase) { NavDestination() }
  }
}

/// The elements a ``NavRoot`` stack holds: tickers and notes.
struct NavPath: ReducerProtocol {
  enum State: Equatable, Sendable {
    case note(NavNote.State)
    case ticker(NavTicker.State)

    static let noteCase = CasePath(State.note) { if case .note(let state) = $0 { state } else { nil } }
    static let tickerCase = CasePath(State.ticker) { if case .ticker(let state) = $0 { state } else { nil } }
  }

  enum Action: Equatable, Sendable {
    case note(NavNote.Action)
    case ticker(NavTicker.Action)

    static let noteCase = CasePath(Action.note) { if case .note(let action) = $0 { action } else { nil } }
    static let tickerCase = CasePath(Action.ticker) { if case .ticker(let action) = $0 { action } else { nil } }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Reduce<State, Action> { _, _ in .none }
      .ifCaseLet(State.noteCase, action: Action.noteCase) { NavNote() }
      .ifCaseLet(State.tickerCase, action: Action.tickerCase) { NavTicker() }
      .reduce(into: &state, action: action)
  }
}

/// A root feature with a navigation stack of tickers and notes, keeping a log of what it saw.
enum NavRoot {
  struct State: Equatable {
    var path = StackState<NavPath.State>()
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    case path(StackActionOf<NavPath>)
    case popToRootButtonTapped
    case pushNote
    case pushTicker(id: Int)

    static let pathCase = CasePath(Action.path) { if case .path(let action) = $0 { action } else { nil } }
  }

  /// The line of the `forEach` call below, where its warnings point.
  static let forEachLine: UInt = #line + 24

  static var reducer: some ReducerProtocol<State, Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .path(.popFrom(let id)):
        state.log.append("saw popFrom \(id), stack: \(state.path.ids)")
        return .none
      case .path(.push(let id, _)):
        state.log.append("saw push \(id), stack: \(state.path.ids)")
        return .none
      case .path:
        return .none
      case .popToRootButtonTapped:
        state.path.removeAll()
        return .none
      case .pushNote:
        state.path.append(.note(NavNote.State()))
        return .none
      case .pushTicker(let id):
        state.path.append(.ticker(NavTicker.State(id: id)))
        return .none
      }
    }
    .forEach(\.path, action: Action.pathCase) { NavPath() }
  }
}
