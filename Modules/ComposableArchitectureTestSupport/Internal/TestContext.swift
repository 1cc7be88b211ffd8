import ComposableArchitecture
import Synchronization
import Testing
import XCTest

/// The test a test store belongs to, captured when the store is created, so that what its deinit finds can
/// be reported to that test: task locals (the current Swift Testing test, ``collectTestFailures``' collector)
/// may be gone by then, and XCTest ignores failures raised once its test has ended.
struct TestContext: Sendable {
  /// The collector of ``collectTestFailures(isolation:_:)`` the store was created in, if any.
  let collector: FailureCollector?
  /// The Swift Testing test the store was created in, if any.
  let test: Test?
  /// The XCTest case running when the store was created, if any (and no Swift Testing test was).
  let xcTestCase: XCTestCaseReference?

  /// The context of the code running now.
  static var current: TestContext {
    let test = Test.current
    return TestContext(
      collector: FailureCollector.current,
      test: test,
      xcTestCase: test == nil ? XCTestCaseTracker.shared.current : nil
    )
  }

  /// Reports `messages`, found when a store created at `location` in this context went away, to the test the
  /// store was created in.
  ///
  /// When that test has already ended, the failure, naming the test, is still recorded: a Swift Testing issue
  /// with no test to take it fails the run; an XCTest failure goes to the case running now, if any. It is
  /// also written to standard error.
  func reportLeftovers(_ messages: [LeftoverSnapshot.Message], ofStoreCreatedAt location: TestLocation) {
    let failureMessages = messages.filter { !$0.isExpected }
    let expectedMessages = messages.filter(\.isExpected)
    let failures = failureMessages.map(\.text)
    let expected = expectedMessages.map(\.text)
    if let collector {
      failureMessages.forEach { reportFailure($0.text, kind: $0.kind, at: location, collector: collector) }
      expectedMessages.forEach { reportExpectedFailure($0.text, kind: $0.kind, at: location, collector: collector) }
    } else if let test {
      if Test.current?.id == test.id {
        failureMessages.forEach { reportFailure($0.text, kind: $0.kind, at: location, collector: nil) }
        expectedMessages.forEach { reportExpectedFailure($0.text, kind: $0.kind, at: location, collector: nil) }
      } else {
        reportOutliving(testName: Self.name(of: test), failures: failures, expected: expected, at: location) {
          Issue.record(Comment(rawValue: $0), sourceLocation: location.testingLocation)
        }
      }
    } else if let xcTestCase {
      if XCTestCaseTracker.shared.isRunning(xcTestCase) {
        failureMessages.forEach { XCTFail($0.kind.report($0.text), file: location.filePath, line: location.line) }
        expectedMessages.forEach { reportExpectedFailure($0.text, kind: $0.kind, at: location, collector: nil) }
      } else {
        // Fails the case running now, if any; XCTest ignores a failure raised while none runs, so the text
        // goes to standard error too.
        reportOutliving(testName: xcTestCase.name, failures: failures, expected: expected, at: location) {
          XCTFail($0, file: location.filePath, line: location.line)
        }
      }
    } else {
      failureMessages.forEach { reportFailure($0.text, kind: $0.kind, at: location, collector: nil) }
      expectedMessages.forEach { reportExpectedFailure($0.text, kind: $0.kind, at: location, collector: nil) }
    }
  }

  /// Reports what a store left after its test ended: the failures, under a header naming the test, through
  /// `record` and on standard error; skipped assertions only on standard error, as no test can take them.
  private func reportOutliving(
    testName: String,
    failures: [String],
    expected: [String],
    at location: TestLocation,
    record: (String) -> Void
  ) {
    if !failures.isEmpty {
      let text = outlivedHeader(testName: testName, location: location) + "\n" + failures.joined(separator: "\n")
      record(text)
      RuntimeWarning.writeToStandardError("error: " + text + "\n")
    }
    for message in expected {
      RuntimeWarning.writeToStandardError("\(location.fileID):\(location.line): skipped assertion: \(message)\n")
    }
  }

