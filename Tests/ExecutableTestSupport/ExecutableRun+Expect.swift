public import Testing

/// Expects `run` to have exited with `status` after writing exactly `stdout` and `stderr`.
///
/// `stdout` and `stderr` are written as multi-line literals are: each line of the expected text is one line of
/// output ending in a newline, so `""` means nothing was written at all.
public func expect(
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
