public import Testing

/// How a program ended under an address-space limit (`ulimit -v`), told apart for a test that tries many.
public enum AddressSpaceLimitOutcome: Equatable, Sendable {
  /// It ran, as without the limit.
  case ran
  /// It said in one line that its threads do not fit, and exited 1.
  case refused
  /// The dynamic loader could not map a library (status 127), before any of the program's code ran.
  case notLoaded
  /// Anything else: the whole run, for the failure's message.
  case other(status: Int32, stdout: String, stderr: String)
}

extension Executable {
  /// Runs the program with `arguments` and `input` under an address-space limit of `kilobytes` and says how it
  /// ended: it ran and printed `output`, it refused in the one line `ThreadStacks` writes, or the loader
  /// could not load it. A run that hangs (as every program did under 50 MB, waiting for a thread that could not
  /// start) fails after `timeout`.
  public func outcome(
    underAnAddressSpaceLimitOf kilobytes: Int, _ arguments: [String] = [], input: String, output: String,
    timeout: Duration = .seconds(20), sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> AddressSpaceLimitOutcome {
    let run = try await self.run(
      arguments,
      input: input,
      launcher: ["/bin/sh", "-c", "ulimit -v \(kilobytes) && exec \"$0\" \"$@\""],
      timeout: timeout,
      sessionReplay: .skipped(because: "the limit is what is tried; the sessions are ones other tests replay"),
      sourceLocation: sourceLocation
    )
    let refusal =
      "\(name): the address-space limit (ulimit -v) of \(kilobytes) KB leaves too little room for \(name)'s "
      + "threads and work; raise the limit or remove it.\n"
    switch (run.status, run.stdoutText, run.stderrText) {
    case (0, output, ""): return .ran
    case (1, "", refusal): return .refused
    case (127, "", let stderr) where stderr.contains("error while loading shared libraries"): return .notLoaded
    default: return .other(status: run.status, stdout: run.stdoutText, stderr: run.stderrText)
    }
  }
}
