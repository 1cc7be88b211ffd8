import ComposableArchitecture
import ComposableArchitectureTestSupport
import Synchronization
import Testing

/// Holds the `send` an effect let escape, so that a test can call it after the effect finished.
final class EscapedSend<Action>: Sendable {
  private let storage = Mutex<Send<Action>?>(nil)

  init() {}

  func keep(_ send: Send<Action>) {
    storage.withLock { $0 = send }
  }

  var send: Send<Action>? {
    storage.withLock { $0 }
  }
}

/// A feature whose effect lets its `send` escape and returns at once, as an effect that hands `send` to a
/// callback would.
struct LeakySend: ReducerProtocol {
  struct State: Equatable {
    var count = 0
  }

  enum Action: Equatable, Sendable {
    case start
    case increment
  }

  let escaped: EscapedSend<Action>

  /// The line of the `.run` call below, which the warning about a late send names.
  static let runLine: UInt = #line + 6

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      let escaped = escaped
      return .run { send in
        escaped.keep(send)
        await send(.increment)
      }
    case .increment:
      state.count += 1
      return .none
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(2)))
struct EffectLateSendTests {
  static let lateSendMessage =
    "An effect sent increment after it had finished; the action was dropped. An effect may send only "
    + "while its operation runs: await the work that sends rather than handing 'send' to a callback or an "
    + "unstructured task that outlives it."

  @Test func aSendAfterTheEffectFinishedIsReportedWhereTheEffectWasCreatedAndDropped() async {
    let escaped = EscapedSend<LeakySend.Action>()
    let warnings = Probe.Warnings()
    let store = Store(initialState: LeakySend.State(), reducer: LeakySend(escaped: escaped))
    await RuntimeWarning.withHandler(warnings.handler) {
      await store.send(.start).finish()
      #expect(store.value.count == 1)
      escaped.send?(.increment)
    }
    #expect(store.value.count == 1)
    #expect(warnings.messages == [Self.lateSendMessage])
    #expect(warnings.entries.map(\.location) == ["ComposableArchitectureTests/EffectLateSendTests.swift:\(LeakySend.runLine)"])
  }

  @Test func aSendWhileTheEffectRunsIsNotReported() async {
    let escaped = EscapedSend<LeakySend.Action>()
    let warnings = Probe.Warnings()
    let store = Store(initialState: LeakySend.State(), reducer: LeakySend(escaped: escaped))
    await RuntimeWarning.withHandler(warnings.handler) {
      await store.send(.start).finish()
    }
    #expect(store.value.count == 1)
    #expect(warnings.messages == [])
  }

  @Test func aSendAfterTheEffectFinishedFailsTheTestUnderATestStoreAndIsNotReceived() async {
    let escaped = EscapedSend<LeakySend.Action>()
    let failures = await collectTestFailures {
      let store = TestStore(initialState: LeakySend.State(), reducer: LeakySend(escaped: escaped))
      await store.send(.start)
      await store.receive(.increment) { $0.count = 1 }
      await store.finish()
      escaped.send?(.increment)
      await store.finish()
      #expect(store.state.count == 1)
    }
    #expect(
      failures.map(\.description) == [
        "ComposableArchitectureTests/EffectLateSendTests.swift:\(LeakySend.runLine): Runtime warning at "
          + "ComposableArchitectureTests/EffectLateSendTests.swift:\(LeakySend.runLine): \(Self.lateSendMessage)"
      ]
    )
  }
}
