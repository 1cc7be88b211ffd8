import ComposableArchitecture

/// The examples of the doc comments of `ifLet` and `forEach`, compiled: each static member holds one
/// example verbatim, with the minimal types it names.
enum ChildEffectLifetimeDocExamples {
  struct Detail: ReducerProtocol {
    struct State: Equatable {}
    enum Action: Equatable, Sendable { case refresh }
    func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
  }

  struct Todo: ReducerProtocol {
    struct State: Equatable, Identifiable { var id: Int }
    enum Action: Equatable, Sendable { case toggle }
    func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
  }

  enum Parent {
    struct State: Equatable {
      var detail: Detail.State?
      var todos: IdentifiedArray<Todo.State> = []
    }

    enum Action: Equatable, Sendable {
      case detail(Detail.Action)
      case todo(id: Int, action: Todo.Action)
      case dismiss
      case clear

      static let detailCase = CasePath<Action, Detail.Action>(
        embed: Action.detail,
        extract: { if case .detail(let action) = $0 { action } else { nil } }
      )
      static let todoCase = CasePath<Action, (Int, Todo.Action)>(
        embed: { Action.todo(id: $0.0, action: $0.1) },
        extract: { if case .todo(let id, let action) = $0 { (id, action) } else { nil } }
      )
    }
  }

  static let ifLetExample =
    Reduce<Parent.State, Parent.Action> { state, action in
      if case .dismiss = action { state.detail = nil }
      return .none
    }
    .ifLet(\.detail, action: Parent.Action.detailCase) { Detail() }

  static let forEachExample =
    Reduce<Parent.State, Parent.Action> { state, action in
      if case .clear = action { state.todos = [] }
      return .none
    }
    .forEach(\.todos, action: Parent.Action.todoCase) { Todo() }

  struct AppState { var detail: Detail.State? }
  typealias AppAction = Parent.Action
  struct AppEnvironment: Sendable { var detail: Void }
  static let appCoreReducer: Reducer<AppState, AppAction, AppEnvironment> = { _, _, _ in [] }
  static let detailReducer: Reducer<Detail.State, Detail.Action, Void> = { _, _, _ in [] }

  static let environmentIfLet: Reducer<AppState, AppAction, AppEnvironment> = {
    let appReducer: Reducer<AppState, AppAction, AppEnvironment> = ifLet(
      appCoreReducer,
      value: \.detail,
      action: AppAction.detailCase,
      environment: { $0.detail },
      then: detailReducer
    )
    return appReducer
  }()
}
