import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

/// A child feature with two kinds of long work: a stream of ticks that never ends by itself, and a response
/// that arrives whenever the test lets it, whether or not the effect was cancelled meanwhile.
struct LifetimeTicker: ReducerProtocol {
  struct State: Equatable, Identifiable {
    var id: Int
    var ticks = 0
    var response: Int?
  }

  enum Action: Equatable, Sendable {
    case startTicking
    case tick
    case startRequest
    case response(Int)
  }

  /// The stream of ticks of each child, by id; each child listens to its own.
  let ticks: [Int: AsyncStream<Void>]
  /// The responses; awaited in a detached task, so the wait ignores cancellation, as a slow network
  /// call that cannot be interrupted would.
  let responses: AsyncStream<Int>

  init(ticks: [Int: AsyncStream<Void>] = [:], responses: AsyncStream<Int> = AsyncStream { $0.finish() }) {
    self.ticks = ticks
    self.responses = responses
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startTicking:
      let ticks = ticks[state.id] ?? AsyncStream { $0.finish() }
      return .run { send in
        for await _ in ticks {
          await send(.tick)
        }
      }
    case .tick:
      state.ticks += 1
      return .none
    case .startRequest:
      let responses = responses
      return .run { send in
        let response = await Task.detached {
          for await response in responses { return response }
          return -1
        }.value
        await send(.response(response))
      }
    case .response(let value):
      state.response = value
      return .none
    }
  }

  /// A stream of ticks per id, and the continuations that drive them.
  static func streams(_ ids: Int...) -> (
    streams: [Int: AsyncStream<Void>], continuations: [Int: AsyncStream<Void>.Continuation]
  ) {
    var streams: [Int: AsyncStream<Void>] = [:]
    var continuations: [Int: AsyncStream<Void>.Continuation] = [:]
    for id in ids {
      let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
      streams[id] = stream
      continuations[id] = continuation
    }
    return (streams, continuations)
  }
}

/// A parent presenting one optional ticker.
enum LifetimePresenter {
  struct State: Equatable {
    var child: LifetimeTicker.State?
  }

  enum Action: Equatable, Sendable {
    case child(LifetimeTicker.Action)
    case present(Int)
    case dismiss
    case renameChild(Int)

    static let childCase = CasePath<Action, LifetimeTicker.Action>(
      embed: Action.child,
      extract: { if case .child(let action) = $0 { action } else { nil } }
    )
  }

  static let core = Reduce<State, Action> { state, action in
    switch action {
    case .child:
      return .none
    case .present(let id):
      state.child = LifetimeTicker.State(id: id)
      return .none
    case .dismiss:
      state.child = nil
      return .none
    case .renameChild(let ticks):
      state.child?.ticks = ticks
      return .none
    }
  }

  static func reducer(_ ticker: LifetimeTicker) -> some ReducerProtocol<State, Action> {
    core.ifLet(\.child, action: Action.childCase) { ticker }
  }
}

@Suite(.timeLimit(.minutes(2)))
@MainActor
struct IfLetReducerTests {
  @Test func aLongLivingChildEffectEndsWhenTheChildIsDismissed() async {
    let (streams, ticks) = LifetimeTicker.streams(1)
    let store = TestStore(
      initialState: LifetimePresenter.State(child: LifetimeTicker.State(id: 1)),
      reducer: LifetimePresenter.reducer(LifetimeTicker(ticks: streams)),
      timeout: .seconds(5)
    )
    await store.send(.child(.startTicking))
    ticks[1]?.yield()
    await store.receive(.child(.tick)) { $0.child?.ticks = 1 }
    await store.send(.dismiss) { $0.child = nil }
    await store.finish()
  }

  @Test func aLongLivingChildEffectEndsWhenTheChildIsReplacedByOneWithAnotherID() async {
    let (streams, ticks) = LifetimeTicker.streams(1, 2)
    let store = TestStore(
      initialState: LifetimePresenter.State(child: LifetimeTicker.State(id: 1)),
      reducer: LifetimePresenter.reducer(LifetimeTicker(ticks: streams)),
      timeout: .seconds(5)
    )
    await store.send(.child(.startTicking))
    await store.send(.present(2)) { $0.child = LifetimeTicker.State(id: 2) }
    await store.finish()
    // The new child's own effects are not touched by the cancellation of the old one's.
    let task = await store.send(.child(.startTicking))
    ticks[2]?.yield()
    await store.receive(.child(.tick)) { $0.child?.ticks = 1 }
    task.cancel()
    await store.finish()
  }

  @Test func changingTheSameChildKeepsItsEffectsRunning() async {
    let (streams, ticks) = LifetimeTicker.streams(1)
    let store = TestStore(
      initialState: LifetimePresenter.State(child: LifetimeTicker.State(id: 1)),
      reducer: LifetimePresenter.reducer(LifetimeTicker(ticks: streams)),
      timeout: .seconds(5)
    )
    let task = await store.send(.child(.startTicking))
    await store.send(.renameChild(10)) { $0.child?.ticks = 10 }
    ticks[1]?.yield()
    await store.receive(.child(.tick)) { $0.child?.ticks = 11 }
    task.cancel()
    await store.finish()
  }

  @Test func aResponseArrivingAfterDismissalNeverReachesTheParent() async {
    let (responses, respond) = AsyncStream.makeStream(of: Int.self)
    let store = TestStore(
      initialState: LifetimePresenter.State(child: LifetimeTicker.State(id: 1)),
      reducer: LifetimePresenter.reducer(LifetimeTicker(responses: responses)),
      timeout: .seconds(5)
    )
    await store.send(.child(.startRequest))
    await store.send(.dismiss) { $0.child = nil }
    respond.yield(42)
    await store.finish()
  }

  @Test func anActionForADismissedChildIsReportedAndIgnored() async {
    let store = TestStore(
      initialState: LifetimePresenter.State(child: nil),
      reducer: LifetimePresenter.reducer(LifetimeTicker()),
      timeout: .seconds(5)
    )
    await withKnownIssue {
      await store.send(.child(.tick))
    } matching: { issue in
      issue.description.contains(
        "An optional reducer received tick while its state was nil; the action was ignored. "
          + "Stop sending actions for state that is gone."
      )
    }
    await store.finish()
  }
}
