import ExecutableTestSupport
import Foundation
import Testing

/// `primetime`'s command-line values: a value that looks like an option is refused unless attached with `=`.
@Suite("primetime options", .timeLimit(.minutes(5)))
struct PrimetimeOptionsTests {
  let primetime = Executable("primetime")

  @Test(arguments: [
    (["--db", "--sandbox"], "'--db' needs a file path; '--sandbox' looks like an option: write '--db=./--sandbox' if that is the file"),
    (["--log", "--help"], "'--log' needs a file path; '--help' looks like an option: write '--log=./--help' if that is the file"),
    (["--sandbox", "--log", "-v"], "'--log' needs a file path; '-v' looks like an option: write '--log=./-v' if that is the file"),
  ])
  func aValueThatLooksLikeAnOptionIsRefusedAndNothingIsCreated(arguments: [String], message: String) async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(inside: home, arguments, script: "+")
    expect(run, stdout: "", stderr: "primetime: \(message). Try 'primetime --help'.", status: 64)
    #expect(try home.contents() == [])
  }

  @Test func anAttachedValueMayStartWithADash() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(inside: home, ["--db=--x", "--log=./--help"], script: "set 7\nfav")
    expect(
      run,
      stdout: """
        - 7 +
        Is this prime?
        What is the 7th prime?
        7 is prime 🎉
        Remove from favorite primes [unfav]
        """
    )
    #expect(try home.contents() == ["--help", "--x"])
  }
}

/// Values the shell did not expand, flags given twice, `--`, and arguments that are not UTF-8.
@Suite("primetime options: tilde, repeats, end of options, encoding", .timeLimit(.minutes(5)))
struct PrimetimeOptionRulesTests {
  let primetime = Executable("primetime")

  /// Runs `primetime` from inside `home` through `sh`, with `command` after the binary's path (`"$0"`), so
  /// a test can pass bytes that are not UTF-8 and relative paths land in the home.
  private func runInside(_ home: TemporaryHome, shell command: String, input: String?) async throws -> ExecutableRun {
    try await primetime.run(
      [],
      input: input,
      environment: home.environment,
      launcher: ["/bin/sh", "-c", "cd \"$HOME\" && exec \"$0\" \(command)"],
      timeout: .seconds(60)
    )
  }

  @Test(arguments: [
    ("'--db=~/z.db'", "'--db' got '~/z.db', whose '~' the shell did not expand; write \"$HOME/z.db\" instead"),
    ("'--log=~/p.log'", "'--log' got '~/p.log', whose '~' the shell did not expand; write \"$HOME/p.log\" instead"),
    ("--db='~'", "'--db' got '~', whose '~' the shell did not expand; write \"$HOME\" instead"),
  ])
  func aValueStartingWithAnUnexpandedTildeIsRefusedAndNothingIsCreated(argument: String, message: String) async throws {
    let home = try TemporaryHome()
    let run = try await runInside(home, shell: "--sandbox \(argument)", input: "+\n")
    expect(run, stdout: "", stderr: "primetime: \(message). Try 'primetime --help'.", status: 64)
    #expect(try home.contents() == [])
  }

  @Test(arguments: [
    ("--db a.db --db b.db", "'--db' is given twice"),
    ("--db=a.db --db=b.db", "'--db' is given twice"),
    ("--sandbox --log a.log --log b.log", "'--log' is given twice"),
    ("--sandbox --sandbox", "'--sandbox' is given twice"),
  ])
  func aFlagGivenTwiceIsRefusedAndNothingIsCreated(arguments: String, message: String) async throws {
    let home = try TemporaryHome()
    let run = try await runInside(home, shell: arguments, input: "+\n")
    expect(run, stdout: "", stderr: "primetime: \(message). Try 'primetime --help'.", status: 64)
    #expect(try home.contents() == [])
  }

  @Test func doubleDashEndsTheOptions() async throws {
    let home = try TemporaryHome()
    let run = try await runInside(home, shell: "--sandbox --", input: "+\n")
    expect(run, stdout: "- 1 +\nIs this prime?\nWhat is the 1st prime?")
  }

  @Test func aWordAfterDoubleDashIsStillNotAnArgument() async throws {
    let home = try TemporaryHome()
    let run = try await runInside(home, shell: "--sandbox -- --help", input: "+\n")
    expect(
      run,
      stdout: "",
      stderr: "primetime: '--help' is no subcommand, and no other arguments are taken. Try 'primetime --help'.",
      status: 64
    )
  }

