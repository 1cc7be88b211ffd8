import Foundation
import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

extension ScopeTests {
  struct Tally: ReducerProtocol {
    struct State: Equatable { var count = 0 }
    enum Action: Equatable, Sendable { case incrTapped, echoTapped, echoed(Int) }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .incrTapped:
          state.count += 1
          return .none
        case .echoTapped:
          return .send(.echoed(state.count))
        case .echoed:
          return .none
        }
      }
    }
  }

  struct Shelf: ReducerProtocol {
    struct State: Equatable {
      var tally = Tally.State()
      var seen: [Int] = []
    }
    enum Action: Equatable, Sendable {
      case tally(Tally.Action)
      case noteTapped
      static let tallyCase = CasePath(Action.tally) { if case .tally(let action) = $0 { action } else { nil } }
    }

    var body: some ReducerOf<Self> {
      Scope(state: \.tally, action: Action.tallyCase) {
        Tally()
      }
      Reduce { state, action in
        // The parent runs after the child, and sees the state the child left.
        if case .tally = action { state.seen.append(state.tally.count) }
        return .none
      }
    }
  }

  enum Screen: Equatable, Sendable {
    case tally(Tally.State)
    case about

    static let tallyCase = CasePath(Screen.tally) { if case .tally(let state) = $0 { state } else { nil } }
  }

  struct Screens: ReducerProtocol {
    struct State: Equatable { var screen = Screen.tally(Tally.State()) }
    enum Action: Equatable, Sendable {
      case tally(Tally.Action)
      case aboutTapped
      static let tallyCase = CasePath(Action.tally) { if case .tally(let action) = $0 { action } else { nil } }
    }

    static let scopeLine: UInt = #line + 3
    var body: some ReducerOf<Self> {
      Scope(state: \.screen, action: Action.self.identityCase) {
        Scope(state: Screen.tallyCase, action: Action.tallyCase) {
          Tally()
        }
      }
      Reduce { state, action in
        if case .aboutTapped = action { state.screen = .about }
        return .none
      }
    }
  }
}

extension ScopeTests.Screens.Action {
  /// Every action of `Screens` as its own child: a `Scope` that changes only the state's part.
  static var identityCase: CasePath<Self, Self> { .identity }
}

@Suite(.timeLimit(.minutes(1)))
@MainActor
struct ScopeTests {
  @Test func theChildRunsOnItsPartForItsActionsAndItsEffectsComeBackEmbedded() async {
    let store = TestStore(initialState: Shelf.State()) { Shelf() }
    await store.send(.tally(.incrTapped)) {
      $0.tally.count = 1
      $0.seen = [1]
    }
    await store.send(.tally(.echoTapped)) { $0.seen = [1, 1] }
    await store.receive(.tally(.echoed(1))) { $0.seen = [1, 1, 1] }
    await store.send(.noteTapped)
    await store.finish()
  }

  @Test func aScopeOverAnEnumCaseRunsTheChildWhileTheStateIsInThatCase() async {
    let store = TestStore(initialState: Screens.State()) { Screens() }
    await store.send(.tally(.incrTapped)) { $0.screen = .tally(Tally.State(count: 1)) }
    await store.send(.aboutTapped) { $0.screen = .about }
    await withKnownIssue {
      await store.send(.tally(.incrTapped))
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "Runtime warning at \(#fileID):\(Screens.scopeLine): "
          + "A Scope received incrTapped while its state was in another case; the action was ignored. "
          + "Stop sending actions for a case the state has left."
      ]
    }
    await store.finish()
  }

  @Test func aDependencyOnTheScopeReachesTheChild() async {
    let stamp = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 10))
    let store = TestStore(initialState: Stamped.State()) {
      Scope(state: \.stamp, action: Stamped.Action.stampCase) {
        Stamp()
      }
      .dependency(\.uuid, UUIDGenerator { stamp })
    }
    await store.send(.stamp(.stampTapped)) { $0.stamp.id = stamp }
    await store.finish()
  }
}

extension ScopeTests {
  struct Stamp: ReducerProtocol {
    struct State: Equatable { var id: UUID? }
    enum Action: Equatable, Sendable { case stampTapped }
    @Dependency(\.uuid) var uuid

    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.id = uuid()
        return .none
      }
    }
  }

  enum Stamped {
    struct State: Equatable { var stamp = Stamp.State() }
    enum Action: Equatable, Sendable {
      case stamp(Stamp.Action)
      static let stampCase = CasePath(Action.stamp) { if case .stamp(let action) = $0 { action } else { nil } }
    }
  }
}
