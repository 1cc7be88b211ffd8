import ExecutableTestSupport
import Testing

extension Executable {
  /// Runs the demo with `arguments`, piping in `script` as lines (a newline is added after the last one).
  func run(_ arguments: [String] = [], script: String) async throws -> ExecutableRun {
    try await run(arguments, input: script + "\n", timeout: .seconds(60))
  }
}
