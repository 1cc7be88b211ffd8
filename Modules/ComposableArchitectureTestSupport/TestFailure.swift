import ComposableArchitecture
import ComposableArchitectureTestHook
import Synchronization
import Testing
import XCTest

/// A failure found by the test helpers: what went wrong, and the line of the test it points at.
public struct TestFailure: Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, in a few words: the first line of the report.
  public let kind: Kind
  /// The full failure message, as a test report shows it after the kind's title.
  public let message: String
  /// The file of the step or `assert` call the failure points at, as `#fileID` gives it.
  public let fileID: String
  /// The line of that step or call.
  public let line: UInt
  /// Whether the failure is expected: an assertion a non-exhaustive test skipped, listed because it asked
  /// for `.off(showSkippedAssertions: true)`. An expected failure does not fail the test.
  public internal(set) var isKnown = false

  /// The failure as one report line: `File.swift:12: message`.
  public var description: String { "\(fileID):\(line): \(message)" }
}

/// Runs `body` and returns the failures the test helpers found in it, instead of failing the current test.
///
/// This is how the helpers' own messages are pinned in tests; other code rarely needs it.
public func collectTestFailures(
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async throws -> Void
) async rethrows -> [TestFailure] {
  let collector = FailureCollector()
  try await FailureCollector.$current.withValue(collector) {
    try await body()
  }
  return collector.failures
}

/// Where a failure points: a step, or the `assert` call itself.
struct TestLocation: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt
}

/// Makes every runtime warning raised outside the test helpers' own steps a failure of the running test,
/// starts following which XCTest case runs (see `TestContext`), and gives each test its own default values
/// (see `RunningTestDefaultValues`).
///
/// Called once, when the test binary loads, by the C constructor in ComposableArchitectureTestHook; the
/// helpers' steps install their own handler, which points at the step instead.
@c(composable_architecture_install_test_reporting)
func installTestReporting() {
  XCTestCaseTracker.shared.install()
  DefaultValueCache.installRunningTestLookup(RunningTestDefaultValues.current)
  LiveTestStores.shared.installExitCheck()
  RuntimeWarning.installFallback { message, location in
    let text = "Runtime warning\(location.map { " at \($0)" } ?? ""): \(message)"
    let sourceLocation = location.map {
      Testing.SourceLocation(fileID: "\($0.fileID)", filePath: "\($0.fileID)", line: Int(clamping: $0.line), column: 1)
    }
    if let collector = FailureCollector.current {
      collector.append(
        TestFailure(
          kind: .runtimeWarning, message: text, fileID: location.map { "\($0.fileID)" } ?? "", line: location?.line ?? 0
        )
      )
    } else if Test.current != nil {
      Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation ?? #_sourceLocation)
    } else if XCTestCaseTracker.shared.current != nil {
      XCTFail(text)
    } else {
      // Raised outside any test's tasks (a detached task, a callback queue): no test can take it, but the
      // Swift Testing run still fails, and standard error says what it was. XCTest ignores a failure raised
      // while none of its cases runs, hence the line on standard error.
      Issue.record(Comment(rawValue: text), sourceLocation: sourceLocation ?? #_sourceLocation)
      RuntimeWarning.writeToStandardError(RuntimeWarning.line(message, at: location))
    }
  }
}

/// Reports a failure of `kind` to `collector` (by default the innermost
/// ``collectTestFailures(isolation:_:)``), else to whichever test framework is running the current test, the
/// kind's title first.
func reportFailure(
  _ message: String,
  kind: TestFailure.Kind,
  at location: TestLocation,
  collector: FailureCollector? = FailureCollector.current
) {
  if let collector {
    collector.append(TestFailure(kind: kind, message: message, fileID: "\(location.fileID)", line: location.line))
  } else if Test.current != nil {
    Issue.record(Comment(rawValue: kind.report(message)), sourceLocation: location.testingLocation)
  } else {
    XCTFail(kind.report(message), file: location.filePath, line: location.line)
  }
}

final class FailureCollector: Sendable {
  @TaskLocal static var current: FailureCollector?

  private let storage = Mutex<[TestFailure]>([])

  var failures: [TestFailure] { storage.withLock { $0 } }

  func append(_ failure: TestFailure) {
    storage.withLock { $0.append(failure) }
  }
}
