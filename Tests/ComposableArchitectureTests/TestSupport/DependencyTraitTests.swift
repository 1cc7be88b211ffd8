import ComposableArchitecture
import ComposableArchitectureTestSupport
import Foundation
import Synchronization
import Testing

/// A stateful test double: it counts its calls. Its key's test value makes a new one on every read of the
/// default, so whether two reads meet the same counter shows whether the default was cached.
final class DepCallCounter: Sendable {
  private let calls = Mutex(0)

  /// Counts one more call and returns the count so far.
  func call() -> Int {
    calls.withLock { calls in
      calls += 1
      return calls
    }
  }
}

enum DepCallCounterKey: TestDependencyKey {
  static var testValue: DepCallCounter { DepCallCounter() }
}

extension DependencyValues {
  var depCallCounter: DepCallCounter {
    get { self[DepCallCounterKey.self] }
    set { self[DepCallCounterKey.self] = newValue }
  }
}

/// A test double built from another dependency: its key's test value reads `\.depCallCounter` while it is
/// being made, as a client that wraps another client would.
struct DepCounterWrapper: Sendable {
  let counter: DepCallCounter
}

enum DepCounterWrapperKey: TestDependencyKey {
  static var testValue: DepCounterWrapper { DepCounterWrapper(counter: DependencyValues.current.depCallCounter) }
}

extension DependencyValues {
  var depCounterWrapper: DepCounterWrapper {
    get { self[DepCounterWrapperKey.self] }
    set { self[DepCounterWrapperKey.self] = newValue }
  }
}

/// Counts through `\.depCallCounter` in the reducer and again in an effect.
struct CallCountingFeature: ReducerProtocol {
  struct State: Equatable {
    var calls = 0
  }

  enum Action: Equatable, Sendable {
    case tapped
    case counted(Int)
  }

  @Dependency(\.depCallCounter) var counter

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tapped:
      state.calls = counter.call()
      return .run { send in
        @Dependency(\.depCallCounter) var counter
        await send(.counted(counter.call()))
      }
    case let .counted(calls):
      state.calls = calls
      return .none
    }
  }
}

/// A date no test value gives.
let traitPinnedDate = Date(timeIntervalSince1970: 1_234_567)

@Suite(.timeLimit(.minutes(2)), .dependencies { $0.uuid = .incrementing })
struct DependencyTraitTests {
  @Test func aSuiteTraitScopesTheTestsOfTheSuite() {
    #expect(DependencyValues.current.uuid().uuidString == firstIncrementingUUID)
  }

  @Test func aSuiteTraitUpdatesTheValuesAfreshForEachTest() {
    // `.incrementing` is made anew for every test, so this test also starts from the first UUID.
    #expect(DependencyValues.current.uuid().uuidString == firstIncrementingUUID)
    #expect(DependencyValues.current.uuid().uuidString == "00000000-0000-0000-0000-000000000001")
  }

  @Test(.dependency(\.date, .constant(traitPinnedDate)))
  func aTestTraitAddsToTheSuiteTrait() {
    #expect(DependencyValues.current.date.now == traitPinnedDate)
    #expect(DependencyValues.current.uuid().uuidString == firstIncrementingUUID)
  }