  /// Calls `check` when the XCTest case of this context ends, if there is one.
  func onXCTestCaseEnd(_ check: @escaping @Sendable () -> Void) {
    guard let xcTestCase else { return }
    XCTestCaseTracker.shared.addTeardownBlock(to: xcTestCase, check)
  }

  private func outlivedHeader(testName: String, location: TestLocation) -> String {
    "A test store outlived its test with work left over: it was created at \(location.fileID):\(location.line) "
      + "in test \(testName), and went away outside that test: after it had ended, or in a task detached from "
      + "it. Keep the store inside its test and await store.finish() before the test returns."
  }

  /// The test this context belongs to, for messages: "test Module.Suite/test()", "XCTest case ...", or "no
  /// test".
  var testDescription: String {
    if let test { return "test \(Self.name(of: test))" }
    if let xcTestCase { return "test \(xcTestCase.name)" }
    return "no test"
  }

  private static func name(of test: Test) -> String {
    "\(test.id.moduleName)." + test.id.nameComponents.joined(separator: "/")
  }
}

/// An XCTest case, by identity and name: enough to tell whether it still runs, readable from any thread.
struct XCTestCaseReference: Sendable {
  let id: ObjectIdentifier
  let name: String
}

/// Follows which XCTest case is running, so that a test store can capture it when created and check, in its
/// deinit, whether that case still runs.
///
/// Registered with XCTest's observation center when the test binary loads, by `installTestReporting()`.
final class XCTestCaseTracker: XCTestObservation, Sendable {
  static let shared = XCTestCaseTracker()

  private let running = Mutex<RunningCase?>(nil)

  private init() {}

  /// Starts following XCTest cases.
  func install() {
    XCTestObservationCenter.shared.addTestObserver(self)
  }

  /// The running case, if any.
  var current: XCTestCaseReference? {
    running.withLock { running in
      running.map { XCTestCaseReference(id: ObjectIdentifier($0.testCase), name: $0.testCase.name) }
    }
  }

  /// Whether `reference` is the case running now.
  func isRunning(_ reference: XCTestCaseReference) -> Bool {
    running.withLock { $0.map { ObjectIdentifier($0.testCase) } == reference.id }
  }

  /// Adds `block` to the teardown blocks of `reference`, if it is the case running now.
  func addTeardownBlock(to reference: XCTestCaseReference, _ block: @escaping @Sendable () -> Void) {
    running.withLock { running in
      guard let testCase = running?.testCase, ObjectIdentifier(testCase) == reference.id else { return }
      testCase.addTeardownBlock(block)
    }
  }

  /// The default values of the running case, made when it started, if a case runs.
  var currentDefaultValues: DefaultValueCache? {
    running.withLock { $0?.defaultValues }
  }

  func testCaseWillStart(_ testCase: XCTestCase) {
    running.withLock {
      $0 = RunningCase(testCase: testCase, defaultValues: DefaultValueCache(scope: "XCTest \(testCase.name)"))
    }
  }

  func testCaseDidFinish(_ testCase: XCTestCase) {
    running.withLock { $0 = nil }
  }
}

/// The running XCTest case, held across threads.
///
/// `@unchecked Sendable` is safe here because of the little done with the case once it is held: its identity
/// and its `name` (fixed for the case's life) are read, and `addTeardownBlock` is called, which corelibs
/// XCTest serializes on its own queue. Nothing else of the case is touched.
private struct RunningCase: @unchecked Sendable {
  let testCase: XCTestCase
  /// The case's test defaults, dropped with it.
  let defaultValues: DefaultValueCache
}

extension TestLocation {
  /// The location as Swift Testing takes it.
  var testingLocation: Testing.SourceLocation {
    Testing.SourceLocation(
      fileID: "\(fileID)",
      filePath: "\(filePath)",
      line: Int(clamping: line),
      column: Int(clamping: column)
    )
  }
}
