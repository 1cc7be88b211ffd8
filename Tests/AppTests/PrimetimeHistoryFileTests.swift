import ExecutableTestSupport
import Foundation
import Testing

/// The line editor's history (`$XDG_STATE_HOME/primetime/history`) is refused by every path PrimeTime writes,
/// as `--record` refuses it, whether it exists yet or not: `--log` would interleave the log with the commands
/// (Up would recall `received action: …`), `export` would put a list where the history is read, and `backup` a
/// database. One line says so; the history is left as it was.
@Suite("primetime: the history file is never written but as the history", .timeLimit(.minutes(5)))
struct PrimetimeHistoryFileTests {
  let primetime = Executable("primetime")

  /// A home with the state directory made, and the history's path in it (made with `contents` when given).
  private func home(history contents: String?) throws -> (TemporaryHome, String) {
    let home = try TemporaryHome()
    let state = home.url.appendingPathComponent(".local/state/primetime")
    try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
    let history = state.appendingPathComponent("history")
    if let contents {
      try Data(contents.utf8).write(to: history)
    }
    return (home, history.path)
  }

  private let isTheHistory = "is the history of the commands typed at the prompt"

  @Test(arguments: [nil, "set 7\n"])
  func theLogIsRefused(history contents: String?) async throws {
    let (home, history) = try home(history: contents)

    let run = try await primetime.run(["--sandbox", "--log", history], in: home, script: "+")

    expect(
      run, stdout: "",
      stderr: "primetime: the log file \(history) \(isTheHistory); choose another path for '--log'.",
      status: 1
    )
    #expect(FileManager.default.contents(atPath: history) == contents.map { Data($0.utf8) })
  }

  @Test(arguments: [nil, "# PrimeTime favorite primes\n"])
  func anExportIsRefused(history contents: String?) async throws {
    let (home, history) = try home(history: contents)

    let run = try await primetime.run(in: home, script: "export \(history)")

    #expect(run.status == 1)
    #expect(
      run.stderrLines == [
        "primetime: line 1: Couldn't export the favorite primes: \(history) \(isTheHistory); name another file."
      ]
    )
    #expect(FileManager.default.contents(atPath: history) == contents.map { Data($0.utf8) })
  }

  @Test func aBackupIsRefused() async throws {
    let (home, history) = try home(history: nil)

    let run = try await primetime.run(in: home, script: "backup \(history)")

    #expect(run.status == 1)
    #expect(
      run.stderrLines == [
        "primetime: line 1: Couldn't back up the favorite primes: \(history) \(isTheHistory); name another file."
      ]
    )
    #expect(!FileManager.default.fileExists(atPath: history))
  }

  /// Another name for the history (a hard link) is the history too.
  @Test func aHardLinkToTheHistoryIsRefusedAsTheHistory() async throws {
    let (home, history) = try home(history: "set 7\n")
    let other = home.url.appendingPathComponent("other").path
    #expect(link(history, other) == 0)

    let run = try await primetime.run(in: home, script: "export \(other)")

    #expect(run.stderrLines == [
      "primetime: line 1: Couldn't export the favorite primes: \(other) \(isTheHistory); name another file."
    ])
  }
}
