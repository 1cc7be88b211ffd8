import ComposableArchitecture
import ComposableArchitectureTestSupport
import Foundation
import Synchronization
import Testing

/// The ways a presented child goes away.
enum NavDismissal: CaseIterable, Sendable {
  case parentSetsNil
  case parentSendsDismiss
  case childCallsDismiss
}

@Suite(.timeLimit(.minutes(1)))
@MainActor
struct PresentationTests {
  @Test func presentingAndDismissingFromTheParent() async {
    let store = TestStore(initialState: NavSheet.State(), reducer: NavSheet.reducer)
    await store.send(.present(id: 1)) { $0.child = NavTicker.State(id: 1) }
    await store.send(.closeButtonTapped) { $0.child = nil }
    await store.send(.present(id: 2)) { $0.child = NavTicker.State(id: 2) }
    await store.send(.child(.dismiss)) {
      $0.child = nil
      $0.log = ["saw dismiss, child present: true"]
    }
    await store.finish()
  }

  @Test func theChildRunsFirstThenTheParentSeesItsAction() async {
    let store = TestStore(initialState: NavSheet.State(child: NavTicker.State(id: 1)), reducer: NavSheet.reducer)
    await store.send(.child(.presented(.tick))) {
      $0.child?.ticks = 1
      $0.log = ["saw tick, child ticks: 1"]
    }
    await store.finish()
  }

  @Test func childDismissesItselfThroughTheDismissDependency() async {
    let store = TestStore(initialState: NavSheet.State(), reducer: NavSheet.reducer)
    await store.send(.present(id: 1)) { $0.child = NavTicker.State(id: 1) }
    await store.send(.child(.presented(.closeButtonTapped)))
    await store.receive(.child(.dismiss)) {
      $0.child = nil
      $0.log = ["saw dismiss, child present: true"]
    }
    await store.finish()
  }

  @Test(arguments: NavDismissal.allCases)
  func dismissalCancelsTheChildsEffects(by dismissal: NavDismissal) async {
    let (ticks, continuations) = NavTicks.make(1)
    let store = TestStore(initialState: NavSheet.State(), reducer: NavSheet.reducer) { $0.navTicks = ticks }
    await store.send(.present(id: 1)) { $0.child = NavTicker.State(id: 1) }
    await store.send(.child(.presented(.startTicking)))
    continuations[1]?.yield()
    await store.receive(.child(.presented(.tick))) {
      $0.child?.ticks = 1
      $0.log = ["saw tick, child ticks: 1"]
    }
    switch dismissal {
    case .parentSetsNil:
      await store.send(.closeButtonTapped) { $0.child = nil }
    case .parentSendsDismiss:
      await store.send(.child(.dismiss)) {
        $0.child = nil
        $0.log.append("saw dismiss, child present: true")
      }
    case .childCallsDismiss:
      await store.send(.child(.presented(.closeButtonTapped)))
      await store.receive(.child(.dismiss)) {
        $0.child = nil
        $0.log.append("saw dismiss, child present: true")
      }
    }
    // The ticking effect is gone: no tick arrives, and nothing is left running.
    continuations[1]?.yield()
    await store.finish()
  }

  @Test func replacingTheChildWithOneOfAnotherIdCancelsTheOldOnesEffects() async {
    let (ticks, continuations) = NavTicks.make(1, 2)
    let store = TestStore(initialState: NavSheet.State(), reducer: NavSheet.reducer) { $0.navTicks = ticks }
    await store.send(.present(id: 1)) { $0.child = NavTicker.State(id: 1) }
    await store.send(.child(.presented(.startTicking)))
    await store.send(.present(id: 2)) { $0.child = NavTicker.State(id: 2) }
    continuations[1]?.yield()
    await store.send(.child(.presented(.startTicking)))
    continuations[2]?.yield()
    await store.receive(.child(.presented(.tick))) {
      $0.child?.ticks = 1
      $0.log = ["saw tick, child ticks: 1"]
    }
    await store.send(.closeButtonTapped) { $0.child = nil }
    await store.finish()
  }

  @Test func theParentSeeingTheDismissalMayPresentAnotherChildWhichStays() async {
    let reducer = Reduce<NavSheet.State, NavSheet.Action> { state, action in
      if case .child(.dismiss) = action {
        state.child = NavTicker.State(id: 9)
      }
      return .none
    }
    .ifLet(\.$child, action: NavSheet.Action.childCase) { NavTicker() }
    let store = TestStore(initialState: NavSheet.State(child: NavTicker.State(id: 1)), reducer: reducer)
    await store.send(.child(.dismiss)) { $0.child = NavTicker.State(id: 9) }
    await store.finish()
  }