  @Test(.dependency(\.uuid, UUIDGenerator { UUID(uuid: (1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }))
  func aTestTraitWinsOverTheSuiteTrait() {
    #expect(DependencyValues.current.uuid().uuidString == "01000000-0000-0000-0000-000000000000")
  }

  @Test(.dependency(\.context, .preview))
  func aContextTraitChoosesTheDefaults() {
    #expect(DependencyValues.current.depContextual == "preview")
  }

  @Test(.dependency(PrimeClient { n in n * 10 }))
  func aValueTraitOverridesTheKeyOfItsType() async throws {
    #expect(try await DependencyValues.current.primeClient.nthPrime(4) == 40)
  }

  @Test(.dependencies {
    $0.date = .constant(traitPinnedDate)
    $0.depLabel = "first"
  }, .dependencies { $0.depLabel += ", second" })
  func traitsApplyInTheOrderWritten() {
    #expect(DependencyValues.current.depLabel == "first, second")
    #expect(DependencyValues.current.date.now == traitPinnedDate)
  }

  @Test(.dependency(\.date, .constant(traitPinnedDate)))
  @MainActor
  func aTestStoreStartsFromTheTraitsValues() async {
    let store = TestStore(initialState: StampedFeature.State(), reducer: StampedFeature())
    #expect(store.state.id.uuidString == firstIncrementingUUID)
    #expect(store.state.createdAt == traitPinnedDate)
    await store.send(.increment) { $0.count = 1 }
    await store.finish()
  }

  @Test func aTaskStartedInTheTestKeepsTheValues() async {
    let uuid = await Task { DependencyValues.current.uuid() }.value
    #expect(uuid.uuidString == firstIncrementingUUID)
  }

  @Suite struct Nested {
    @Test func aSuiteTraitReachesTheTestsOfNestedSuites() {
      #expect(DependencyValues.current.uuid().uuidString == firstIncrementingUUID)
    }
  }
}

/// Two tests alike, run in one suite: each must meet a counter of its own, made once for the whole test.
@Suite(.timeLimit(.minutes(2)), .dependencies { _ in })
struct PerTestDefaultValueTests {
  @Test func aDefaultIsMadeOncePerTest() async {
    let counter = DependencyValues.current.depCallCounter
    #expect(counter.call() == 1)
    #expect(DependencyValues.current.depCallCounter === counter)
    @Dependency(\.depCallCounter) var wrapped
    #expect(wrapped.call() == 2)
    let inTask = await Task { DependencyValues.current.depCallCounter.call() }.value
    #expect(inTask == 3)
  }

  @Test func anotherTestOfTheSuiteGetsAFreshDefault() async {
    let counter = DependencyValues.current.depCallCounter
    #expect(counter.call() == 1)
    #expect(DependencyValues.current.depCallCounter === counter)
    @Dependency(\.depCallCounter) var wrapped
    #expect(wrapped.call() == 2)
    let inTask = await Task { DependencyValues.current.depCallCounter.call() }.value
    #expect(inTask == 3)
  }

  @Test func aDefaultIsMadeOncePerContext() {
    let test = DependencyValues.current.depCallCounter
    let preview = withDependencies { $0.context = .preview } operation: { DependencyValues.current.depCallCounter }
    #expect(test !== preview)
    let previewAgain = withDependencies { $0.context = .preview } operation: { DependencyValues.current.depCallCounter }
    #expect(previewAgain === preview)
  }

  @Test(arguments: [1, 2, 3])
  func eachArgumentOfAParameterizedTestGetsAFreshDefault(argument: Int) {
    #expect(DependencyValues.current.depCallCounter.call() == 1)
    #expect(DependencyValues.current.depCallCounter.call() == 2)
  }

  @Test func tasksReadingADefaultAtOnceAllMeetOneInstance() async {
    let counters = await withTaskGroup(of: DepCallCounter.self) { group in
      for _ in 0..<16 {
        group.addTask { DependencyValues.current.depCallCounter }
      }
      return await group.reduce(into: [DepCallCounter]()) { $0.append($1) }
    }
    #expect(counters.count == 16)
    #expect(counters.allSatisfy { $0 === DependencyValues.current.depCallCounter })
  }

  @Test func aDefaultMadeFromAnotherDependencyMeetsTheSameInstanceOfIt() {
    let wrapper = DependencyValues.current.depCounterWrapper
    #expect(wrapper.counter === DependencyValues.current.depCallCounter)
    #expect(DependencyValues.current.depCounterWrapper.counter === wrapper.counter)
  }

  @Test @MainActor func aLiveStoreMadeInTheTestSharesTheTestsDefaults() async {
    let counter = DependencyValues.current.depCallCounter
    #expect(counter.call() == 1)
    let store = Store(initialState: CallCountingFeature.State(), reducer: CallCountingFeature())
    await store.send(.tapped).finish()
    #expect(store.value.calls == 3)
    #expect(counter.call() == 4)
  }

  @Test @MainActor func aTestStoreSharesTheTestsDefaults() async {
    let counter = DependencyValues.current.depCallCounter
    #expect(counter.call() == 1)
    let store = TestStore(initialState: CallCountingFeature.State(), reducer: CallCountingFeature())
    await store.send(.tapped) { $0.calls = 2 }
    await store.receive(.counted(3)) { $0.calls = 3 }
    await store.finish()
    #expect(counter.call() == 4)
  }
}

@Suite(.timeLimit(.minutes(2)))
struct DefaultValueWithoutTraitTests {
  @Test @MainActor func aTestStoreMakesEachDefaultOnceForItsReducerAndEffects() async {
    let store = TestStore(initialState: CallCountingFeature.State(), reducer: CallCountingFeature())
    await store.send(.tapped) { $0.calls = 1 }
    await store.receive(.counted(2)) { $0.calls = 2 }
    await store.send(.tapped) { $0.calls = 3 }
    await store.receive(.counted(4)) { $0.calls = 4 }
    await store.finish()
  }

  @Test @MainActor func theTestStoresOfOneTestShareItsDefaults() async {
    for round in 0..<2 {
      let store = TestStore(initialState: CallCountingFeature.State(), reducer: CallCountingFeature())
      await store.send(.tapped) { $0.calls = 2 * round + 1 }
      await store.receive(.counted(2 * round + 2)) { $0.calls = 2 * round + 2 }
      await store.finish()
    }
  }

  @Test func withoutATraitOrATestStoreEveryReadOfTheTestMeetsOneDefault() {
    #expect(DependencyValues.current.depCallCounter === DependencyValues.current.depCallCounter)
  }
}

/// The example of `DependenciesTrait`'s documentation, as written there.
@Suite(.timeLimit(.minutes(2)), .dependencies { $0.uuid = .incrementing })
struct DependenciesTraitDocumentationTests {
  @Test(.dependency(\.date, .constant(Date(timeIntervalSince1970: 0))))
  func stampsNewItems() {
    @Dependency(\.uuid) var uuid
    @Dependency(\.date) var date
    #expect(uuid().uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(date.now == Date(timeIntervalSince1970: 0))
  }
}
