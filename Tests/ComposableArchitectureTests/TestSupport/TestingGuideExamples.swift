// The examples of docs/Testing.md, compiled and run. TestingGuideTests checks that every Swift block of the
// guide appears here line for line, and that every failure message the guide shows is one these tests see.
import ComposableArchitecture
import ComposableArchitectureTestSupport
import Foundation
import Testing

// MARK: The feature under test

struct PrimeService: Sendable {
  var nthPrime: @Sendable (Int) async throws -> Int?
  var discoveries: @Sendable () -> AsyncStream<Int>
}

extension PrimeService: TestDependencyKey {
  static let testValue = PrimeService(
    nthPrime: { _ in
      reportIssue("PrimeService.nthPrime is not stubbed in this test.")
      return nil
    },
    discoveries: {
      reportIssue("PrimeService.discoveries is not stubbed in this test.")
      return AsyncStream { $0.finish() }
    }
  )

  static func answering(_ prime: Int) -> PrimeService {
    var service = testValue
    service.nthPrime = { _ in prime }
    return service
  }
}

extension DependencyValues {
  var primeService: PrimeService {
    get { self[PrimeService.self] }
    set { self[PrimeService.self] = newValue }
  }
}

struct CounterFeature: ReducerProtocol {
  struct State: Equatable {
    var count = 0
    var isRequestInFlight = false
    var nthPrime: Int?
    var discovered: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case incrTapped
    case nthPrimeButtonTapped
    case nthPrimeResponse(Int?)
    case discoveriesStarted
    case primeDiscovered(Int)

    static let nthPrimeResponseCase = CasePath(Self.nthPrimeResponse) {
      if case let .nthPrimeResponse(prime) = $0 { prime } else { nil }
    }
  }

  @Dependency(\.primeService) var primeService

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrTapped:
      state.count += 1
      return .none
    case .nthPrimeButtonTapped:
      state.isRequestInFlight = true
      let (n, primeService) = (state.count, primeService)
      return .run { send in
        await send(.nthPrimeResponse(try await primeService.nthPrime(n)))
      }
    case let .nthPrimeResponse(prime):
      state.isRequestInFlight = false
      state.nthPrime = prime
      return .none
    case .discoveriesStarted:
      let primeService = primeService
      return .run { send in
        for await prime in primeService.discoveries() {
          await send(.primeDiscovered(prime))
        }
      }
    case let .primeDiscovered(prime):
      state.discovered.append(prime)
      return .none
    }
  }
}

// MARK: Exhaustive tests

@MainActor
@Suite(.timeLimit(.minutes(2)))
struct CounterFeatureTests {
  @Test func askingForTheNthPrimeShowsTheAnswer() async {
    let store = TestStore(initialState: CounterFeature.State(count: 6), reducer: CounterFeature()) {
      $0.primeService = .answering(13)
    }
    await store.send(.incrTapped) { $0.count = 7 }
    await store.send(.nthPrimeButtonTapped) { $0.isRequestInFlight = true }
    await store.receive(.nthPrimeResponse(13)) {
      $0.isRequestInFlight = false
      $0.nthPrime = 13
    }
    await store.finish()
  }

  @Test func anUpdateClosureSeesTheStateBeforeTheStep() async {
    let store = TestStore(initialState: CounterFeature.State(count: 6), reducer: CounterFeature())
    await store.send(.incrTapped) {
      $0.count = store.state.count + 1
    }
  }

  @Test func everyFormOfReceive() async {
    let store = TestStore(initialState: CounterFeature.State(), reducer: CounterFeature()) {
      $0.primeService = .answering(2)
    }
    await store.send(.nthPrimeButtonTapped) { $0.isRequestInFlight = true }
    await store.receive(.nthPrimeResponse(2)) {
      $0.isRequestInFlight = false
      $0.nthPrime = 2
    }
    await store.send(.nthPrimeButtonTapped) { $0.isRequestInFlight = true }
    await store.receive(CounterFeature.Action.nthPrimeResponseCase) {
      $0.isRequestInFlight = false
    }
    await store.send(.nthPrimeButtonTapped) { $0.isRequestInFlight = true }
    await store.receive(\.nthPrimeResponseCase, 2) {
      $0.isRequestInFlight = false
    }
    await store.send(.nthPrimeButtonTapped) { $0.isRequestInFlight = true }
    await store.receive({ if case .nthPrimeResponse = $0 { true } else { false } }) {
      $0.isRequestInFlight = false
    }
    await store.finish()
  }

