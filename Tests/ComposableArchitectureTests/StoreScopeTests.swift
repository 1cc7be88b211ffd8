import ComposableArchitecture
import Testing

struct ScopeRootState: Equatable {
  var count = 0
  var profile = ScopeProfileState()
}

struct ScopeProfileState: Equatable {
  var name = ""
  var visits = 0
}

enum ScopeRootAction: Equatable, Sendable {
  case increment
  case profile(ScopeProfileAction)
}

enum ScopeProfileAction: Equatable, Sendable {
  case rename(String)
  case renameLater(String)
  case visits(ScopeVisitAction)
}

enum ScopeVisitAction: Equatable, Sendable {
  case visit
}

let scopeRootReducer: Reducer<ScopeRootState, ScopeRootAction, Void> = { value, action, _ in
  switch action {
  case .increment:
    value.count += 1
  case .profile(.rename(let name)):
    value.profile.name = name
  case .profile(.renameLater(let name)):
    return [.run { send in await send(.profile(.rename(name))) }]
  case .profile(.visits(.visit)):
    value.profile.visits += 1
  }
  return []
}

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct StoreScopeTests {
  let root = Store(initialValue: ScopeRootState(), reducer: scopeRootReducer, environment: ())

  var profile: Store<ScopeProfileState, ScopeProfileAction> {
    root.scope(value: \.profile, action: ScopeRootAction.profile)
  }

  @Test func aScopedStoreReadsItsSliceOfTheParent() {
    let profile = self.profile
    #expect(profile.value == ScopeProfileState())
    root.send(.profile(.rename("Blob")))
    #expect(profile.value.name == "Blob")
  }

  @Test func aChildSendReachesTheParentAndBothSeeIt() {
    let profile = self.profile
    profile.send(.rename("Blob"))
    #expect(root.value.profile.name == "Blob")
    #expect(profile.value.name == "Blob")

    root.send(.increment)
    profile.send(.visits(.visit))
    #expect(root.value == ScopeRootState(count: 1, profile: ScopeProfileState(name: "Blob", visits: 1)))
    #expect(profile.value == ScopeProfileState(name: "Blob", visits: 1))
  }

  @Test func nestedScopesStayInSyncBothWays() {
    let profile = self.profile
    let visits = profile.scope(value: \.visits, action: ScopeProfileAction.visits)

    visits.send(.visit)
    visits.send(.visit)
    #expect(visits.value == 2)
    #expect(profile.value.visits == 2)
    #expect(root.value.profile.visits == 2)

    root.send(.profile(.visits(.visit)))
    #expect(visits.value == 3)
    #expect(profile.value.visits == 3)
  }

  @Test func aScopedSendReturnsATaskForTheAsyncEffects() async {
    let profile = self.profile
    await profile.send(.renameLater("Later")).finish()
    #expect(profile.value.name == "Later")
    #expect(root.value.profile.name == "Later")
  }

  @Test func aScopedStoreIsObservedAfterParentAndAsyncSends() async {
    let profile = self.profile
    var seen: [String] = []
    let observation = profile.observe { seen.append($0.name) }
    #expect(seen == [""])

    root.send(.profile(.rename("A")))
    profile.send(.rename("B"))
    await profile.send(.renameLater("C")).finish()

    #expect(seen == ["", "A", "B", "B", "C"])
    observation.cancel()
    root.send(.profile(.rename("D")))
    #expect(seen.last == "C")
  }

  @Test func aScopedObservationWithRemoveDuplicatesIgnoresOtherParts() {
    let visits = profile.scope(value: \.visits, action: ScopeProfileAction.visits)
    var seen: [Int] = []
    let observation = visits.observe(removeDuplicates: ==) { seen.append($0) }

    root.send(.increment)
    root.send(.profile(.rename("x")))
    visits.send(.visit)
    root.send(.increment)

    #expect(seen == [0, 1])
    observation.cancel()
  }

  @Test func scopesOfTheSameParentShareOneState() {
    let first = self.profile
    let second = self.profile
    first.send(.rename("one"))
    #expect(second.value.name == "one")
    second.send(.visits(.visit))
    #expect(first.value.visits == 1)
  }
}
