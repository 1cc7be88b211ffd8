import ExecutableTestSupport
import Foundation
import Testing

/// Every program under too low a limit on open files (`ulimit -n`): one line naming the limit and how to raise
/// it, status 1, before anything is opened or made. They used to die of SIGILL with no word or a backtrace,
/// or blame "the disk and the file's permissions" for a database they could not open (EMFILE).
@Suite("ulimit -n: too few file descriptors", .timeLimit(.minutes(5)))
struct FileDescriptorLimitTests {
  static let programs = ["primetime", "prime-modal-demo", "favorite-primes-demo", "counter-demo"]

  @Test(arguments: programs, [7, 10, 12])
  func tooLowALimitIsOneLineNamingIt(program: String, limit: Int) async throws {
    let (run, made) = try await runHelp(program, underALimitOf: limit)

    #expect(run.exited)
    #expect(run.status == 1)
    #expect(run.stdoutText == "")
    #expect(
      run.stderrText
        == "\(program): the limit on open files (ulimit -n) of \(limit) is too low for \(program) (EMFILE, too many "
        + "open files); raise it with 'ulimit -n 32' or more.\n"
    )
    // Nothing made: no database, no directory.
    #expect(made == [])
  }

  @Test(arguments: programs)
  func aLimitOfThirtyTwoRuns(program: String) async throws {
    let (run, _) = try await runHelp(program, underALimitOf: 32)

    #expect(run.status == 0, "\(run.stderrText)")
  }

  /// Runs `program` with `help` piped in, under `ulimit -n limit`, in a new empty home; returns the run and what
  /// the home holds after it.
  private func runHelp(_ program: String, underALimitOf limit: Int) async throws -> (ExecutableRun, [String]) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fd-limit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = try await Executable(program).run(
      [],
      input: "help\n",
      environment: ["HOME": directory.path, "XDG_DATA_HOME": "", "XDG_STATE_HOME": "", "WOLFRAM_ALPHA_APPID": ""],
      launcher: ["/bin/sh", "-c", "ulimit -n \(limit) && cd \"$HOME\" && exec \"$0\" \"$@\""],
      timeout: .seconds(60),
      sessionReplay: .skipped(because: "the recording's file would not fit under the limit")
    )
    return (run, try FileManager.default.contentsOfDirectory(atPath: directory.path))
  }
}
