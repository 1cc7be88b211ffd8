import ComposableArchitecture
import ComposableArchitectureTestSupport
import Foundation
import Synchronization
import Testing

/// A test store dropped, or left alive, with work left over fails the test it was created in, under Swift
/// Testing and XCTest alike, and fails the run when its test has already ended.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct TestStoreReportingTests {
  @Test func aStoreDroppedWithARunningEffectFailsTheSwiftTestingTestItWasCreatedIn() async {
    let (ticks, _) = AsyncStream.makeStream(of: Int.self)
    let initLine = #line + 3
    await withKnownIssue {
      do {
        let store = TestStore(initialState: Ticker.State(), reducer: Ticker(ticks: ticks))
        await store.send(.startTapped) { $0.isTicking = true }
      }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "Effect still running\n"
          + "1 effect still running when the test store went away; await store.finish(), or cancel it in a step:\n"
          + runningTicker
      ] && issue.sourceLocation?.line == initLine
    }
  }

  @Test func theEffectsOfAStoreDroppedUnfinishedAreCancelled() async throws {
    let (ticks, ticker) = AsyncStream.makeStream(of: Int.self)
    let ended = Atomic<Bool>(false)
    ticker.onTermination = { _ in ended.store(true, ordering: .releasing) }
    await withKnownIssue {
      do {
        let store = TestStore(initialState: Ticker.State(), reducer: Ticker(ticks: ticks))
        await store.send(.startTapped) { $0.isTicking = true }
      }
    }
    let deadline = ContinuousClock.now + .seconds(60)
    while !ended.load(ordering: .acquiring) {
      try #require(ContinuousClock.now < deadline, "the timer of the dropped store still runs after a minute")
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  @Test func aStoreDroppedWithAnUnassertedActionFailsTheSwiftTestingTestItWasCreatedIn() async {
    let (ticks, _) = AsyncStream.makeStream(of: Int.self)
    await withKnownIssue {
      do {
        let store = TestStore(initialState: Ticker.State(), reducer: Ticker(ticks: ticks))
        let task = await store.send(.relayTapped)
        await task.finish()
      }
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        Action left unreceived
        1 received action left unasserted when the test store went away; add a receive step for each, then \
        await store.finish():
          • .relayed
        """
      ]
    }
  }

  @Test func assertWithAnEffectLeftRunningFailsTheSwiftTestingTest() async {
    let (ticks, _) = AsyncStream.makeStream(of: Int.self)
    let ticker = Ticker(ticks: ticks)
    await withKnownIssue {
      await assert(
        initialValue: Ticker.State(),
        reducer: { state, action, _ in [ticker.reduce(into: &state, action: action)] },
        environment: (),
        steps: Step(.send, .startTapped) { $0.isTicking = true },
        timeout: .milliseconds(50)
      )
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        "Effect still running\n"
          + "1 effect still running 0.05 seconds after the last step; make it finish or cancel it in a step:\n"
          + runningTicker
      ]
    }
  }

  @Test func assertWithAnActionLeftUnassertedFailsTheSwiftTestingTest() async {
    let (ticks, _) = AsyncStream.makeStream(of: Int.self)
    let ticker = Ticker(ticks: ticks)
    await withKnownIssue {
      await assert(
        initialValue: Ticker.State(),
        reducer: { state, action, _ in [ticker.reduce(into: &state, action: action)] },
        environment: (),
        steps: Step(.send, .relayTapped)
      )
    } matching: { issue in
      issue.comments.map(\.rawValue) == [
        """
        Action left unreceived
        1 received action left unasserted after the last step; add a receive step for each:
          • .relayed
        """
      ]
    }
  }

  // Never in the child run itself, which has the fixtures enabled.
  @Test(.enabled(if: !ReportingFixture.isEnabled)) func aStoreThatOutlivesItsSwiftTestingTestFailsTheRunNamingTheTestOnStandardError() async throws {
    let run = try await runFixtures(["--testing-library", "swift-testing", "--filter", "ReportingFixtures"])
    #expect(run.status == 1)
    let report = """
      A test store outlived its test with work left over: it was created at \
      ComposableArchitectureTests/ReportingFixtures.swift:\(ReportingFixture.outlivingStoreLine) in test \
      ComposableArchitectureTests.ReportingFixtures/storeOutlivesItsTest(), and went away outside that test: \
      after it had ended, or in a task detached from it. Keep the store inside its test and await \
      store.finish() before the test returns.
      1 effect still running when the test store went away; await store.finish(), or cancel it in a step:
      \(runningTicker)
      """
    #expect(run.standardError.contains("error: " + report + "\n"), "\(run.standardError)")
    #expect(run.output.contains("✘ Test «unknown» recorded an issue"), "\(run.output)")
    #expect(run.output.contains("✔ Test laterTestDropsThatStoreInADetachedTask() passed"), "\(run.output)")
  }

  // Never in the child run itself, which has the fixtures enabled.
  @Test(.enabled(if: !ReportingFixture.isEnabled)) func aStoreStillAliveWhenTheProcessEndsFailsTheRun() async throws {
    let run = try await runFixtures(["--testing-library", "swift-testing", "--filter", "storeKeptInAGlobal"])
    #expect(run.status == 1)
    let report = """
      error: A test store outlived its test with work left over: it was created at \
      ComposableArchitectureTests/ReportingFixtures.swift:\(ExitCheckFixtures.keptStoreLine) in test \
      ComposableArchitectureTests.ExitCheckFixtures/storeKeptInAGlobal(), and was still alive when the test \
      process ended (kept in a global or a static, or by a task that never ended). Keep the store inside its \
      test and await store.finish() before the test returns.
      1 effect still running when the test process ended; await store.finish(), or cancel it in a step:
      \(runningTicker)

      """
    #expect(run.standardError.hasSuffix(report), "\(run.standardError)")
  }

  // Never in the child run itself, which has the fixtures enabled.
  @Test(.enabled(if: !ReportingFixture.isEnabled)) func aRuntimeWarningFromOutsideAnyTestFailsTheSwiftTestingRun() async throws {
    let run = try await runFixtures(["--testing-library", "swift-testing", "--filter", "warningFromADetachedTask"])
    #expect(run.status == 1)
    #expect(run.output.contains("an endpoint nobody stubbed was called from a callback"), "\(run.output)")
    #expect(run.output.contains("recorded an issue"), "\(run.output)")
  }

  // Never in the child run itself, which has the fixtures enabled.
  @Test(.enabled(if: !ReportingFixture.isEnabled)) func underXCTestLeftoversFailTheStoresTestOnceOrTheTestThatDropsAStoreOutlivingItsTest() async throws {
    let run = try await runFixtures(
      ["--testing-library", "xctest", "ComposableArchitectureTests.ReportingXCTestFixture"]
    )
    #expect(run.status == 1)
    let dropped = """
      ReportingXCTestFixture.testAStoreDroppedUnfinished : failed - Effect still running
      1 effect still running when the test store went away; await store.finish(), or cancel it in a step:
      \(runningTicker)
      """
    let alive = """
      ReportingXCTestFixture.testBStoreAliveWhenItsTestEnds : failed - Effect still running
      1 effect still running when the test ended, with the test store still alive; await store.finish(), or \
      cancel it in a step:
      \(runningTicker)
      """
    let droppedAt = "ReportingFixtures.swift:\(ReportingFixture.droppedXCTestStoreLine): error: "
    let aliveAt = "ReportingFixtures.swift:\(ReportingFixture.keptXCTestStoreLine): error: "
    #expect(run.output.contains(droppedAt + dropped), "\(run.output)")
    #expect(run.output.contains(aliveAt + alive), "\(run.output)")
    #expect(
      run.output.contains("Test Case 'ReportingXCTestFixture.testCReleasesTheStoreOfTheTestBefore' passed"),
      "\(run.output)"
    )
    let outlived = """
      ReportingXCTestFixture.testEStartsWorkOnTheStoreOfTheTestBeforeAndDropsIt : failed - A test store outlived \
      its test with work left over: it was created at \
      ComposableArchitectureTests/ReportingFixtures.swift:\(ReportingFixture.idleXCTestStoreLine) in test \
      ReportingXCTestFixture.testDLeavesAnIdleStore, and went away outside that test: after it had ended, or in \
      a task detached from it. Keep the store inside its test and await store.finish() before the test returns.
      1 effect still running when the test store went away; await store.finish(), or cancel it in a step:
      \(runningTicker)
      """
    let outlivedAt = "ReportingFixtures.swift:\(ReportingFixture.idleXCTestStoreLine): error: "
    #expect(run.output.contains(outlivedAt + outlived), "\(run.output)")
    #expect(run.standardError.contains("error: A test store outlived its test"), "\(run.standardError)")
    #expect(
      run.output.contains("Test Case 'ReportingXCTestFixture.testDLeavesAnIdleStore' passed"), "\(run.output)"
    )
    #expect(run.output.contains("Executed 5 tests, with 3 failures (0 unexpected)"), "\(run.output)")
  }
}

/// How the failure messages name `Ticker`'s running timer.
private let runningTicker =
  "  • an effect created at ComposableArchitectureTests/TickerFeature.swift:\(Ticker.effectLine), "
  + "returned for .startTapped"

/// What a child run of this test binary printed, and how it ended.
private struct FixtureRun {
  var status: Int32
  var standardOutput: String
  var standardError: String
  var output: String { standardOutput + standardError }
}

private struct FixtureRunTimedOut: Error, CustomStringConvertible {
  var arguments: [String]
  var description: String { "the fixture run \(arguments) did not end within 60 seconds; it was killed" }
}

/// Runs this test binary again, with the reporting fixtures enabled, killing it after 60 seconds.
private func runFixtures(_ arguments: [String]) async throws -> FixtureRun {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reporting-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let outURL = directory.appendingPathComponent("out")
  let errURL = directory.appendingPathComponent("err")
  _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
  _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
  let process = Process()
  process.executableURL = URL(
    fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
  )
  process.arguments = arguments
  var environment = ProcessInfo.processInfo.environment
  environment[ReportingFixture.variable] = "1"
  environment["NO_COLOR"] = "1"
  process.environment = environment
  process.standardOutput = try FileHandle(forWritingTo: outURL)
  process.standardError = try FileHandle(forWritingTo: errURL)
  try process.run()
  let deadline = ContinuousClock.now + .seconds(60)
  while process.isRunning {
    guard ContinuousClock.now < deadline else {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      throw FixtureRunTimedOut(arguments: arguments)
    }
    try await Task.sleep(for: .milliseconds(20))
  }
  return FixtureRun(
    status: process.terminationStatus,
    standardOutput: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
    standardError: (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
  )
}
