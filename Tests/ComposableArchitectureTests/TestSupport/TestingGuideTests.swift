import ComposableArchitecture
import ComposableArchitectureTestSupport
import Foundation
import Testing

/// Keeps docs/Testing.md true: its Swift examples are the compiled ones of TestingGuideExamples.swift, and
/// the failure messages it explains are the ones the test tools print.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct TestingGuideTests {
  @Test func everySwiftExampleOfTheGuideIsCompiledHere() throws {
    try GuideExamples.expectEverySwiftExample(
      of: "../../docs/Testing.md",
      isIn: ["TestSupport/TestingGuideExamples.swift"],
      minimumCount: 8
    )
  }

  @Test func everyFailureMessageOfTheGuideIsOneTheToolsReport() async throws {
    let shown = GuideExamples.codeBlocks(in: try GuideExamples.read("../../docs/Testing.md"), language: "text")
    let reported = await Self.reportedFailures()
    for message in shown {
      if !reported.contains(message) {
        Issue.record("docs/Testing.md shows a failure message the tools do not report (update the guide):\n\(message)")
      }
    }
    for message in reported {
      if !shown.contains(message) {
        Issue.record("The tools report a failure docs/Testing.md does not show (add it to the guide):\n\(message)")
      }
    }
  }

  /// One failure of every kind the guide explains, from mistakes a test could really make.
  private static func reportedFailures() async -> [String] {
    var messages: [String] = []
    func collect(_ body: () async -> Void) async {
      messages += await collectTestFailures(body).map(\.message)
    }

    // The update closure describes another change.
    await collect {
      let store = TestStore(initialState: CounterFeature.State(), reducer: CounterFeature())
      await store.send(.incrTapped) { $0.count = 2 }
    }
    // The update closure sets what the state already held.
    await collect {
      let store = TestStore(initialState: CounterFeature.State(), reducer: CounterFeature())
      await store.send(.nthPrimeResponse(nil)) { $0.nthPrime = nil }
    }
    // Another action came back than the one expected; then none at all.
    await collect {
      let store = TestStore(initialState: CounterFeature.State(), reducer: CounterFeature()) {
        $0.primeService = .answering(3)
      }
      await store.send(.nthPrimeButtonTapped) { $0.isRequestInFlight = true }
      await store.receive(.nthPrimeResponse(2)) {
        $0.isRequestInFlight = false
        $0.nthPrime = 3
      }
      await store.receive(.nthPrimeResponse(2))
    }
    // A send before the actions that came back were received; then one never received.
    await collect {
      let store = TestStore(initialState: CounterFeature.State(), reducer: CounterFeature()) {
        $0.primeService = .answering(2)
      }
      let task = await store.send(.nthPrimeButtonTapped) { $0.isRequestInFlight = true }
      await task.finish()
      await store.send(.incrTapped) { $0.count = 1 }
      await store.finish()
    }
    // An effect that never ends, at finish; and a store dropped with one.
    for finishes in [true, false] {
      await collect {
        let (discoveries, _) = AsyncStream.makeStream(of: Int.self)
        let store = TestStore(initialState: CounterFeature.State(), reducer: CounterFeature()) {
          $0.primeService.discoveries = { discoveries }
        }
        await store.send(.discoveriesStarted)
        if finishes {
          await store.finish(timeout: .milliseconds(100))
        }
      }
    }
    // A dependency the test did not override.
    await collect {
      let store = TestStore(initialState: CounterFeature.State(), reducer: CounterFeature())
      await store.send(.nthPrimeButtonTapped) { $0.isRequestInFlight = true }
      await store.receive(.nthPrimeResponse(nil)) { $0.isRequestInFlight = false }
      await store.finish()
    }
    return messages
  }
}
