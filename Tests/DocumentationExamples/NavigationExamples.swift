import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

// The examples of Navigation.md and of the navigation tools' doc comments, compiled and run.

// MARK: A child to present

struct Editor: ReducerProtocol {
  struct State: Equatable, Sendable {
    var text = ""
  }

  enum Action: Equatable, Sendable {
    case cancelButtonTapped
    case saveButtonTapped
    case textChanged(String)
  }

  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .cancelButtonTapped:
      return .run { [dismiss] _ in
        await dismiss()
      }
    case .saveButtonTapped:
      return .none
    case .textChanged(let text):
      state.text = text
      return .none
    }
  }
}

// MARK: A parent that presents it

enum Notes {
  struct State: Equatable {
    var text = ""
    @Presents var destination: Editor.State?
  }

  enum Action: Equatable, Sendable {
    case destination(PresentationAction<Editor.Action>)
    case editButtonTapped

    static let destinationCase = CasePath(Action.destination) {
      if case .destination(let action) = $0 { action } else { nil }
    }
  }

  static var reducer: some ReducerProtocol<State, Action> {
    Reduce<Notes.State, Notes.Action> { state, action in
      switch action {
      case .editButtonTapped:
        state.destination = Editor.State(text: state.text)
        return .none
      case .destination(.presented(.saveButtonTapped)):
        state.text = state.destination?.text ?? state.text
        state.destination = nil
        return .none
      case .destination:
        return .none
      }
    }
    .ifLet(\.$destination, action: Notes.Action.destinationCase) { Editor() }
  }
}

// MARK: A child with a long-living effect

struct Counter: ReducerProtocol {
  struct State: Equatable, Sendable {
    var count = 0
  }

  enum Action: Equatable, Sendable {
    case doneButtonTapped
    case incrementButtonTapped
    case startTimerButtonTapped
    case timerTicked
  }

  @Dependency(\.clock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .doneButtonTapped:
      return .none
    case .incrementButtonTapped, .timerTicked:
      state.count += 1
      return .none
    case .startTimerButtonTapped:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.timerTicked)
        }
      }
    }
  }
}

// MARK: Several destinations

struct Destination: ReducerProtocol {
  enum State: Equatable, Sendable {
    case counter(Counter.State)
    case editor(Editor.State)

    static let counterCase = CasePath(State.counter) { if case .counter(let state) = $0 { state } else { nil } }
    static let editorCase = CasePath(State.editor) { if case .editor(let state) = $0 { state } else { nil } }
  }

  enum Action: Equatable, Sendable {
    case counter(Counter.Action)
    case editor(Editor.Action)

    static let counterCase = CasePath(Action.counter) { if case .counter(let action) = $0 { action } else { nil } }
    static let editorCase = CasePath(Action.editor) { if case .editor(let action) = $0 { action } else { nil } }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Reduce<Destination.State, Destination.Action> { _, _ in .none }
      .ifCaseLet(Destination.State.editorCase, action: Destination.Action.editorCase) { Editor() }
      .ifCaseLet(Destination.State.counterCase, action: Destination.Action.counterCase) { Counter() }
      .reduce(into: &state, action: action)
  }
}

enum Home {
  struct State: Equatable {
    @Presents var destination: Destination.State?
  }

  enum Action: Equatable, Sendable {
    case counterButtonTapped
    case destination(PresentationAction<Destination.Action>)
    case editButtonTapped

    static let destinationCase = CasePath(Action.destination) {
      if case .destination(let action) = $0 { action } else { nil }
    }
  }

  static var reducer: some ReducerProtocol<State, Action> {
    Reduce<Home.State, Home.Action> { state, action in
      switch action {
      case .counterButtonTapped:
        state.destination = .counter(Counter.State())
        return .none
      case .destination:
        return .none
      case .editButtonTapped:
        state.destination = .editor(Editor.State())
        return .none
      }
    }
    .ifLet(\.$destination, action: Home.Action.destinationCase) { Destination() }
  }
}

// MARK: A stack

struct Path: ReducerProtocol {
  enum State: Equatable, Sendable {
    case counter(Counter.State)
    case editor(Editor.State)

    static let counterCase = CasePath(State.counter) { if case .counter(let state) = $0 { state } else { nil } }
    static let editorCase = CasePath(State.editor) { if case .editor(let state) = $0 { state } else { nil } }
  }

  enum Action: Equatable, Sendable {
    case counter(Counter.Action)
    case editor(Editor.Action)

