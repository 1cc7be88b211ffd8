/// Which value of each dependency is used by default: the live, the preview, or the test value.
public enum DependencyContext: String, Sendable {
  /// Real implementations: the running application.
  case live
  /// Controlled implementations that still do something sensible: demos and sandboxes.
  case preview
  /// Implementations that fail the test when used without being overridden.
  case test

  /// The context of this process: the `DEPENDENCIES_CONTEXT` environment variable (`live`, `preview` or
  /// `test`) when it is set, otherwise ``test`` when running under `swift test` (XCTest or Swift Testing),
  /// otherwise ``live``.
  public static let detected: DependencyContext = {
    if let name = CLibrary.environmentValue("DEPENDENCIES_CONTEXT") {
      if let context = DependencyContext(rawValue: name) {
        return context
      }
      RuntimeWarning.report(
        "DEPENDENCIES_CONTEXT is '\(name)', which is not a context; use live, preview or test. "
          + "Detecting the context instead."
      )
    }
    return isRunningTests ? .test : .live
  }()

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
