import CasePathFixtures
import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

/// The spellings of a case path that `receive` takes for an action declared in another module, none of which
/// crashes: a key path to a `static let` declared in an extension there would (a Swift 6.3 compiler bug), so
/// the documentation names such a case path by value.
@Suite(.timeLimit(.minutes(1)))
@MainActor
struct CasePathKeyTests {
  @Test func aCasePathDeclaredInAnExtensionOfAnotherModuleIsReceivedByValue() async {
    let store = TestStore(initialState: Metronome.State()) { Metronome() }
    await store.send(.startTapped)
    await store.receive(Metronome.Action.tickCase, 1) { $0.ticks = 1 }
    await store.receive(Metronome.Action.echoCase .. Metronome.Echo.wordCase, "tock")
    await store.finish()
  }

  @Test func aComputedCasePathInAnExtensionOfAnotherModuleIsReceivedByKeyPath() async {
    let store = TestStore(initialState: Metronome.State()) { Metronome() }
    await store.send(.startTapped)
    await store.receive(\.tickComputedCase, 1) { $0.ticks = 1 }
    await store.receive(\.echoCase)
    await store.finish()
  }
}
