import ExecutableTestSupport
import Foundation
import Testing

/// Paths at the prompt, as a shell reads them: quotes or a backslash keep a space, `~` and `~/` are the home
/// directory, and Tab completes file names after `import`, `export` and `backup`; every refusal as it was.
@Suite("primetime reads paths at the prompt", .timeLimit(.minutes(2)))
struct PrimetimePathsAtThePromptTests {
  let primetime = Executable("primetime")

  @Test func quotesABackslashAndATildeNameTheFile() async throws {
    let home = try TemporaryHome()
    try FileManager.default.createDirectory(
      at: home.url.appendingPathComponent("my dir"), withIntermediateDirectories: false)
    let run = try await primetime.run(
      inside: home, ["--db", "p.sqlite3"],
      script: """
        set 7
        fav
        export "my dir/primes list.txt"
        export ~/'second copy.txt'
        set 11
        fav
        export my\\ dir/third.txt
        delete 1 2
        import ~/my\\ dir/primes\\ list.txt
        favorites
        """
    )
    #expect(run.status == 0, "\(run.stderrText)")
    let contents = try home.contents()
    #expect(contents.contains("my dir/primes list.txt") && contents.contains("second copy.txt"), "\(contents)")
    #expect(contents.contains("my dir/third.txt"), "\(contents)")
    #expect(run.stdoutText.contains("1. 7\n"), "\(run.stdoutText)")
  }

  /// An empty file name is refused by every command that takes one, and a line left inside a quote is refused
  /// whole, rather than read as if the quote were closed.
  @Test func anEmptyOrUnfinishedFileNameIsRefused() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(
      inside: home, ["--db", "p.sqlite3"], script: "export \"\"\nimport \"my file.txt\nexport '\nbackup \"\""
    )
    expect(
      run, stdout: "",
      stderr: """
        primetime: line 1: 'export' got an empty file name: name a file.
        primetime: line 2: the line ends inside a quote ("); nothing of it was run. Close it, or put a backslash before it.
        primetime: line 3: the line ends inside a quote ('); nothing of it was run. Close it, or put a backslash before it.
        primetime: line 4: 'backup' got an empty file name: name a file.
        """,
      status: 1
    )
  }

  @Test func refusalsAreAsTheyWere() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(inside: home, ["--db", "p.sqlite3"], script: "import ~ada/x.txt\nbackup\nexport a b")
    expect(
      run, stdout: "",
      stderr: """
        primetime: line 1: 'import' expands only '~' and '~/', unquoted, to your home: give this path from '/' or from the current directory.
        primetime: line 2: 'backup' needs a file, like 'backup copy.sqlite3'.
        primetime: line 3: 'export' takes at most one file, like 'export favorites.txt'; got 2 arguments.
        """,
      status: 1
    )
  }

  @Test func tabCompletesAFileNameAfterImport() async throws {
    let home = try TemporaryHome()
    try Data("# PrimeTime favorite primes\n13\n".utf8).write(to: home.url.appendingPathComponent("old primes.txt"))
    let terminal = try PseudoTerminal(
      primetime,
      arguments: ["--db", home.url.path + "/p.sqlite3"],
      environment: home.environment.merging(["TERM": "xterm", "NO_COLOR": "1"]) { _, given in given }
    )
    try await terminal.waitFor("count 0> ")
    try terminal.type("import ~/ol\t")
    try await terminal.waitFor(#"import ~/old\ primes.txt "#)
    try terminal.type("\r")
    try await terminal.waitFor("Imported 1 favorite prime.")
    try terminal.type("\u{04}")
    #expect(try await terminal.waitForExit() == .exited(0))
  }
}
