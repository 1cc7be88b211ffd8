import ComposableArchitecture
import Testing

@MainActor
@Suite(.timeLimit(.minutes(2)))
struct ReducerBuilderTests {
  /// Appends its name to the state, so the state records which reducers ran, in order.
  struct Mark: ReducerProtocol {
    let name: String

    func reduce(into state: inout [String], action: Int) -> Effect<Int> {
      state.append(name)
      return .none
    }
  }

  static func built(verbose: Bool, loud: Bool) -> some ReducerProtocol<[String], Int> {
    CombineReducers {
      Mark(name: "first")
      if verbose {
        Mark(name: "verbose")
      }
      if loud {
        Mark(name: "loud")
      } else {
        Mark(name: "quiet")
      }
      Mark(name: "last")
    }
  }

  @Test func anIfWithoutElseRunsItsReducerOnlyWhenTheConditionHeld() {
    var withIt: [String] = []
    _ = Self.built(verbose: true, loud: true).reduce(into: &withIt, action: 0)
    var withoutIt: [String] = []
    _ = Self.built(verbose: false, loud: true).reduce(into: &withoutIt, action: 0)
    #expect(withIt == ["first", "verbose", "loud", "last"])
    #expect(withoutIt == ["first", "loud", "last"])
  }

  @Test func anIfElseRunsTheBranchThatWasTaken() {
    var state: [String] = []
    _ = Self.built(verbose: false, loud: false).reduce(into: &state, action: 0)
    #expect(state == ["first", "quiet", "last"])
  }

  /// An element that renumbers itself, then answers through an effect.
  struct Renumbering: ReducerProtocol {
    struct State: Equatable, Identifiable {
      var id: Int
      var answers = 0
    }

    enum Action: Equatable, Sendable {
      case renumber(Int)
      case answer
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case let .renumber(id):
        state.id = id
        return .send(.answer)
      case .answer:
        state.answers += 1
        return .none
      }
    }
  }

  enum ListAction: Equatable, Sendable {
    case element(Int, Renumbering.Action)

    static let elementCase = CasePath<ListAction, (Int, Renumbering.Action)>(
      embed: { ListAction.element($0.0, $0.1) },
      extract: { if case let .element(id, action) = $0 { (id, action) } else { nil } }
    )
  }

  @Test func forEachEmbedsAnEffectWithTheIdTheElementHasAfterTheReduce() {
    let store = Store(
      initialState: [Renumbering.State(id: 1), Renumbering.State(id: 2)] as IdentifiedArray,
      reducer: Renumbering().forEach(state: \.self, action: ListAction.elementCase)
    )
    store.send(.element(1, .renumber(10)))
    #expect(store.value == [Renumbering.State(id: 10, answers: 1), Renumbering.State(id: 2)])
  }
}
