import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

/// A child that changes its own `id` counts as replaced: its identity is taken before it runs, so the effects
/// scoped under its old id end, the one it returns for that very action included, under `ifLet`, the
/// environment-style `ifLet` and `forEach`, in a test store as in a store.
@Suite(.timeLimit(.minutes(2)))
@MainActor
struct ChildChangingItsIDTests {
  @Test func anIfLetChildThatChangesItsIDEndsTheEffectsOfItsOldID() async {
    let (ticks, tick) = AsyncStream.makeStream(of: Void.self)
    let store = TestStore(
      initialState: ClosingPresenter.State(child: ClosingChild.State(id: 1)),
      reducer: ClosingPresenter.reducer(ClosingChild(ticks: ticks))
    )
    await store.send(.child(.startTicking))
    await store.send(.child(.changeID(2))) { $0.child?.id = 2 }
    tick.yield()
    await store.finish()
  }

  @Test func anEnvironmentIfLetChildThatChangesItsIDEndsTheEffectsOfItsOldID() async {
    let (ticks, tick) = AsyncStream.makeStream(of: Void.self)
    let store = TestStore(
      initialState: ClosingPresenter.State(child: ClosingChild.State(id: 1)),
      reducer: ClosingPresenter.environmentReducer(ticks: ticks)
    )
    await store.send(.child(.startTicking))
    await store.send(.child(.changeID(2))) { $0.child?.id = 2 }
    tick.yield()
    await store.finish()
  }

  @Test func anElementThatChangesItsIDIsRemovedUnderItsOldID() async {
    let (ticks, tick) = AsyncStream.makeStream(of: Void.self)
    let store = TestStore(
      initialState: ClosingList.State(rows: [ClosingChild.State(id: 1), ClosingChild.State(id: 3)]),
      reducer: ClosingList.reducer(ClosingChild(ticks: ticks))
    )
    await store.send(.row(id: 1, action: .startTicking))
    await store.send(.row(id: 1, action: .changeID(2))) {
      $0.rows = [ClosingChild.State(id: 2), ClosingChild.State(id: 3)]
    }
    tick.yield()
    await store.finish()
  }

  @Test func inAStoreNoTickOfAnIfLetChildsOldIDArrives() async {
    let (ticks, tick) = AsyncStream.makeStream(of: Void.self)
    let store = Store(
      initialState: ClosingPresenter.State(child: ClosingChild.State(id: 1)),
      reducer: ClosingPresenter.reducer(ClosingChild(ticks: ticks))
    )
    let ticking = store.send(.child(.startTicking))
    let changing = store.send(.child(.changeID(2)))
    tick.yield()
    tick.finish()
    await ticking.finish()
    await changing.finish()
    #expect(store.value == ClosingPresenter.State(child: ClosingChild.State(id: 2), ticksSeen: 0))
  }

  @Test func inAStoreNoTickOfAnElementsOldIDArrives() async {
    let (ticks, tick) = AsyncStream.makeStream(of: Void.self)
    let store = Store(
      initialState: ClosingList.State(rows: [ClosingChild.State(id: 1)]),
      reducer: ClosingList.reducer(ClosingChild(ticks: ticks))
    )
    let ticking = store.send(.row(id: 1, action: .startTicking))
    let changing = store.send(.row(id: 1, action: .changeID(2)))
    tick.yield()
    tick.finish()
    await ticking.finish()
    await changing.finish()
    #expect(store.value == ClosingList.State(rows: [ClosingChild.State(id: 2)], ticksSeen: 0))
  }

  @Test func aChildThatKeepsItsIDKeepsItsEffects() async {
    // The identity taken before the child runs equals the one after: nothing is cancelled or dropped.
    let store = TestStore(
      initialState: ClosingPresenter.State(child: ClosingChild.State(id: 1)),
      reducer: ClosingPresenter.reducer()
    )
    await store.send(.child(.changeID(1)))
    await store.receive(.child(.tick)) {
      $0.child?.ticks = 1
      $0.ticksSeen = 1
    }
    await store.finish()
  }
}
