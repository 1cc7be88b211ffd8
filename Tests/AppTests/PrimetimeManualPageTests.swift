import ExecutableTestSupport
import Foundation
import Testing

/// `primetime --manual` as a page that stands alone: a short NAME line, both command lines in the SYNOPSIS,
/// the prompt's commands as `help` lists them, FILES and EXAMPLES that send the reader nowhere else; and a
/// mistyped word on the command line answered with a suggestion, as the prompt answers one.
@Suite("primetime --manual and mistyped words", .timeLimit(.minutes(2)))
struct PrimetimeManualPageTests {
  let primetime = Executable("primetime")

  /// `help` at the prompt fits an 80-column terminal, in primetime and in the demo that lists the same commands.
  @Test(arguments: ["primetime", "favorite-primes-demo"])
  func helpFitsEightyColumns(program: String) async throws {
    let run = try await Executable(program).run(program == "primetime" ? ["--sandbox"] : [], input: "help\n")
    #expect(run.status == 0)
    let wide = run.stdoutLines.filter { $0.count > 80 }
    #expect(wide == [], "lines wider than 80 columns")
  }

  /// The page's install examples work as written in a fresh home (they make the directory first), and `man`
  /// neither hyphenates nor stretches the flags and paths.
  @Test func theInstallExamplesMakeTheirDirectoryAndNothingIsHyphenated() async throws {
    let run = try await primetime.run(["--manual"])
    let page = run.stdoutText
    #expect(page.contains("\n.nh\n.ad l\n"))
    #expect(page.contains("mkdir \\-p ~/.local/share/man/man1 && primetime \\-\\-manual >"))
    #expect(page.contains("mkdir \\-p ~/.local/share/bash\\-completion/completions && primetime"))
  }

  @Test func thePageHasAShortNameBothSynopsesAndTheCommandsOfHelp() async throws {
    let run = try await primetime.run(["--manual"])
    #expect(run.status == 0 && run.stderrText.isEmpty)
    let page = run.stdoutText
    #expect(page.contains("\n.SH NAME\nprimetime \\- count, find primes and keep favorites\n"))
    #expect(page.contains("\n.br\n.B primetime replay\n"))
    for section in ["COMMANDS", "FILES", "EXAMPLES", "EXIT STATUS"] {
      #expect(page.contains("\n.SH \(section)\n"), "the page has \(section)")
    }
    // The commands, with their aliases, as `help` at the prompt lists them.
    for entry in [
      ".B +\nCount up by one (alias: incr)", ".B \\-\nCount down by one (alias: decr)",
      ".B delete I [I ...]\n", ".B import FILE\n", ".B backup FILE\n", ".B activity [all]\n",
      ".B help [COMMAND]\n", ".B quit\nEnd the session (alias: exit)",
    ] {
      #expect(page.contains(".TP\n\(entry)"), "COMMANDS lists \(entry)")
    }
    #expect(!page.contains("README"), "the page sends the reader to a file it is not installed with")
  }

  @Test func manRendersThePageWithItsCommands() async throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/man") else {
      print("PrimetimeManualPageTests: skipped man -l: man is not installed")
      return
    }
    let page = try await primetime.run(["--manual"])
    let directory = try TemporaryHome()
    let file = directory.url.appendingPathComponent("primetime.1")
    try Data(page.stdoutText.utf8).write(to: file)
    // man reads the page ($0); the binary's path the launcher is given after it is $1, unused.
    let shown = try await primetime.run(
      [], environment: ["MANPAGER": "cat", "MANWIDTH": "100", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"],
      launcher: ["/bin/sh", "-c", "exec /usr/bin/man -l \"$0\"", file.path], timeout: .seconds(30)
    )
    #expect(shown.status == 0, "man: \(shown.stderrText)")
    for heading in ["NAME", "SYNOPSIS", "COMMANDS", "FILES", "EXAMPLES"] {
      #expect(shown.stdoutLines.contains(heading), "man shows \(heading)")
    }
    let words = shown.stdoutText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("primetime - count, find primes and keep favorites"))
    #expect(words.contains("primetime replay"))
    #expect(words.contains("nth [N] Ask for the nth prime"))
  }

  @Test(arguments: [
    (["repaly", "x.jsonl"], "'repaly' is no subcommand, and no other arguments are taken (did you mean 'replay'?)"),
    (["help"], "'help' is no subcommand, and no other arguments are taken (did you mean '--help'?)"),
    (["--sandbox", "manual"], "'manual' is no subcommand, and no other arguments are taken (did you mean '--manual'?)"),
  ])
  func aMistypedWordGetsASuggestion(arguments: [String], message: String) async throws {
    let run = try await primetime.run(arguments, input: nil)
    expect(run, stdout: "", stderr: "primetime: \(message). Try 'primetime --help'.", status: 64)
  }
}
