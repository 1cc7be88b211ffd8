import ExecutableTestSupport
import Testing

/// The demos treat output that can't be written as primetime does: one line on standard error, status 1.
@Suite("demo write errors", .timeLimit(.minutes(5)))
struct DemoWriteErrorTests {
  @Test(arguments: [
    ("counter-demo", ["--delay", "0"], "+\n"),
    ("favorite-primes-demo", [], "favorites\n"),
    ("prime-modal-demo", ["7"], "prime\n"),
  ])
  func aFullStandardOutputIsReportedOnce(name: String, arguments: [String], script: String) async throws {
    let run = try await Executable(name).run(
      arguments,
      input: script,
      launcher: ["/bin/sh", "-c", "exec \"$0\" \"$@\" >/dev/full"]
    )
    expect(run, stdout: "", stderr: "\(name): can't write to standard output: no space left on device", status: 1)
  }
}
