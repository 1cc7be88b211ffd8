import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

/// A dependency in the shape of PrimeTime's clients: a struct of closures with a live value and a test value
/// that fails when used.
struct PrimeClient: Sendable {
  var nthPrime: @Sendable (Int) async throws -> Int
}

extension PrimeClient: DependencyKey {
  static let liveValue = PrimeClient { n in n == 1 ? 2 : 3 }
  static let testValue = PrimeClient { _ in
    RuntimeWarning.report("PrimeClient.nthPrime is not stubbed in this test.")
    return 0
  }
}

/// A key with a live value only: reading it in a test must be reported.
enum LiveOnlyKey: DependencyKey {
  static let liveValue = 42
}

extension DependencyValues {
  var primeClient: PrimeClient {
    get { self[PrimeClient.self] }
    set { self[PrimeClient.self] = newValue }
  }

  var liveOnly: Int {
    get { self[LiveOnlyKey.self] }
    set { self[LiveOnlyKey.self] = newValue }
  }
}

struct PrimeCounter: ReducerProtocol {
  struct State: Equatable {
    var count = 0
    var prime: Int?
    var isRequestInFlight = false
  }

  enum Action: Equatable, Sendable {
    case incrTapped
    case nthPrimeButtonTapped
    case nthPrimeResponse(Int)
    case liveOnlyTapped
  }

