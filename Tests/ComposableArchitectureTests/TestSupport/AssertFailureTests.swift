import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

/// The helper's own failure messages, pinned word for word: they are what a developer reads when a test fails.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct AssertFailureTests {
  /// An nthPrime that never answers, created at a fixed place so that messages can name it.
  private let hanging = NthPrimeEnvironment(nthPrime: { _ in
    .run(operation: { _ in try await Task.sleep(for: .seconds(3600)) }, fileID: "Counter/Counter.swift", line: 42)
  })

  @Test func stateMismatchShowsAFieldByFieldDiffAtTheStep() async {
    let stepLine = #line + 6
    let failures = await collectTestFailures {
      await assert(
        initialValue: NthPrimeState(count: 7),
        reducer: nthPrimeReducer,
        environment: .answering(17),
        steps: Step(.send, .nthPrimeButtonTapped) {
          $0.isRequestInFlight = true
          $0.count = 8
        },
        Step(.receive, .nthPrimeResponse(n: 7, prime: 17)) {
          $0.isRequestInFlight = false
          $0.alert = .init(n: 7, prime: 17)
          $0.count = 8
        }
      )
    }
    #expect(
      failures.map(\.message) == [
        """
        State after step 1 (send .nthPrimeButtonTapped) does not match the expectation: (− expected, + actual)
          NthPrimeState(
        −   count: 8,
        +   count: 7,
            alert: nil,
            isRequestInFlight: true
          )
        """,
        """
        State after step 2 (receive .nthPrimeResponse(n: 7, prime: 17)) does not match the expectation: \
        (− expected, + actual)
          NthPrimeState(
        −   count: 8,
        +   count: 7,
            alert: Alert(n: 7, prime: 17),
            isRequestInFlight: false
          )
        """,
      ]
    )
    #expect(failures.first?.fileID == "ComposableArchitectureTests/AssertFailureTests.swift")
    #expect(failures.first?.line == UInt(stepLine))
  }

  @Test func receivedActionThatDiffersShowsBoth() async {
    let failures = await collectTestFailures {
      await assert(
        initialValue: NthPrimeState(count: 7),
        reducer: nthPrimeReducer,
        environment: .answering(17),
        steps: Step(.send, .nthPrimeButtonTapped) { $0.isRequestInFlight = true },
        Step(.receive, .nthPrimeResponse(n: 7, prime: 13)) {
          $0.isRequestInFlight = false
          $0.alert = .init(n: 7, prime: 17)
        }
      )
    }
    #expect(
      failures.map(\.message) == [
        """
        step 2 (receive .nthPrimeResponse(n: 7, prime: 13)) received another action: (− expected, + received)
        − .nthPrimeResponse(n: 7, prime: 13)
        + .nthPrimeResponse(n: 7, prime: 17)
        """
      ]
    )
  }

  @Test func sendingBeforeReceivingListsThePendingActions() async {
    let failures = await collectTestFailures {
      await assert(
        initialValue: NthPrimeState(count: 7),
        reducer: nthPrimeReducer,
        environment: .answering(17),
        steps: Step(.send, .nthPrimeButtonTapped) { $0.isRequestInFlight = true },
        Step(.send, .incrTapped) { $0.count = 8 }
      )
    }
    #expect(
      failures.map(\.message) == [
        """
        step 2 (send .incrTapped) was sent before 1 received action had been asserted; add a receive step for each:
          • .nthPrimeResponse(n: 7, prime: 17)
        """
      ]
    )
  }

  @Test func receiveWithNothingRunningFailsAtOnce() async {
    let failures = await collectTestFailures {
      await assert(
        initialValue: NthPrimeState(),
        reducer: nthPrimeReducer,
        environment: .answering(17),
        steps: Step(.receive, .nthPrimeResponse(n: 0, prime: 2))
      )
    }
    #expect(
      failures.map(\.message) == [
        "step 1 (receive .nthPrimeResponse(n: 0, prime: 2)) expected an action, but none was received; "
          + "no effect is running."
      ]
    )
  }

  @Test func receiveTimesOutNamingTheRunningEffectThenTheEndNamesItAgain() async {
    let callLine = #line + 2
    let failures = await collectTestFailures {
      await assert(
        initialValue: NthPrimeState(count: 7),
        reducer: nthPrimeReducer,
        environment: hanging,
        steps: Step(.send, .nthPrimeButtonTapped) { $0.isRequestInFlight = true },
        Step(.receive, .nthPrimeResponse(n: 7, prime: 17)),
        timeout: .milliseconds(20)
      )
    }
    #expect(
      failures.map(\.message) == [
        """
        step 2 (receive .nthPrimeResponse(n: 7, prime: 17)) expected an action, but none was received within \
        0.02 seconds; still running:
          • an effect created at Counter/Counter.swift:42, returned for .nthPrimeButtonTapped
        """,
        """
        1 effect still running 0.02 seconds after the last step; make it finish or cancel it in a step:
          • an effect created at Counter/Counter.swift:42, returned for .nthPrimeButtonTapped
        """,
      ]
    )
    #expect(failures.last?.line == UInt(callLine))
  }

  @Test func actionLeftUnassertedAtTheEndIsNamed() async {
    let failures = await collectTestFailures {
      await assert(
        initialValue: NthPrimeState(count: 3),
        reducer: nthPrimeReducer,
        environment: .answeringLater(5),
        steps: Step(.send, .nthPrimeButtonTapped) { $0.isRequestInFlight = true }
      )
    }
    #expect(
      failures.map(\.message) == [
        """
        1 received action left unasserted after the last step; add a receive step for each:
          • .nthPrimeResponse(n: 3, prime: 5)
        """
      ]
    )
  }

  @Test func unhandledErrorInAnEffectFailsTheTest() async {
    struct Offline: Error {}
    let environment = NthPrimeEnvironment(nthPrime: { _ in
      .run(operation: { _ in throw Offline() }, fileID: "Counter/Counter.swift", line: 7)
    })
    let failures = await collectTestFailures {
      await assert(
        initialValue: NthPrimeState(count: 3),
        reducer: nthPrimeReducer,
        environment: environment,
        steps: Step(.send, .nthPrimeButtonTapped) { $0.isRequestInFlight = true }
      )
    }
    #expect(
      failures.map(\.message) == [
        "Runtime warning at Counter/Counter.swift:7: An effect threw an error that nothing handled: Offline(). "
          + "Pass a 'catch' handler to Effect.run to turn it into an action."
      ]
    )
  }

  @Test func unchangedFieldsFarFromTheChangeCollapse() async {
    struct Wide: Equatable {
      var a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8
    }
    let reducer: Reducer<Wide, Int, Void> = { state, value, _ in
      state.h = value
      return []
    }
    let failures = await collectTestFailures {
      await assert(initialValue: Wide(), reducer: reducer, environment: (), steps: Step(.send, 9) { $0.h = 10 })
    }
    #expect(
      failures.map(\.message) == [
        """
        State after step 1 (send 9) does not match the expectation: (− expected, + actual)
          …
            f: 6,
            g: 7,
        −   h: 10
        +   h: 9
          )
        """
      ]
    )
  }
}
