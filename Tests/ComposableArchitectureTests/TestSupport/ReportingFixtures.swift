import ComposableArchitecture
import ComposableArchitectureTestSupport
import Foundation
import Synchronization
import Testing
import XCTest

/// Tests that fail on purpose, run only in a child process started by `TestStoreReportingTests`, which
/// checks how the failures are reported. In the normal run they are skipped (Swift Testing) or return at once
/// (XCTest).
enum ReportingFixture {
  /// Set to `1` in the child process's environment to run the fixtures.
  static let variable = "PRIMETIME_TEST_STORE_REPORTING_FIXTURES"

  static var isEnabled: Bool { ProcessInfo.processInfo.environment[variable] == "1" }

  /// The lines of `TestStore(...)` in ``ReportingFixtures/storeOutlivesItsTest()``, and in the tests of
  /// ``ReportingXCTestFixture`` that create one.
  static let outlivingStoreLine = 34
  static let droppedXCTestStoreLine = 57
  static let keptXCTestStoreLine = 65
  static let idleXCTestStoreLine = 82
}

@MainActor
@Suite(.serialized, .enabled(if: ReportingFixture.isEnabled), .timeLimit(.minutes(2)))
struct ReportingFixtures {
  /// The store of ``storeOutlivesItsTest()``, dropped by the next test in a detached task.
  nonisolated static let kept = Mutex<TestStore<Ticker.State, Ticker.Action>?>(nil)

  /// Leaves its unfinished store behind.
  @Test func storeOutlivesItsTest() async {
    let (ticks, _) = AsyncStream.makeStream(of: Int.self)
    let store = TestStore(initialState: Ticker.State(), reducer: Ticker(ticks: ticks))
    await store.send(.startTapped) { $0.isTicking = true }
    Self.kept.withLock { $0 = store }
  }

  /// Drops the store of the test before in a detached task, which belongs to no test, and waits for it.
  @Test func laterTestDropsThatStoreInADetachedTask() async {
    await Task.detached {
      Self.kept.withLock { $0 = nil }
    }.value
  }
}

/// The XCTest side: a store dropped unfinished inside its test, one still alive when its test ends, and one
/// that outlives its test.
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

  /// Leaves a store with nothing to do behind, which its teardown check finds in order.
  @MainActor
  func testDLeavesAnIdleStore() async {
    guard ReportingFixture.isEnabled else { return }
    let (ticks, _) = AsyncStream.makeStream(of: Int.self)
    Self.kept = TestStore(initialState: Ticker.State(), reducer: Ticker(ticks: ticks))
  }

  /// Starts the timer of the store the test before left, and drops it: a store outliving its test.
  @MainActor
  func testEStartsWorkOnTheStoreOfTheTestBeforeAndDropsIt() async {
    guard ReportingFixture.isEnabled else { return }
    await Self.kept?.send(.startTapped) { $0.isTicking = true }
    Self.kept = nil
  }
}

/// Fixtures for what only the end of the process can catch, each run alone in a child process.
@MainActor
@Suite(.enabled(if: ReportingFixture.isEnabled), .timeLimit(.minutes(2)))
struct ExitCheckFixtures {
  /// The store of ``storeKeptInAGlobal()``, never released.
  nonisolated static let kept = Mutex<TestStore<Ticker.State, Ticker.Action>?>(nil)

  /// The line of `TestStore(...)` in ``storeKeptInAGlobal()``.
  nonisolated static let keptStoreLine = #line + 4

  @Test func storeKeptInAGlobal() async {
    let (ticks, _) = AsyncStream.makeStream(of: Int.self)
    let store = TestStore(initialState: Ticker.State(), reducer: Ticker(ticks: ticks))
    await store.send(.startTapped) { $0.isTicking = true }
    Self.kept.withLock { $0 = store }
  }

  /// Raises a runtime warning from a task detached from the test, as a callback API would.
  @Test func warningFromADetachedTask() async {
    await Task.detached {
      reportIssue("an endpoint nobody stubbed was called from a callback")
    }.value
  }
}
