import ComposableArchitecture
import ComposableArchitectureTestSupport
import Foundation
import Testing
import XCTest

/// Tests that fail on purpose, run only in a child process started by `TestStoreReportingTests`, which
/// checks how the failures are reported. In the normal run they are skipped (Swift Testing) or return at once
/// (XCTest).
enum ReportingFixture {
  /// Set to `1` in the child process's environment to run the fixtures.
  static let variable = "PRIMETIME_TEST_STORE_REPORTING_FIXTURES"

  static var isEnabled: Bool { ProcessInfo.processInfo.environment[variable] == "1" }

  /// The lines of `TestStore(...)` in ``ReportingFixtures/storeOutlivesItsTest()``, and in the first two
  /// tests of ``ReportingXCTestFixture``.
  static let outlivingStoreLine = 29
  static let droppedXCTestStoreLine = 52
  static let keptXCTestStoreLine = 60
}

@MainActor
@Suite(.serialized, .enabled(if: ReportingFixture.isEnabled), .timeLimit(.minutes(2)))
struct ReportingFixtures {
  /// Hands its unfinished store to a task that keeps it until after the test has ended.
  @Test func storeOutlivesItsTest() async {
    let (ticks, _) = AsyncStream.makeStream(of: Int.self)
    let store = TestStore(initialState: Ticker.State(), reducer: Ticker(ticks: ticks))
    await store.send(.startTapped) { $0.isTicking = true }
    Task.detached {
      try? await Task.sleep(for: .milliseconds(200))
      _ = store
    }
  }

  /// Keeps the run going while the store of the test before goes away.
  @Test func laterTest() async throws {
    try await Task.sleep(for: .milliseconds(1000))
  }
}

/// The XCTest side: a store dropped unfinished inside its test, and one still alive when its test ends.
final class ReportingXCTestFixture: XCTestCase {
  /// The store ``testBStoreAliveWhenItsTestEnds()`` leaves behind, released by the next test.
  @MainActor static var kept: TestStore<Ticker.State, Ticker.Action>?

  @MainActor
  func testAStoreDroppedUnfinished() async {
    guard ReportingFixture.isEnabled else { return }
    let (ticks, _) = AsyncStream.makeStream(of: Int.self)
    let store = TestStore(initialState: Ticker.State(), reducer: Ticker(ticks: ticks))
    await store.send(.startTapped) { $0.isTicking = true }
  }

  @MainActor
  func testBStoreAliveWhenItsTestEnds() async {
    guard ReportingFixture.isEnabled else { return }
    let (ticks, _) = AsyncStream.makeStream(of: Int.self)
    let store = TestStore(initialState: Ticker.State(), reducer: Ticker(ticks: ticks))
    await store.send(.startTapped) { $0.isTicking = true }
    Self.kept = store
  }

  /// Releases the store the test before reported at its end: that must not fail this test.
  @MainActor
  func testCReleasesTheStoreOfTheTestBefore() async {
    guard ReportingFixture.isEnabled else { return }
    Self.kept = nil
  }
}
