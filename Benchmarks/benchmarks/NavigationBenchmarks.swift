import ComposableArchitecture

/// A child counter that navigation presents or stacks: one no-effect action.
private struct CountingChild: ReducerProtocol {
  struct State {
    var count = 0
  }

  enum Action {
    case increment
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

/// A parent presenting a `CountingChild` through `@Presents` and `ifLet(\.$child)`.
private enum Presenter {
  struct State {
    @Presents var child: CountingChild.State?
  }

  enum Action {
    case child(PresentationAction<CountingChild.Action>)

    static let childCase = CasePath(Action.child) { if case .child(let action) = $0 { action } else { nil } }
  }

  static let reducer = Reduce<State, Action> { _, _ in .none }
    .ifLet(\.$child, action: Action.childCase) { CountingChild() }
}

/// A parent with a navigation stack of `CountingChild`ren, run by `forEach(\.path)`.
private enum Stacker {
  struct State {
    var path = StackState<CountingChild.State>()
  }

  enum Action {
    case path(StackActionOf<CountingChild>)

    static let pathCase = CasePath(Action.path) { if case .path(let action) = $0 { action } else { nil } }
  }

  static let reducer = Reduce<State, Action> { _, _ in .none }
    .forEach(\.path, action: Action.pathCase) { CountingChild() }
}

/// The cost of the navigation operators on the way to a child.
enum NavigationBenchmarks {
  /// Every navigation benchmark, in the order they run.
  static var all: [Benchmark] {
    [presentationSend, stackPushPop]
  }

  /// One no-effect action of a presented child, through `ifLet(\.$child)`: the child runs with the
  /// dependencies of a presented feature, in its own scope, and the parent after it.
  static var presentationSend: Benchmark {
    Benchmark("store.presentation.send") {
      let store = Store(initialState: Presenter.State(child: CountingChild.State()), reducer: Presenter.reducer)
      let action = opaque(Presenter.Action.child(.presented(.increment)))
      return { iterations in
        for _ in 0..<iterations {
          store.send(action)
        }
        blackHole(store.value.child?.count)
      }
    }
  }

  /// One element pushed with `.push(id:state:)`, then popped with `.popFrom(id:)`, through `forEach(\.path)`:
  /// the id checked against the stack's generator, the element stored, the ids compared after each action
  /// and the popped element's scope cancelled.
  static var stackPushPop: Benchmark {
    Benchmark("store.stack.push-pop") {
      let store = Store(initialState: Stacker.State(), reducer: Stacker.reducer)
      @Dependency(\.stackElementID) var stackElementID
      let element = opaque(CountingChild.State())
      return { iterations in
        for _ in 0..<iterations {
          let id = stackElementID.peek()
          store.send(.path(.push(id: id, state: element)))
          store.send(.path(.popFrom(id: id)))
        }
        blackHole(store.value.path.count)
      }
    }
  }
}