    static let counterCase = CasePath(Action.counter) { if case .counter(let action) = $0 { action } else { nil } }
    static let editorCase = CasePath(Action.editor) { if case .editor(let action) = $0 { action } else { nil } }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Reduce<Path.State, Path.Action> { _, _ in .none }
      .ifCaseLet(Path.State.editorCase, action: Path.Action.editorCase) { Editor() }
      .ifCaseLet(Path.State.counterCase, action: Path.Action.counterCase) { Counter() }
      .reduce(into: &state, action: action)
  }
}

enum Root {
  struct State: Equatable {
    var path = StackState<Path.State>()
  }

  enum Action: Equatable, Sendable {
    case path(StackActionOf<Path>)
    case showCounterButtonTapped

    static let pathCase = CasePath(Action.path) { if case .path(let action) = $0 { action } else { nil } }
  }

  static var reducer: some ReducerProtocol<State, Action> {
    Reduce<Root.State, Root.Action> { state, action in
      switch action {
      case .showCounterButtonTapped:
        state.path.append(.counter(Counter.State()))
        return .none
      case .path(.element(id: _, action: .counter(.doneButtonTapped))):
        state.path.removeAll()
        return .none
      case .path:
        return .none
      }
    }
    .forEach(\.path, action: Root.Action.pathCase) { Path() }
  }
}

// MARK: Tests

@MainActor
@Suite(.timeLimit(.minutes(2)))
struct NavigationExampleTests {
  @Test func theParentSavesWhatTheEditorTyped() async {
    let store = TestStore(initialState: Notes.State(text: "Milk"), reducer: Notes.reducer)

    await store.send(.editButtonTapped) {
      $0.destination = Editor.State(text: "Milk")
    }
    await store.send(.destination(.presented(.textChanged("Bread")))) {
      $0.destination?.text = "Bread"
    }
    await store.send(.destination(.presented(.saveButtonTapped))) {
      $0.text = "Bread"
      $0.destination = nil
    }
    await store.finish()
  }

  @Test func theEditorDismissesItself() async {
    let store = TestStore(initialState: Notes.State(text: "Milk"), reducer: Notes.reducer)

    await store.send(.editButtonTapped) {
      $0.destination = Editor.State(text: "Milk")
    }
    await store.send(.destination(.presented(.cancelButtonTapped)))
    await store.receive(.destination(.dismiss)) {
      $0.destination = nil
    }
    await store.finish()
  }

  @Test func dismissingTheCounterStopsItsTimer() async {
    let clock = StalledClock()
    let store = TestStore(initialState: Home.State(), reducer: Home.reducer) {
      $0.clock = clock
    }

    await store.send(.counterButtonTapped) {
      $0.destination = .counter(Counter.State())
    }
    await store.send(.destination(.presented(.counter(.startTimerButtonTapped))))
    await clock.firstSleepStarted()
    await store.send(.destination(.dismiss)) {
      $0.destination = nil
    }
    await store.finish()
  }

  @Test func aStackPushesActsAndPops() async {
    let store = TestStore(initialState: Root.State(), reducer: Root.reducer)

    await store.send(.path(.push(id: 0, state: .counter(Counter.State())))) {
      $0.path[id: 0] = .counter(Counter.State())
    }
    await store.send(.path(.element(id: 0, action: .counter(.incrementButtonTapped)))) {
      $0.path[id: 0] = .counter(Counter.State(count: 1))
    }
    await store.send(.showCounterButtonTapped) {
      $0.path[id: 1] = .counter(Counter.State())
    }
    await store.send(.path(.popFrom(id: 1))) {
      $0.path.pop(from: 1)
    }
    await store.send(.path(.element(id: 0, action: .counter(.doneButtonTapped)))) {
      $0.path.removeAll()
    }
    await store.finish()
  }

  @Test func anEditorOnTheStackPopsItself() async {
    let store = TestStore(initialState: Root.State(), reducer: Root.reducer)

    await store.send(.path(.push(id: 0, state: .editor(Editor.State())))) {
      $0.path[id: 0] = .editor(Editor.State())
    }
    await store.send(.path(.element(id: 0, action: .editor(.cancelButtonTapped))))
    await store.receive(.path(.popFrom(id: 0))) {
      $0.path.pop(from: 0)
    }
    await store.finish()
  }

  @Test func aStackStateGivesEveryElementAnIdOfItsOwn() {
    var path = StackState<Int>()
    path.append(10)
    path.append(20)
    path.append(30)
    path.pop(from: path.ids[1])
    // path holds [10], under ids.first; an element appended now gets an id none had before.
    #expect(Array(path) == [10])
    path.append(40)
    #expect(path.ids == [0, 3])
  }
}
