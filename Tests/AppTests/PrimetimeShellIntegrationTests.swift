import ExecutableTestSupport
import Foundation
import Testing

/// What `primetime` gives the shell and `man`: completion scripts that bash runs, and a manual page that `man`
/// reads without a warning, both generated from the flags `--help` lists.
@Suite("primetime --completions and --manual", .timeLimit(.minutes(2)))
struct PrimetimeShellIntegrationTests {
  let primetime = Executable("primetime")

  /// What bash completes for `words` (the last is the word being typed) with `primetime --completions bash`
  /// sourced: the script is registered with `complete`, and its function fills `COMPREPLY`.
  private func bashCompletions(_ words: [String]) async throws -> [String] {
    let script = try await primetime.run(["--completions", "bash"])
    #expect(script.status == 0 && script.stderrText.isEmpty)
    let directory = try TemporaryHome()
    let file = directory.url.appendingPathComponent("primetime.bash")
    try Data(script.stdoutText.utf8).write(to: file)
    let program = """
      source '\(file.path)'
      registered=$(complete -p primetime) || exit 3
      function=${registered#*-F }; function=${function%% *}
      COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " "))); COMP_CWORD=\(words.count - 1)
      "$function"
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    // The launcher runs bash; the binary's path it is given after the program is bash's $1, unused.
    let bash = try await primetime.run([], launcher: ["/bin/bash", "-c", program, "bash"], timeout: .seconds(30))
    #expect(bash.status == 0, "bash: \(bash.stderrText)")
    return bash.stdoutLines.filter { !$0.isEmpty }.sorted()
  }

  @Test func bashCompletesPrimetimesFlagsAndTheShellsAfterCompletions() async throws {
    #expect(try await bashCompletions(["primetime", "--sa"]) == ["--sandbox"])
    #expect(try await bashCompletions(["primetime", "re"]) == ["replay"])
    #expect(try await bashCompletions(["primetime", "replay", "--"]) == [
      "--", "--diff", "--help", "--manual", "--until", "--version",
    ])
    #expect(try await bashCompletions(["primetime", "--d"]) == ["--db"])
    #expect(try await bashCompletions(["primetime", "--completions", "z"]) == ["zsh"])
    #expect(
      try await bashCompletions(["primetime", "--"]) == [
        "--", "--completions", "--db", "--help", "--log", "--manual", "--record", "--sandbox", "--snapshot-interval",
        "--version",
      ]
    )
  }

  @Test func anUnknownShellIsAUsageError() async throws {
    let run = try await primetime.run(["--completions", "tcsh"])
    expect(
      run, stdout: "",
      stderr: "primetime: '--completions' needs a shell (bash, zsh, fish); got 'tcsh'. Try 'primetime --help'.",
      status: 64
    )
  }

  /// A manual page or completion script is kept after the run, maybe installed for others: it names the
  /// default database by its variables, never the home of whoever made it, which `--help` shows.
  @Test func theManualPageAndCompletionsNameTheDefaultDatabaseByItsVariables() async throws {
    let home = try TemporaryHome()
    let generic = "$XDG_DATA_HOME/primetime/primetime.sqlite3, or ~/.local/share/primetime/primetime.sqlite3"
    for arguments in [["--manual"], ["--completions", "fish"], ["--completions=zsh"]] {
      let run = try await primetime.run(arguments, in: home, input: nil)
      #expect(run.status == 0)
      #expect(run.stdoutText.contains(generic), "\(arguments)")
      #expect(!run.stdoutText.contains(home.url.path), "\(arguments) names the home of whoever made it")
    }
    let help = try await primetime.run(["--help"], in: home, input: nil)
    #expect(help.stdoutText.contains(home.defaultDatabase.path))
  }

  @Test func theManualPageReadsWithoutWarningsAndHasTheHelpsSections() async throws {
    let page = try await primetime.run(["--manual"])
    #expect(page.status == 0 && page.stderrText.isEmpty)
    #expect(page.stdoutText.hasPrefix(".TH PRIMETIME 1 "))
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") else {
      print("PrimetimeShellIntegrationTests: skipped reading the manual page: groff is not installed")
      return
    }
    let directory = try TemporaryHome()
    let file = directory.url.appendingPathComponent("primetime.1")
    try Data(page.stdoutText.utf8).write(to: file)
    // groff reads the page ($0); the binary's path the launcher is given after it is $1, unused.
    let shown = try await primetime.run(
      [], launcher: ["/bin/sh", "-c", "exec /usr/bin/groff -man -Tutf8 -ww -P-cbou \"$0\"", file.path],
      timeout: .seconds(30)
    )
    #expect(shown.status == 0 && shown.stderrText.isEmpty, "groff: \(shown.stderrText)")
    for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "ENVIRONMENT", "FILES", "EXAMPLES", "EXIT STATUS"] {
      #expect(shown.stdoutLines.contains(heading), "the page has \(heading)")
    }
    let words = shown.stdoutText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("primetime - count, find primes and keep favorites"))
  }
}
