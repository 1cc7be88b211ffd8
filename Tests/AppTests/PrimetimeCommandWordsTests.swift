import ExecutableTestSupport
import Foundation
import Testing

/// End-to-end: how `primetime` reads a command word, in any case, and what it suggests for one it does not
/// know.
@Suite("primetime command words", .timeLimit(.minutes(2)))
struct PrimetimeCommandWordsTests {
  let primetime = Executable("primetime")

  @Test func qSaysOneLineSuggestingQuitAndFails() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(["--sandbox"], in: home, script: "Q")
    expect(
      run,
      stdout: "",
      stderr: "primetime: line 1: unknown command 'Q'; did you mean 'quit'? Type 'help' for the list.",
      status: 1
    )
  }

  @Test func commandsAndBuiltInsWorkInAnyCase() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(["--sandbox"], in: home, script: "SET 7\nPrime\nFAV\nFavorites\nQUIT\n+")
    expect(
      run,
      stdout: """
        - 7 +
        Is this prime?
        What is the 7th prime?
        7 is prime 🎉
        Save to favorite primes [fav]
        7 is prime 🎉
        Remove from favorite primes [unfav]
        1. 7
        """
    )
  }
}
