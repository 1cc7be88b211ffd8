import ExecutableTestSupport
import Foundation
import Testing

/// `primetime`'s command-line values: a value that looks like an option is refused unless attached with `=`.
@Suite("primetime options")
struct PrimetimeOptionsTests {
  let primetime = Executable("primetime")

  /// Runs `primetime` from inside `home`, so a relative path lands there and nowhere else.
  private func runInside(_ home: TemporaryHome, _ arguments: [String], script: String) async throws -> ExecutableRun {
    try await primetime.run(
      arguments,
      input: script + "\n",
      environment: home.environment,
      launcher: ["/bin/sh", "-c", "cd \"$HOME\" && exec \"$0\" \"$@\""],
      timeout: .seconds(60)
    )
  }

  @Test(arguments: [
    (["--db", "--sandbox"], "'--db' needs a file path; '--sandbox' looks like an option: write '--db=./--sandbox' if that is the file"),
    (["--log", "--help"], "'--log' needs a file path; '--help' looks like an option: write '--log=./--help' if that is the file"),
    (["--sandbox", "--log", "-v"], "'--log' needs a file path; '-v' looks like an option: write '--log=./-v' if that is the file"),
  ])
  func aValueThatLooksLikeAnOptionIsRefusedAndNothingIsCreated(arguments: [String], message: String) async throws {
    let home = try TemporaryHome()
    let run = try await runInside(home, arguments, script: "+")
    expect(run, stdout: "", stderr: "primetime: \(message). Try 'primetime --help'.", status: 64)
    #expect(try home.contents() == [])
  }

  @Test func anAttachedValueMayStartWithADash() async throws {
    let home = try TemporaryHome()
    let run = try await runInside(home, ["--db=--x", "--log=./--help"], script: "set 7\nfav")
    expect(
      run,
      stdout: """
        - 7 +
        Is this prime?
        What is the 7th prime?
        7 is prime 🎉
        Remove from favorite primes
        """
    )
    #expect(try home.contents() == ["--help", "--x"])
  }
}
