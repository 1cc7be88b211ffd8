import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
@MainActor
struct IfCaseLetTests {
  @Test func theChildRunsOnlyOnItsCase() async {
    let store = TestStore(initialState: NavDestination.State.ticker(NavTicker.State(id: 1)), reducer: NavDestination())
    await store.send(.ticker(.tick)) { $0 = .ticker(NavTicker.State(id: 1, ticks: 1)) }
    await store.send(.showNoteButtonTapped) { $0 = .note(NavNote.State()) }
    await store.send(.note(.textChanged("Hi"))) { $0 = .note(NavNote.State(text: "Hi")) }
    await store.finish()
  }

  @Test func anActionForAnotherCaseIsReportedAndIgnored() async {
    let store = TestStore(initialState: NavDestination.State.note(NavNote.State()), reducer: NavDestination())
    let location = "\(navigationFixturesFile):\(NavDestination.tickerCaseLine)"
    await withKnownIssue {
      await store.send(.ticker(.tick))
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "Runtime warning at \(location): An \"ifCaseLet\" at \"\(location)\" received a child action when child "
          + "state was in another case: .tick, while the state is .note. The action was ignored. Stop sending "
          + "actions for a case the state has left."
      ]
    }
    await store.finish()
  }

  @Test func enumDestinationSwitchingCaseCancelsTheOldCase() async {
    let (ticks, continuations) = NavTicks.make(1)
    let store = TestStore(initialState: NavDesk.State(), reducer: NavDesk.reducer) { $0.navTicks = ticks }
    await store.send(.showTicker(id: 1)) { $0.destination = .ticker(NavTicker.State(id: 1)) }
    await store.send(.destination(.presented(.ticker(.startTicking))))
    continuations[1]?.yield()
    await store.receive(.destination(.presented(.ticker(.tick)))) {
      $0.destination = .ticker(NavTicker.State(id: 1, ticks: 1))
    }
    // The destination's own reducer moves it to another case: the ticker's effects end.
    await store.send(.destination(.presented(.showNoteButtonTapped))) { $0.destination = .note(NavNote.State()) }
    continuations[1]?.yield()
    await store.finish()
  }

  @Test func theParentSwitchingTheDestinationsCaseCancelsTheOldCase() async {
    let (ticks, continuations) = NavTicks.make(1)
    let store = TestStore(initialState: NavDesk.State(), reducer: NavDesk.reducer) { $0.navTicks = ticks }
    await store.send(.showTicker(id: 1)) { $0.destination = .ticker(NavTicker.State(id: 1)) }
    await store.send(.destination(.presented(.ticker(.startTicking))))
    // The parent puts another case in place, without the destination's reducer running: a new presentation.
    await store.send(.showNote) { $0.destination = .note(NavNote.State()) }
    continuations[1]?.yield()
    await store.finish()
  }

  @Test func theParentChangingTheSameCaseKeepsItsEffects() async {
    let (ticks, continuations) = NavTicks.make(1)
    let store = TestStore(initialState: NavDesk.State(), reducer: NavDesk.reducer) { $0.navTicks = ticks }
    await store.send(.showTicker(id: 1)) { $0.destination = .ticker(NavTicker.State(id: 1)) }
    let ticking = await store.send(.destination(.presented(.ticker(.startTicking))))
    await store.send(.showTicker(id: 1))
    continuations[1]?.yield()
    await store.receive(.destination(.presented(.ticker(.tick)))) {
      $0.destination = .ticker(NavTicker.State(id: 1, ticks: 1))
    }
    ticking.cancel()
    await store.finish()
  }

  @Test func aDestinationCaseDismissesThePresentation() async {
    let store = TestStore(initialState: NavDesk.State(), reducer: NavDesk.reducer)
    await store.send(.showNote) { $0.destination = .note(NavNote.State()) }
    await store.send(.destination(.presented(.note(.saveButtonTapped))))
    await store.receive(.destination(.dismiss)) { $0.destination = nil }
    await store.finish()
  }
}