  @Test func anActionForAGoneChildIsReported() async {
    let store = TestStore(initialState: NavSheet.State(), reducer: NavSheet.reducer)
    let location = "\(navigationFixturesFile):\(NavSheet.ifLetLine)"
    await withKnownIssue {
      // The parent still sees the action.
      await store.send(.child(.presented(.tick))) { $0.log = ["saw tick, child ticks: -1"] }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "Runtime warning at \(location): An \"ifLet\" at \"\(location)\" received a presentation action when "
          + "destination state was absent: .presented(.tick). The action was ignored. Stop sending actions for "
          + "a destination that was dismissed, and let ifLet end its effects rather than dismiss it before "
          + "ifLet runs."
      ]
    }
    await withKnownIssue {
      await store.send(.child(.dismiss)) { $0.log.append("saw dismiss, child present: false") }
    } matching: { issue in
      issue.comments.first?.rawValue.contains("received a presentation action when destination state was absent: "
        + ".dismiss.") == true
    }
    await store.finish()
  }

  @Test func isPresentedIsTrueOnlyInsideThePresentation() async {
    let store = TestStore(initialState: NavSheet.State(), reducer: NavSheet.reducer)
    await store.send(.checkPresence) { $0.log = ["reduce: false"] }
    await store.receive(.presenceInEffect(false)) { $0.log.append("effect: false") }
    await store.send(.present(id: 1)) { $0.child = NavTicker.State(id: 1) }
    await store.send(.child(.presented(.checkPresence))) { $0.child?.presence = ["reduce: true"] }
    await store.receive(.child(.presented(.presenceInEffect(true)))) {
      $0.child?.presence.append("effect: true")
    }
    await store.finish()
  }

  @Test func dismissCalledWhenNotPresentedIsReported() async {
    let store = TestStore(initialState: NavTicker.State(), reducer: NavTicker())
    let location = "\(navigationFixturesFile):\(NavTicker.dismissLine)"
    await withKnownIssue {
      await store.send(.closeButtonTapped)
      await store.finish()
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        "Runtime warning at \(location): dismiss() was called in a feature that is not presented, so there "
          + "was nothing to dismiss."
      ) == true
    }
  }

  @Test func aChildTestedOnItsOwnCanHaveADismissalOfItsOwn() async {
    let dismissals = Mutex(0)
    let store = TestStore(initialState: NavTicker.State(), reducer: NavTicker()) {
      $0.dismiss = DismissEffect { dismissals.withLock { $0 += 1 } }
    }
    await store.send(.checkPresence) { $0.presence = ["reduce: true"] }
    await store.receive(.presenceInEffect(true)) { $0.presence.append("effect: true") }
    await store.send(.closeButtonTapped)
    await store.finish()
    #expect(dismissals.withLock { $0 } == 1)
  }

  @Test func finishDoesNotWaitForAChildThatIsStillPresented() async {
    let store = TestStore(initialState: NavSheet.State(), reducer: NavSheet.reducer)
    await store.send(.present(id: 1)) { $0.child = NavTicker.State(id: 1) }
    await store.send(.child(.presented(.tick))) {
      $0.child?.ticks = 1
      $0.log = ["saw tick, child ticks: 1"]
    }
    await store.finish(timeout: .seconds(1))
  }

  @Test func aNestedChildsDismissDismissesThatChildAlone() async {
    let store = TestStore(initialState: NavNested.State(level: 0), reducer: NavNested())
    await store.send(.presentButtonTapped) { $0.child = NavNested.State(level: 1) }
    await store.send(.child(.presented(.presentButtonTapped))) { $0.child?.child = NavNested.State(level: 2) }
    await store.send(.child(.presented(.child(.presented(.closeButtonTapped)))))
    await store.receive(.child(.presented(.child(.dismiss)))) { $0.child?.child = nil }
    await store.send(.child(.presented(.closeButtonTapped)))
    await store.receive(.child(.dismiss)) { $0.child = nil }
    await store.finish()
  }

  @Test func inAStoreTheChildsDismissEndsTheChildAndItsEffects() async {
    let (ticks, continuations) = NavTicks.make(1)
    let store = Store(initialState: NavSheet.State(), reducer: NavSheet.reducer) { $0.navTicks = ticks }
    store.send(.present(id: 1))
    let ticking = store.send(.child(.presented(.startTicking)))
    continuations[1]?.yield()
    await store.send(.child(.presented(.closeButtonTapped))).finish()
    // Dismissal cancelled the ticking effect, so awaiting it ends.
    await ticking.finish()
    #expect(store.value.child == nil)
    #expect(store.value.log.last == "saw dismiss, child present: true")
  }

  @Test func presentationStateIsAnOptionalToCodableAndToEquality() throws {
    let presented = PresentationState(wrappedValue: NavNote.State(text: "Hi"))
    var other = presented
    other.wrappedValue?.text = "Ho"
    #expect(presented.wrappedValue?.text == "Hi", "a copy is changed on its own")
    #expect(presented != other)
    other.wrappedValue?.text = "Hi"
    #expect(presented == other)
    #expect(PresentationState<NavNote.State>(wrappedValue: nil) == PresentationState(wrappedValue: nil))
  }

  @Test func presentationStateEncodesAsTheOptionalItHolds() throws {
    struct Text: Codable, Equatable {
      var text: String
    }
    let presented = PresentationState(wrappedValue: Text(text: "Hi"))
    let data = try JSONEncoder().encode(presented)
    #expect(String(decoding: data, as: UTF8.self) == #"{"text":"Hi"}"#)
    #expect(try JSONDecoder().decode(PresentationState<Text>.self, from: data) == presented)
    let absent = try JSONEncoder().encode(PresentationState<Text>(wrappedValue: nil))
    #expect(String(decoding: absent, as: UTF8.self) == "null")
    #expect(try JSONDecoder().decode(PresentationState<Text>.self, from: absent).wrappedValue == nil)
  }

  @Test func aCaseOfThePresentedStateIsWrittenThroughItsCasePath() {
    var desk = NavDesk.State(destination: .note(NavNote.State()))
    desk.$destination[case: NavDestination.State.noteCase]?.text = "Hi"
    #expect(desk.destination == .note(NavNote.State(text: "Hi")))
    #expect(desk.$destination[case: NavDestination.State.tickerCase] == nil)
    withKnownIssue {
      desk.$destination[case: NavDestination.State.tickerCase] = NavTicker.State(id: 1)
    } matching: { issue in
      issue.comments.first?.rawValue.contains(
        "Can't modify a case the presented state is not in: the state is .note; nothing was written."
      ) == true
    }
    #expect(desk.destination == .note(NavNote.State(text: "Hi")))
  }
}