  @Dependency(\.primeClient) var client
  @Dependency(\.liveOnly) var liveOnly

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrTapped:
      state.count += 1
      return .none
    case .nthPrimeButtonTapped:
      state.isRequestInFlight = true
      let (n, client) = (state.count, client)
      return .run { send in await send(.nthPrimeResponse(try await client.nthPrime(n))) }
    case let .nthPrimeResponse(prime):
      state.isRequestInFlight = false
      state.prime = prime
      return .none
    case .liveOnlyTapped:
      state.count = liveOnly
      return .none
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(2)))
struct TestStoreTests {
  @Test func scriptWithAnOverriddenDependencyPasses() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: PrimeCounter.State(count: 1), reducer: PrimeCounter()) {
        $0.primeClient.nthPrime = { _ in 2 }
      }
      await store.send(.nthPrimeButtonTapped) { $0.isRequestInFlight = true }
      await store.receive(.nthPrimeResponse(2)) {
        $0.isRequestInFlight = false
        $0.prime = 2
      }
      await store.finish()
      #expect(store.state == PrimeCounter.State(count: 1, prime: 2))
    }
    #expect(failures == [])
  }

  @Test func dependenciesChangedBetweenStepsApplyToTheNextStep() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: PrimeCounter.State(count: 2), reducer: PrimeCounter()) {
        $0.primeClient.nthPrime = { _ in 3 }
      }
      await store.send(.nthPrimeButtonTapped) { $0.isRequestInFlight = true }
      await store.receive(.nthPrimeResponse(3)) {
        $0.isRequestInFlight = false
        $0.prime = 3
      }
      store.dependencies.primeClient.nthPrime = { _ in 5 }
      await store.send(.nthPrimeButtonTapped) { $0.isRequestInFlight = true }
      await store.receive(.nthPrimeResponse(5)) {
        $0.isRequestInFlight = false
        $0.prime = 5
      }
      await store.finish()
    }
    #expect(failures == [])
  }

  @Test func stateMismatchFailsAtTheSendWithADiff() async {
    let sendLine = #line + 3
    let failures = await collectTestFailures {
      let store = TestStore(initialState: PrimeCounter.State(), reducer: PrimeCounter())
      await store.send(.incrTapped) { $0.count = 2 }
    }
    #expect(
      failures.map(\.message) == [
        """
        State after step 1 (send .incrTapped) does not match the expectation: (− expected, + actual)
          State(
        −   count: 2,
        +   count: 1,
            prime: nil,
            isRequestInFlight: false
          )
        """
      ]
    )
    #expect(failures.first?.line == UInt(sendLine))
  }

  @Test func aDependencyLeftToItsTestValueFailsAtTheStepThatUsedIt() async {
    let sendLine = #line + 3
    let failures = await collectTestFailures {
      let store = TestStore(initialState: PrimeCounter.State(count: 1), reducer: PrimeCounter())
      await store.send(.nthPrimeButtonTapped) { $0.isRequestInFlight = true }
      await store.receive(.nthPrimeResponse(0)) {
        $0.isRequestInFlight = false
        $0.prime = 0
      }
      await store.finish()
    }
    #expect(failures.map(\.message) == ["Runtime warning: PrimeClient.nthPrime is not stubbed in this test."])
    #expect(failures.first?.line == UInt(sendLine))
  }

  @Test func aKeyWithoutATestValueReadByTheReducerFailsNamingTheKey() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: PrimeCounter.State(), reducer: PrimeCounter())
      await store.send(.liveOnlyTapped) { $0.count = 42 }
    }
    #expect(
      failures.map(\.message) == [
        "Runtime warning: LiveOnlyKey has no test value, so a test used its preview value (by default its "
          + "live value). Override it in the test with withDependencies or .dependency, or give the key a "
          + "testValue."
      ]
    )
  }

  @Test func anEffectStillRunningFailsAtFinishAndIsCancelled() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: PrimeCounter.State(count: 1), reducer: PrimeCounter(), timeout: .milliseconds(20)) {
        $0.primeClient.nthPrime = { _ in try await Task.sleep(for: .seconds(3600)); return 0 }
      }
      await store.send(.nthPrimeButtonTapped) { $0.isRequestInFlight = true }
      await store.finish()
    }
    #expect(failures.count == 1)
    #expect(failures.first?.message.hasPrefix("1 effect still running 0.02 seconds after the last step") == true)
    #expect(failures.first?.message.hasSuffix("returned for .nthPrimeButtonTapped") == true)
  }

  @Test func finishFailsForAReceivedActionNobodyAsserted() async {
    let finishLine = #line + 6
    let failures = await collectTestFailures {
      let store = TestStore(initialState: PrimeCounter.State(count: 1), reducer: PrimeCounter()) {
        $0.primeClient.nthPrime = { _ in 2 }
      }
      await store.send(.nthPrimeButtonTapped) { $0.isRequestInFlight = true }
      await store.finish()
    }
    #expect(
      failures.map(\.message) == [
        """
        1 received action left unasserted after the last step; add a receive step for each:
          • .nthPrimeResponse(2)
        """
      ]
    )
    #expect(failures.first?.line == UInt(finishLine))
  }

  @Test func aStoreThatGoesAwayUnfinishedReportsWhatWasLeftAndCancelsIt() async {
    let initLine = #line + 2
    let failures = await collectTestFailures {
      let store = TestStore(initialState: PrimeCounter.State(count: 1), reducer: PrimeCounter()) {
        $0.primeClient.nthPrime = { _ in try await Task.sleep(for: .seconds(3600)); return 0 }
      }
      await store.send(.nthPrimeButtonTapped) { $0.isRequestInFlight = true }
    }
    #expect(failures.count == 1)
    #expect(failures.first?.line == UInt(initLine))
    #expect(
      failures.first?.message.hasPrefix(
        "1 effect still running when the test store went away; await store.finish(), or cancel it in a step:"
      ) == true
    )
  }

  @Test func aRuntimeWarningOutsideTheHelpersFailsTheRunningTest() async {
    let failures = await collectTestFailures {
      _ = DependencyValues.current.liveOnly
    }
    #expect(failures.count == 1)
    #expect(failures.first?.message.contains("LiveOnlyKey has no test value") == true)
  }

  @Test func theContextIsTestUnderSwiftTest() {
    #expect(DependencyContext.detected == .test)
  }
}
