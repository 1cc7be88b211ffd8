import ComposableArchitecture
import ComposableArchitectureTestSupport
import Synchronization
import Testing
import XCTest

@MainActor
@Suite(.timeLimit(.minutes(2)))
struct AssertTests {
  @Test func syncEffectActionIsReceivedAndReduced() async {
    let failures = await collectTestFailures {
      await assert(
        initialValue: NthPrimeState(count: 7),
        reducer: nthPrimeReducer,
        environment: .answering(17),
        steps:
          Step(.send, .nthPrimeButtonTapped) { $0.isRequestInFlight = true },
        Step(.receive, .nthPrimeResponse(n: 7, prime: 17)) {
          $0.isRequestInFlight = false
          $0.alert = .init(n: 7, prime: 17)
        },
        Step(.send, .alertDismissed) { $0.alert = nil }
      )
    }
    #expect(failures == [])
  }

  @Test func asyncEffectIsAwaitedForTheReceiveStep() async {
    let failures = await collectTestFailures {
      await assert(
        initialValue: NthPrimeState(count: 2),
        reducer: nthPrimeReducer,
        environment: .answeringLater(3),
        steps:
          Step(.send, .nthPrimeButtonTapped) { $0.isRequestInFlight = true },
        Step(.receive, .nthPrimeResponse(n: 2, prime: 3)) {
          $0.isRequestInFlight = false
          $0.alert = .init(n: 2, prime: 3)
        }
      )
    }
    #expect(failures == [])
  }

  @Test func effectThatSendsNothingIsFine() async {
    let logged = Mutex<[String]>([])
    var environment = NthPrimeEnvironment.answering(nil)
    environment.log = { line in logged.withLock { $0.append(line) } }
    let failures = await collectTestFailures {
      await assert(
        initialValue: NthPrimeState(count: 4),
        reducer: nthPrimeReducer,
        environment: environment,
        steps: Step(.send, .logTapped)
      )
    }
    #expect(failures == [])
    #expect(logged.withLock { $0 } == ["count 4"])
  }

  @Test func cancellingInAStepEndsTheEffect() async {
    let failures = await collectTestFailures {
      await assert(
        initialValue: NthPrimeState(count: 2),
        reducer: nthPrimeReducer,
        environment: .hanging,
        steps:
          Step(.send, .nthPrimeButtonTapped) { $0.isRequestInFlight = true },
        Step(.send, .cancelTapped) { $0.isRequestInFlight = false }
      )
    }
    #expect(failures == [])
  }

  @Test func failuresReachSwiftTestingAtTheStepsLine() async {
    // Without a collector, the helper records an issue in the running Swift Testing test.
    await withKnownIssue {
      await assert(
        initialValue: NthPrimeState(),
        reducer: nthPrimeReducer,
        environment: .answering(nil),
        steps: Step(.send, .incrTapped) { $0.count = 2 }
      )
    } matching: { issue in
      issue.sourceLocation?.fileName == "AssertTests.swift"
        && issue.comments.contains {
          $0.rawValue.hasPrefix("State changed unexpectedly\nState after step 1 (send .incrTapped)")
        }
    }
  }
}

/// The same helper under XCTest, which PrimeTime's older-style tests may use.
final class AssertXCTests: XCTestCase {
  @MainActor
  func testPassingScriptUnderXCTest() async {
    await assert(
      initialValue: NthPrimeState(count: 1),
      reducer: nthPrimeReducer,
      environment: .answeringLater(2),
      steps:
        Step(.send, .nthPrimeButtonTapped) { $0.isRequestInFlight = true },
      Step(.receive, .nthPrimeResponse(n: 1, prime: 2)) {
        $0.isRequestInFlight = false
        $0.alert = .init(n: 1, prime: 2)
      }
    )
  }

  @MainActor
  func testFailuresAreCollectedUnderXCTest() async {
    let failures = await collectTestFailures {
      await assert(
        initialValue: NthPrimeState(),
        reducer: nthPrimeReducer,
        environment: .answering(nil),
        steps: Step(.send, .incrTapped)
      )
    }
    XCTAssertEqual(failures.count, 1)
    XCTAssertEqual(failures.first?.fileID, "ComposableArchitectureTests/AssertTests.swift")
  }
}
