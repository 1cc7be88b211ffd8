import ExecutableTestSupport
import Testing

extension Executable {
  /// Runs the demo with `arguments`, piping in `script` as lines (a newline is added after the last one).
  func run(_ arguments: [String] = [], script: String) async throws -> ExecutableRun {
    try await run(arguments, input: script + "\n", timeout: .seconds(60))
  }
}

/// Expects `run` to have exited with `status` after writing exactly `stdout` and `stderr`.
///
/// `stdout` and `stderr` are written as multi-line literals are: each line of the expected text is one line of
/// output ending in a newline, so `""` means nothing was written at all.
func expect(
  _ run: ExecutableRun,
  stdout: String,
  stderr: String = "",
  status: Int32 = 0,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(run.exited, "killed by signal \(run.status)", sourceLocation: sourceLocation)
  #expect(run.status == status, sourceLocation: sourceLocation)
  #expect(run.stdoutText == lines(stdout), sourceLocation: sourceLocation)
  #expect(run.stderrText == lines(stderr), sourceLocation: sourceLocation)
}

/// `text` with a newline after its last line, or nothing for no lines.
private func lines(_ text: String) -> String {
  text.isEmpty ? "" : text + "\n"
}
