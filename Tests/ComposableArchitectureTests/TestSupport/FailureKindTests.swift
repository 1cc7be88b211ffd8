import ComposableArchitecture
import ComposableArchitectureTestSupport
import Synchronization
import Testing

/// Each failure of the test helpers says its kind first: under Swift Testing the first line of the issue's
/// comment (its title in a report, where every issue is otherwise "Issue recorded"), and in
/// ``TestFailure/kind``; and a `receive` of the wrong action is one failure, not two.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct FailureKindTests {
  /// The first lines of the comments of the issues `body` records, each issue once.
  private func issueTitles(_ body: () async -> Void) async -> [String] {
    let titles = Mutex<[String]>([])
    await withKnownIssue {
      await body()
    } matching: { issue in
      let first = issue.comments.first?.rawValue.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
      titles.withLock { $0.append(first) }
      return true
    }
    return titles.withLock { $0 }
  }

  @Test func aReceiveOfTheWrongActionIsOneFailure() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Tally.State(), reducer: Tally()) { $0.primeClient.nthPrime = { _ in 2 } }
      await store.send(.primeTapped) { $0.isLoading = true }
      await store.receive(.primeResponse(5)) {
        $0.isLoading = false
        $0.prime = 5
      }
      // The action received was reduced all the same: the next steps start from the state it left.
      await store.send(.incrTapped) { $0.count = 1 }
      await store.finish()
    }
    #expect(failures.map(\.kind) == [.receivedWrongAction])
    #expect(
      failures.map(\.message) == [
        """
        step 2 (receive .primeResponse(5)) received another action: (− expected, + received)
        − .primeResponse(5)
        + .primeResponse(2)
        """
      ]
    )
  }

  @Test func aReceiveOfTheWrongActionIsOneIssueTitledByItsKind() async {
    let titles = await issueTitles {
      let store = TestStore(initialState: Tally.State(), reducer: Tally()) { $0.primeClient.nthPrime = { _ in 2 } }
      await store.send(.primeTapped) { $0.isLoading = true }
      await store.receive(.primeResponse(5)) {
        $0.isLoading = false
        $0.prime = 5
      }
      await store.finish()
    }
    #expect(titles == ["Received the wrong action"])
  }

  @Test func eachKindOfFailureIsTitled() async {
    let titles = await issueTitles {
      let store = TestStore(initialState: Tally.State(), reducer: Tally()) {
        $0.primeClient.nthPrime = { _ in try await Task.sleep(for: .seconds(3600)); return 0 }
      }
      await store.send(.resetTapped) { $0.count = 0 }
      await store.send(.incrTapped) { $0.count = 2 }
      await store.send(.bumpTwiceTapped)
      await store.send(.primeTapped) { $0.isLoading = true }
      await store.finish(timeout: .milliseconds(20))
    }
    #expect(
      titles == [
        "State did not change", "State changed unexpectedly", "Action left unreceived", "Effect still running",
      ]
    )
  }

  @Test func theCollectorGivesEachFailureItsKind() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: Tally.State(), reducer: Tally())
      await store.send(.incrTapped) { $0.count = 2 }
      await store.send(.bumpTwiceTapped)
      await store.send(.resetTapped) { $0.count = 0 }
      await store.receive(.incrTapped) { $0.count = 1 }
      await store.receive(.incrTapped) { $0.count = 2 }
      await store.receive(.resetTapped)
    }
    #expect(failures.map(\.kind) == [.stateChangedUnexpectedly, .actionLeftUnreceived, .noActionReceived])
    #expect(
      failures.map(\.kind.title) == ["State changed unexpectedly", "Action left unreceived", "No action received"]
    )
  }
}