  @Test(arguments: [
    ("--db \"$(printf 'bad\\377\\376name.db')\"", "argument 2 is not valid UTF-8: 'bad\\xFF\\xFEname.db'"),
    ("--db=\"$(printf 'dir\\377/j.db')\"", "argument 1 is not valid UTF-8: '--db=dir\\xFF/j.db'"),
    ("--sandbox --log \"$(printf 'l\\300g')\"", "argument 3 is not valid UTF-8: 'l\\xC0g'"),
  ])
  func anArgumentThatIsNotUTF8IsRefusedAndNothingIsCreated(arguments: String, message: String) async throws {
    let home = try TemporaryHome()
    let run = try await runInside(home, shell: arguments, input: "set 7\nfav\n")
    expect(
      run,
      stdout: "",
      stderr: "primetime: \(message); give every argument in UTF-8. Try 'primetime --help'.",
      status: 64
    )
    #expect(try home.contents() == [])
  }

  /// A command line with bytes that are not UTF-8 would name another file (with U+FFFD): it is refused whole,
  /// as an argument is, and nothing is made; the lines after it run.
  @Test func aPipedCommandThatIsNotUTF8IsRefusedAndNothingIsMade() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(
      [],
      environment: home.environment,
      launcher: [
        "/bin/sh", "-c",
        "cd \"$HOME\" && printf 'set 7\\nfav\\nexport a\\377.txt\\nset 8\\n' | exec \"$0\" --db p.db",
      ],
      timeout: .seconds(60)
    )
    expect(
      run,
      stdout: """
        - 7 +
        Is this prime?
        What is the 7th prime?
        7 is prime 🎉
        Remove from favorite primes [unfav]
        - 8 +
        Is this prime?
        What is the 8th prime?
        """,
      stderr: "primetime: line 3: 'export a\u{FFFD}.txt' has bytes that are not UTF-8 (shown as \u{FFFD}); nothing "
        + "of it was run. Write it in UTF-8.",
      status: 1
    )
    #expect(try home.contents() == ["p.db"])
  }

  /// A script an editor saved with a byte order mark in front runs from its first line.
  @Test func aScriptStartingWithAByteOrderMarkRunsItsFirstCommand() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(["--sandbox"], input: "\u{FEFF}set 7\n", environment: home.environment)
    expect(run, stdout: "- 7 +\nIs this prime?\nWhat is the 7th prime?", stderr: "", status: 0)
  }

  @Test func standardInputThatCannotBeReadIsReportedAndTheStatusIsOne() async throws {
    let home = try TemporaryHome()
    let run = try await runInside(home, shell: "--db x.db < \"$HOME\"", input: nil)
    expect(run, stdout: "", stderr: "primetime: can't read standard input: is a directory", status: 1)
    #expect(try home.contents() == ["x.db"])
  }
  @Test(arguments: ["XDG_DATA_HOME", "XDG_STATE_HOME", "HOME"])
  func anEnvironmentPathThatIsNotUTF8IsRefusedAndNothingIsCreated(variable: String) async throws {
    let home = try TemporaryHome()
    // The environment can't carry bytes that are not UTF-8 through Foundation, so the shell sets it.
    let run = try await primetime.run(
      [],
      input: "set 7\nfav\n",
      environment: home.environment,
      launcher: ["/bin/sh", "-c", "cd \"$HOME\" && \(variable)=\"$HOME/x$(printf '\\377')\" exec \"$0\" \"$@\""],
      timeout: .seconds(60)
    )
    expect(
      run,
      stdout: "",
      stderr: "primetime: the environment variable \(variable) is not valid UTF-8; set it to a path that is.",
      status: 1
    )
    #expect(try home.contents() == [])
  }
  @Test func aClosedStandardInputIsReportedAndFailsButTheDatabaseIsClosed() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(
      ["--db", "e.db"],
      input: "",
      environment: home.environment,
      launcher: ["/bin/sh", "-c", "cd \"$HOME\" && exec \"$0\" \"$@\" <&-"],
      timeout: .seconds(60)
    )
    #expect(run.stderrText == "primetime: can't read standard input: bad file descriptor\n")
    #expect(run.status == 1)
    #expect(try home.contents() == ["e.db"])
  }
}
