import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

@Suite(.timeLimit(.minutes(1)))
@MainActor
struct StackTests {
  @Test func stackPushElementActionPop() async {
    let store = TestStore(initialState: NavRoot.State(), reducer: NavRoot.reducer)
    await store.send(.path(.push(id: 0, state: .ticker(NavTicker.State(id: 1))))) {
      $0.path[id: 0] = .ticker(NavTicker.State(id: 1))
      $0.log = ["saw push #0, stack: [#0]"]
    }
    await store.send(.path(.element(id: 0, action: .ticker(.tick)))) {
      $0.path[id: 0] = .ticker(NavTicker.State(id: 1, ticks: 1))
    }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path = StackState()
      $0.log.append("saw popFrom #0, stack: [#0]")
    }
    await store.finish()
  }

  @Test func theParentAppendsUnderTheNextId() async {
    let store = TestStore(initialState: NavRoot.State(), reducer: NavRoot.reducer)
    await store.send(.pushTicker(id: 1)) { $0.path[id: 0] = .ticker(NavTicker.State(id: 1)) }
    await store.send(.pushNote) { $0.path[id: 1] = .note(NavNote.State()) }
    #expect(store.state.path.ids == [0, 1])
    await store.finish()
  }

  @Test func stackIdsAreNeverReused() async {
    let store = TestStore(initialState: NavRoot.State(), reducer: NavRoot.reducer)
    await store.send(.pushNote) { $0.path[id: 0] = .note(NavNote.State()) }
    await store.send(.pushNote) { $0.path[id: 1] = .note(NavNote.State()) }
    await store.send(.path(.popFrom(id: 1))) {
      $0.path[id: 1] = nil
      $0.log = ["saw popFrom #1, stack: [#0, #1]"]
    }
    await store.send(.pushNote) { $0.path[id: 2] = .note(NavNote.State()) }
    await store.send(.popToRootButtonTapped) { $0.path = StackState() }
    await store.send(.path(.push(id: 3, state: .note(NavNote.State())))) {
      $0.path[id: 3] = .note(NavNote.State())
      $0.log.append("saw push #3, stack: [#3]")
    }
    await store.finish()
  }

  @Test func eachTestStoreCountsItsIdsFromZero() async {
    for _ in 0..<2 {
      let store = TestStore(initialState: NavRoot.State(), reducer: NavRoot.reducer)
      await store.send(.pushNote) { $0.path[id: 0] = .note(NavNote.State()) }
      await store.finish()
    }
  }

  @Test func aStackHoldsElementsOfTwoKinds() async {
    let store = TestStore(initialState: NavRoot.State(), reducer: NavRoot.reducer)
    await store.send(.pushTicker(id: 1)) { $0.path[id: 0] = .ticker(NavTicker.State(id: 1)) }
    await store.send(.pushNote) { $0.path[id: 1] = .note(NavNote.State()) }
    await store.send(.path(.element(id: 1, action: .note(.textChanged("Hi"))))) {
      $0.path[id: 1] = .note(NavNote.State(text: "Hi"))
    }
    await store.send(.path(.element(id: 0, action: .ticker(.tick)))) {
      $0.path[id: 0] = .ticker(NavTicker.State(id: 1, ticks: 1))
    }
    await store.finish()
  }

  @Test func dismissFromAStackElementPopsItAndAbove() async {
    let store = TestStore(initialState: NavRoot.State(), reducer: NavRoot.reducer)
    await store.send(.pushTicker(id: 1)) { $0.path[id: 0] = .ticker(NavTicker.State(id: 1)) }
    await store.send(.pushNote) { $0.path[id: 1] = .note(NavNote.State()) }
    await store.send(.pushTicker(id: 2)) { $0.path[id: 2] = .ticker(NavTicker.State(id: 2)) }
    await store.send(.path(.element(id: 1, action: .note(.saveButtonTapped))))
    await store.receive(.path(.popFrom(id: 1))) {
      $0.path.pop(to: 0)
      $0.log = ["saw popFrom #1, stack: [#0, #1, #2]"]
    }
    #expect(store.state.path.ids == [0])
    await store.finish()
  }

  @Test func poppingCancelsThePoppedElementsEffects() async {
    let (ticks, continuations) = NavTicks.make(1, 2, 3)
    let store = TestStore(initialState: NavRoot.State(), reducer: NavRoot.reducer) { $0.navTicks = ticks }
    await store.send(.pushTicker(id: 1)) { $0.path[id: 0] = .ticker(NavTicker.State(id: 1)) }
    await store.send(.pushTicker(id: 2)) { $0.path[id: 1] = .ticker(NavTicker.State(id: 2)) }
    await store.send(.pushTicker(id: 3)) { $0.path[id: 2] = .ticker(NavTicker.State(id: 3)) }
    for id in [0, 1, 2] as [StackElementID] {
      await store.send(.path(.element(id: id, action: .ticker(.startTicking))))
    }
    // popFrom #1 pops #1 and #2, and ends their effects; #0 ticks on.
    await store.send(.path(.popFrom(id: 1))) {
      $0.path.pop(to: 0)
      $0.log = ["saw popFrom #1, stack: [#0, #1, #2]"]
    }
    continuations[2]?.yield()
    continuations[3]?.yield()
    continuations[1]?.yield()
    await store.receive(.path(.element(id: 0, action: .ticker(.tick)))) {
      $0.path[id: 0] = .ticker(NavTicker.State(id: 1, ticks: 1))
    }
    // The parent removing the last element ends its effect too.
    await store.send(.popToRootButtonTapped) { $0.path = StackState() }
    continuations[1]?.yield()
    await store.finish()
  }

  @Test func isPresentedIsTrueInAStackElement() async {
    let store = TestStore(initialState: NavRoot.State(), reducer: NavRoot.reducer)
    await store.send(.pushTicker(id: 1)) { $0.path[id: 0] = .ticker(NavTicker.State(id: 1)) }
    await store.send(.path(.element(id: 0, action: .ticker(.checkPresence)))) {
      $0.path[id: 0] = .ticker(NavTicker.State(id: 1, presence: ["reduce: true"]))
    }
    await store.receive(.path(.element(id: 0, action: .ticker(.presenceInEffect(true))))) {
      $0.path[id: 0] = .ticker(NavTicker.State(id: 1, presence: ["reduce: true", "effect: true"]))
    }
    await store.finish()
  }

  @Test func anElementActionForAMissingIdIsReported() async {
    let store = TestStore(initialState: NavRoot.State(), reducer: NavRoot.reducer)
    await store.send(.pushNote) { $0.path[id: 0] = .note(NavNote.State()) }
    await store.send(.path(.popFrom(id: 0))) {
      $0.path = StackState()
      $0.log = ["saw popFrom #0, stack: [#0]"]
    }
    let location = "\(navigationFixturesFile):\(NavRoot.forEachLine)"
    await withKnownIssue {
      await store.send(.path(.element(id: 0, action: .note(.textChanged("Hi")))))
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "Runtime warning at \(location): A \"forEach\" at \"\(location)\" received an action for a missing "
          + "element: .note(.textChanged(\"Hi\")) for id #0. The action was ignored. Stop sending actions for "
          + "elements that were popped."
      ]
    }
    await store.finish()
  }

  @Test func aPopFromForAMissingIdIsReportedAndPopsNothing() async {
    let store = TestStore(initialState: NavRoot.State(), reducer: NavRoot.reducer)
    await store.send(.pushNote) { $0.path[id: 0] = .note(NavNote.State()) }
    await withKnownIssue {
      await store.send(.path(.popFrom(id: 4))) { $0.log = ["saw popFrom #4, stack: [#0]"] }
    } matching: { issue in
      issue.comments.first?.rawValue.contains(
        "received a \"popFrom\" action for a missing element: id #4, while the stack holds #0. Nothing was popped."
      ) == true
    }
    await store.finish()
  }

  @Test func aPushUnderAnIdTheStackHoldsIsReportedAndPushesNothing() async {
    let store = TestStore(initialState: NavRoot.State(), reducer: NavRoot.reducer)
    await store.send(.pushNote) { $0.path[id: 0] = .note(NavNote.State()) }
    await withKnownIssue {
      await store.send(.path(.push(id: 0, state: .ticker(NavTicker.State())))) {
        $0.log = ["saw push #0, stack: [#0]"]
      }
    } matching: { issue in
      issue.comments.first?.rawValue.contains(
        "received a \"push\" action for an element it already contains: id #0, while the stack holds #0. "
          + "Nothing was pushed."
      ) == true
    }
    await store.finish()
  }

  @Test func aPushUnderAnUnexpectedIdIsReportedAndTheCountSkipsPastIt() async {
    let store = TestStore(initialState: NavRoot.State(), reducer: NavRoot.reducer)
    await withKnownIssue {
      await store.send(.path(.push(id: 5, state: .note(NavNote.State())))) {
        $0.path[id: 5] = .note(NavNote.State())
        $0.log = ["saw push #5, stack: [#5]"]
      }
    } matching: { issue in
      issue.comments.first?.rawValue.contains(
        "received a \"push\" action with an unexpected id: #5, where the next id is #0. The element was pushed "
          + "under #5"
      ) == true
    }
    await store.send(.pushNote) { $0.path[id: 6] = .note(NavNote.State()) }
    await store.finish()
  }
}