  @Test func discoveriesArriveUntilTheTaskIsCancelled() async {
    let (discoveries, announce) = AsyncStream.makeStream(of: Int.self)
    let store = TestStore(initialState: CounterFeature.State(), reducer: CounterFeature()) {
      $0.primeService.discoveries = { discoveries }
    }
    let task = await store.send(.discoveriesStarted)
    announce.yield(2)
    await store.receive(.primeDiscovered(2)) { $0.discovered = [2] }
    announce.yield(3)
    await store.receive(.primeDiscovered(3)) { $0.discovered = [2, 3] }
    task.cancel()
    await store.finish()
  }
}

// MARK: Non-exhaustive tests

@MainActor
@Suite(.timeLimit(.minutes(2)))
struct CounterFeatureIntegrationTests {
  @Test func theAnswerArrivesWhateverElseHappens() async {
    let store = TestStore(initialState: CounterFeature.State(), reducer: CounterFeature()) {
      $0.primeService = .answering(5)
    }
    store.exhaustivity = .off
    await store.send(.incrTapped)
    await store.send(.incrTapped)
    await store.send(.incrTapped)
    await store.send(.nthPrimeButtonTapped)
    await store.receive(\.nthPrimeResponseCase) {
      $0.nthPrime = 5
    }
  }

  @Test func onlyTheEndOfTheSetUpIsChecked() async {
    let store = TestStore(initialState: CounterFeature.State(), reducer: CounterFeature()) {
      $0.primeService = .answering(3)
    }
    await store.withExhaustivity(.off) {
      await store.send(.incrTapped)
      await store.send(.incrTapped)
      await store.send(.nthPrimeButtonTapped)
      await store.receive(\.nthPrimeResponseCase, 3)
    }
    await store.send(.incrTapped) { $0.count = 3 }
    await store.finish()
  }

  @Test func discoveriesMayGoOnAfterTheTest() async {
    let (discoveries, announce) = AsyncStream.makeStream(of: Int.self)
    let store = TestStore(initialState: CounterFeature.State(), reducer: CounterFeature()) {
      $0.primeService.discoveries = { discoveries }
    }
    await store.send(.discoveriesStarted)
    announce.yield(2)
    await store.receive(.primeDiscovered(2)) { $0.discovered = [2] }
    await store.skipInFlightEffects()
    await store.finish()
  }
}

// MARK: Dependencies

struct Session: ReducerProtocol {
  struct State: Equatable {
    let id: UUID
    let startedAt: Date
    var title = ""

    init() {
      @Dependency(\.uuid) var uuid
      @Dependency(\.date) var date
      id = uuid()
      startedAt = date.now
    }
  }

  enum Action: Equatable, Sendable {
    case titleChanged(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .titleChanged(title):
      state.title = title
      return .none
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(2)), .dependencies { $0.uuid = .incrementing })
struct SessionTests {
  @Test(.dependency(\.date, .constant(Date(timeIntervalSince1970: 0))))
  func aNewSessionTakesItsIDAndStartFromTheDependencies() async {
    let store = TestStore(initialState: Session.State(), reducer: Session())
    #expect(store.state.id == UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
    #expect(store.state.startedAt == Date(timeIntervalSince1970: 0))
  }

  @Test func theStoresOverridesReachTheInitialState() async {
    let store = TestStore(initialState: Session.State(), reducer: Session()) {
      $0.date = .constant(Date(timeIntervalSince1970: 86_400))
    }
    #expect(store.state.startedAt == Date(timeIntervalSince1970: 86_400))
  }
}

// MARK: Environment-style reducers

struct ScoreState: Equatable {
  var count = 0
}

enum ScoreAction: Equatable, Sendable {
  case incrTapped
  case resetTapped
}

let scoreReducer: Reducer<ScoreState, ScoreAction, Void> = { state, action, _ in
  switch action {
  case .incrTapped:
    state.count += 1
  case .resetTapped:
    state.count = 0
  }
  return []
}

@MainActor
@Suite(.timeLimit(.minutes(2)))
struct ScoreTests {
  @Test func countingAndResetting() async {
    await assert(
      initialValue: ScoreState(),
      reducer: scoreReducer,
      environment: (),
      steps:
        Step(.send, .incrTapped) { $0.count = 1 },
        Step(.send, .incrTapped) { $0.count = 2 },
        Step(.send, .resetTapped) { $0.count = 0 }
    )
  }
}
