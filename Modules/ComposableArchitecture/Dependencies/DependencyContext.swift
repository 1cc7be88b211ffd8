/// Which value of each dependency is used by default: the live, the preview, or the test value.
public enum DependencyContext: String, Sendable {
  /// Real implementations: the running application.
  case live
  /// Controlled implementations that still do something sensible: demos and sandboxes.
  case preview
  /// Implementations that fail the test when used without being overridden.
  case test

  /// The context of this process: the `SWIFT_DEPENDENCIES_CONTEXT` environment variable (`live`, `preview`
  /// or `test`), the name swift-dependencies reads, or else `DEPENDENCIES_CONTEXT`, when one is set;
  /// otherwise ``test`` when running under `swift test` (XCTest or Swift Testing), otherwise ``live``.
  public static let detected: DependencyContext = detect(
    environmentValue: CLibrary.environmentValue,
    isRunningTests: isRunningTests
  )

  /// The context `environmentValue` (a lookup of environment variables) names, or the one `isRunningTests`
  /// implies; a name that is not a context is reported.
  package static func detect(
    environmentValue: (String) -> String?,
    isRunningTests: @autoclosure () -> Bool
  ) -> DependencyContext {
    for variable in ["SWIFT_DEPENDENCIES_CONTEXT", "DEPENDENCIES_CONTEXT"] {
      guard let name = environmentValue(variable) else { continue }
      if let context = DependencyContext(rawValue: name) {
        return context
      }
      RuntimeWarning.report(
        "\(variable) is '\(name)', which is not a context; use live, preview or test. "
          + "Detecting the context instead."
      )
      break
    }
    return isRunningTests() ? .test : .live
  }

  private static var isRunningTests: Bool {
    let arguments = CommandLine.arguments
    if let program = arguments.first?.split(separator: "/").last,
      program.hasSuffix(".xctest") || program == "swiftpm-testing-helper" || program == "xctest"
    {
      return true
    }
    if arguments.contains("--testing-library") {
      return true
    }
    let variables: [String] = ["XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestSessionIdentifier"]
    return variables.contains { CLibrary.environmentValue($0) != nil }
  }
}
