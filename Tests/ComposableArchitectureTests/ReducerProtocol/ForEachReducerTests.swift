import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

extension ForEachReducerTests {
  struct Todo: ReducerProtocol {
    struct State: Equatable, Identifiable {
      var id: Int
      var title = ""
      var isDone = false
      var pongs = 0
    }

    enum Action: Equatable, Sendable {
      case toggle
      case rename(String)
      case ping
      case pingLater
      case pong
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .toggle:
        state.isDone.toggle()
        return .none
      case .rename(let title):
        state.title = title
        return .none
      case .ping:
        return .send(.pong)
      case .pingLater:
        return .run { send in await send(.pong) }
      case .pong:
        state.pongs += 1
        return .none
      }
    }
  }

  struct Parent: Equatable {
    var todos: IdentifiedArray<Todo.State> = []
    var received: [ParentAction] = []
  }

  enum ParentAction: Equatable, Sendable {
    case todo(id: Int, action: Todo.Action)
    case clear

    static let todoCase = CasePath<ParentAction, (Int, Todo.Action)>(
      embed: { ParentAction.todo(id: $0.0, action: $0.1) },
      extract: { if case .todo(let id, let action) = $0 { (id, action) } else { nil } }
    )
  }

  /// The element reducer lifted to the parent, and the line of that `forEach` call.
  static let todos = Todo().forEach(state: \Parent.todos, action: ParentAction.todoCase); static let forEachLine: UInt = #line

  static let parent = CombineReducers {
    Reduce<Parent, ParentAction> { state, action in
      state.received.append(action)
      return .none
    }
    todos
  }

  static func threeTodos() -> IdentifiedArray<Todo.State> {
    [Todo.State(id: 10, title: "ten"), Todo.State(id: 20, title: "twenty"), Todo.State(id: 30, title: "thirty")]
  }
}

@Suite(.timeLimit(.minutes(1)))
struct ForEachReducerTests {
  @Test func theElementWithTheIdIsChangedAndTheOthersAreNot() {
    var state = Parent(todos: Self.threeTodos())
    _ = Self.todos.reduce(into: &state, action: .todo(id: 20, action: .toggle))
    _ = Self.todos.reduce(into: &state, action: .todo(id: 30, action: .rename("THIRTY")))

    var expected = Self.threeTodos()
    expected[id: 20]?.isDone = true
    expected[id: 30]?.title = "THIRTY"
    #expect(state.todos == expected)
    #expect(state.todos.ids == [10, 20, 30])
  }

  @Test func theElementIsFoundByIdWhateverItsPosition() {
    var todos = Self.threeTodos()
    todos.insert(Todo.State(id: 5, title: "five"), at: 0)
    todos.remove(id: 20)
    var state = Parent(todos: todos)

    _ = Self.todos.reduce(into: &state, action: .todo(id: 30, action: .toggle))

    #expect(state.todos.ids == [5, 10, 30])
    #expect(state.todos.map(\.isDone) == [false, false, true])
  }

  @Test func parentActionsThatAreNotElementActionsAreIgnored() {
    var state = Parent(todos: Self.threeTodos())
    let effects = Self.todos.asReducer()(&state, .clear, ())
    #expect(state == Parent(todos: Self.threeTodos()))
    #expect(effects.isEmpty)
  }

  @Test @MainActor func theElementsSynchronousEffectIsEmbeddedWithItsId() async {
    await assert(
      initialValue: Parent(todos: Self.threeTodos()),
      reducer: Self.todos.asReducer(),
      environment: (),
      steps:
        Step(.send, .todo(id: 20, action: .ping)),
      Step(.receive, .todo(id: 20, action: .pong)) { $0.todos[id: 20]?.pongs = 1 }
    )
  }

  @Test @MainActor func theElementsAsynchronousEffectIsEmbeddedWithItsId() async {
    let store = Store(initialState: Parent(todos: Self.threeTodos()), reducer: Self.parent)
    await store.send(.todo(id: 30, action: .pingLater)).finish()

    #expect(store.value.received == [.todo(id: 30, action: .pingLater), .todo(id: 30, action: .pong)])
    #expect(store.value.todos.map(\.pongs) == [0, 0, 1])
  }

  @Test func anUnknownIdWarnsNamingTheIdAndChangesNothing() {
    let warnings = Probe.Warnings()
    var state = Parent(todos: Self.threeTodos())

    let effects = RuntimeWarning.withHandler(warnings.handler) {
      Self.todos.asReducer()(&state, .todo(id: 404, action: .ping), ())
    }

    #expect(state == Parent(todos: Self.threeTodos()))
    #expect(effects.isEmpty)
    #expect(warnings.entries.count == 1)
    #expect(warnings.messages.first?.contains("404") == true)
    #expect(warnings.messages.first?.contains("ping") == true)
    #expect(warnings.entries.first?.location == "\(#fileID):\(Self.forEachLine)")
  }

  @Test @MainActor func inAStoreAnActionForARemovedElementWarnsAndSendsNothing() async {
    let warnings = Probe.Warnings()
    var todos = Self.threeTodos()
    todos.remove(id: 20)
    let store = Store(initialState: Parent(todos: todos), reducer: Self.parent)

    await RuntimeWarning.withHandler(warnings.handler) {
      await store.send(.todo(id: 20, action: .pingLater)).finish()
      store.send(.todo(id: 10, action: .ping))
    }

    // Only the element that exists answered; the other elements are untouched.
    #expect(
      store.value.received == [
        .todo(id: 20, action: .pingLater), .todo(id: 10, action: .ping), .todo(id: 10, action: .pong),
      ]
    )
    #expect(store.value.todos.ids == [10, 30])
    #expect(store.value.todos.map(\.pongs) == [1, 0])
    #expect(warnings.entries.count == 1)
    #expect(warnings.messages.first?.contains("20") == true)
    #expect(warnings.entries.first?.location == "\(#fileID):\(Self.forEachLine)")
  }
}
