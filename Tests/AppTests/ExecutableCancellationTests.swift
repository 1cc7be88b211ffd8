import ExecutableTestSupport
import Foundation
import Testing

/// `Executable.run` under a test that is cancelled (its time limit): the child is killed, never waited
/// for, and the run says so.
@Suite(.timeLimit(.minutes(2)))
struct ExecutableCancellationTests {
  @Test func cancellingTheWaitKillsTheChildAndSaysSo() async throws {
    // `sh -c 'sleep 3600' sh <binary>`: the launcher runs an hour-long sleep in place of the binary.
    let running = Task {
      try await Executable("primetime").run(launcher: ["/bin/sh", "-c", "exec sleep 3600", "sh"])
    }
    try await Task.sleep(for: .milliseconds(300))
    running.cancel()
    // Within `hangBound`, far short of the hour the child would take if the run waited for it.
    let result = await awaiting("the cancelled run to end") { await running.result }
    guard case let .failure(error as ExecutableFailure) = result else {
      Issue.record("expected an ExecutableFailure, got \(String(describing: result))")
      return
    }
    #expect(error.description.hasPrefix("primetime was killed after "), "\(error)")
    #expect(
      error.description.hasSuffix(": the test was cancelled (its time limit?) while waiting for it"), "\(error)")
  }
}
