import ComposableArchitecture
import Testing

/// Reports an assertion a non-exhaustive test skipped, of `kind`, as an expected failure that does not fail the test:
/// to `collector` as a ``TestFailure`` marked known, to Swift Testing as a known issue, and, under XCTest
/// (whose Linux version has no `XCTExpectFailure`), as a line on standard error.
func reportExpectedFailure(
  _ message: String,
  kind: TestFailure.Kind,
  at location: TestLocation,
  collector: FailureCollector? = FailureCollector.current
) {
  if let collector {
    collector.append(
      TestFailure(kind: kind, message: message, fileID: "\(location.fileID)", line: location.line, isKnown: true)
    )
  } else if Test.current != nil {
    withKnownIssue("A skipped assertion, listed because exhaustivity is .off(showSkippedAssertions: true).") {
      Issue.record(
        Comment(rawValue: kind.report(message)),
        sourceLocation: Testing.SourceLocation(
          fileID: "\(location.fileID)",
          filePath: "\(location.filePath)",
          line: Int(clamping: location.line),
          column: Int(clamping: location.column)
        )
      )
    }
  } else {
    RuntimeWarning.writeToStandardError("\(location.fileID):\(location.line): skipped assertion: \(message)\n")
  }
}
