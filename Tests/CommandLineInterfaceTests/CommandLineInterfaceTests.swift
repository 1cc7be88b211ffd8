import CommandLineInterface
import ExecutableTestSupport
import Foundation
import Platform
import Testing

/// A command line declared once, as the demos declare theirs: a switch, a number, a path, two flags that
/// exclude each other, and arguments that may be negative numbers.
private struct SampleOptions: Equatable, Sendable {
  var delay = 0.5
  var answer: Int?
  var fail = false
  var trace = false
  var log: String?
  var counts: [Int] = []
}

private let sample = CommandLineInterface<SampleOptions>(
  name: "sample-demo",
  version: "sample-demo 1.2.3",
  abstract: "Runs a sample. It does nothing else.",
  discussion: ["Reads commands one per line."],
  flags: [
    .option(
      "--delay", .init(placeholder: "SECONDS", kind: .number, needs: "a number of seconds", example: "0.5"),
      help: "How long to wait (default 0.5)."
    ) { options, text in
      guard let seconds = DecimalNumber(text)?.value, seconds >= 0 else {
        return UsageError("'--delay' needs a number of seconds; got \(Echo.quote(text))")
      }
      options.delay = seconds
      return nil
    },
    .option(
      "--answer", .init(placeholder: "N", kind: .number, needs: "a whole number", example: "17"),
      help: "Answer with N."
    ) { options, text in
      guard case let .value(number) = WholeNumber(text) else {
        return UsageError("'--answer' needs a whole number; got \(Echo.quote(text))")
      }
      options.answer = number
      return nil
    },
    .switch("--fail", help: "Fail every question.") { $0.fail = true },
    .switch("--trace", help: "Start with the trace on.") { $0.trace = true },
    .option(
      "--log", .init(placeholder: "FILE", kind: .path, needs: "a file path", example: "x.log"),
      help: "Append the trace to FILE."
    ) { options, text in
      options.log = text
      return nil
    },
  ],
  arguments: .init(placeholder: "COUNT", help: "Counts to start from.", maximumCount: 2, takesNegativeNumbers: true) {
    options, text in
    guard case let .value(number) = WholeNumber(text) else {
      return UsageError("a COUNT is a whole number; got \(Echo.quote(text))")
    }
    options.counts.append(number)
    return nil
  },
  exclusions: [.init(["--answer", "--fail"])],
  sections: [
    .init("ENVIRONMENT", [("NO_COLOR", "Set to turn colour off.")]),
    .init("EXIT STATUS", paragraph: "0 on success; 64 on a command-line error."),
  ],
  validate: { options in
    options.log != nil && !options.trace ? UsageError("'--log' writes the trace, so it needs '--trace'") : nil
  }
)

@Suite(.timeLimit(.minutes(2)))
struct CommandLineInterfaceTests {
  private func parse(_ arguments: [String]) -> Result<CommandLineRequest<SampleOptions>, UsageError> {
    sample.parse(arguments, initial: SampleOptions())
  }

  private func error(_ arguments: [String]) -> String? {
    guard case let .failure(error) = parse(arguments) else { return nil }
    return error.message
  }

  @Test func flagsTakeTheirValuesNextOrAttached() {
    var expected = SampleOptions()
    expected.delay = 2
    expected.answer = 7
    expected.trace = true
    expected.log = "-"
    #expect(parse(["--delay", "2", "--answer=7", "--trace", "--log", "-"]) == .success(.run(expected)))
  }

  /// `--log=a=b` is `--log` with the value `a=b`: an attached value is everything after the first `=`.
  @Test(arguments: ["a=b.log", "a==b.log", "=a.log", "=="])
  func anAttachedValueIsEverythingAfterTheFirstEquals(value: String) {
    var expected = SampleOptions()
    expected.trace = true
    expected.log = value
    #expect(parse(["--trace", "--log=\(value)"]) == .success(.run(expected)))
    #expect(error(["--delay=1=2"]) == "'--delay' needs a number of seconds; got '1=2'")
  }

  @Test func argumentsMayBeNegativeNumbersAndComeAfterTheEndOfTheOptions() {
    var expected = SampleOptions()
    expected.counts = [-3, 5]
    expected.trace = true
    #expect(parse(["-3", "--trace", "--", "5"]) == .success(.run(expected)))
  }

  @Test func helpVersionAndCompletionsWinAsSoonAsTheyAreSeen() {
    #expect(parse(["--delay", "1", "--help", "--bogus"]) == .success(.help))
    #expect(parse(["-h"]) == .success(.help))
    #expect(parse(["--version", "--bogus"]) == .success(.version))
    #expect(parse(["--completions", "fish"]) == .success(.completions(.fish)))
    #expect(parse(["--completions=zsh"]) == .success(.completions(.zsh)))
    #expect(parse(["--manual", "--bogus"]) == .success(.manual))
  }

  @Test func eachMistakeIsNamedInOneLine() {
    #expect(error(["--dely", "1"]) == "unknown option '--dely' (did you mean '--delay'?)")
    #expect(error(["--zzzzzz"]) == "unknown option '--zzzzzz'")
    #expect(error(["--trace", "--trace"]) == "'--trace' is given twice")
    #expect(error(["--trace=yes"]) == "'--trace' takes no value")
    #expect(error(["--answer", "3", "--fail"]) == "'--answer' and '--fail' can't be given together")
    #expect(error(["--delay"]) == "'--delay' needs a number of seconds, like '--delay 0.5'")
    #expect(error(["--delay", "--trace"]) == "'--delay' needs a number of seconds; '--trace' looks like an option")
    #expect(error(["--delay", "x"]) == "'--delay' needs a number of seconds; got 'x'")
    #expect(error(["1", "2", "3"]) == "at most 2 arguments are taken; got 3 arguments")
    #expect(error(["x"]) == "a COUNT is a whole number; got 'x'")
    #expect(error(["--completions", "tcsh"]) == "'--completions' needs a shell (bash, zsh, fish); got 'tcsh'")
    #expect(error(["--version=2"]) == "'--version' takes no value")
    #expect(error(["--log", "x.log"]) == "'--log' writes the trace, so it needs '--trace'")
  }

  @Test func aProgramWithoutArgumentsRefusesOne() {
    let bare = CommandLineInterface<SampleOptions>(name: "bare", version: "bare 1", abstract: "Bare.", flags: [])
    guard case let .failure(error) = bare.parse(["x"], initial: SampleOptions()) else {
      Issue.record("an argument was taken")
      return
    }
    #expect(error.message == "no arguments are taken; got 'x'")
  }

  @Test func requiredArgumentsAreNamedWhenMissingAndShownWithoutBrackets() {
    let copy = CommandLineInterface<SampleOptions>(
      name: "copy", version: "copy 1", abstract: "Copies.", flags: [],
      arguments: .init(placeholder: "FILE", help: "What to copy.", minimumCount: 1) { _, _ in nil }
    )
    #expect(copy.synopsis == "FILE")
    guard case let .failure(error) = copy.parse([], initial: SampleOptions()) else {
      Issue.record("nothing was taken as enough")
      return
    }
    #expect(error.message == "FILE is missing")
  }

  @Test func aSubcommandLeavesCompletionScriptsToItsProgram() {
    let replay = CommandLineInterface<SampleOptions>(
      name: "sample-demo replay", version: "sample-demo 1", abstract: "Replays.", flags: []
    )
    guard case let .failure(error) = replay.parse(["--completions", "bash"], initial: SampleOptions()) else {
      Issue.record("a subcommand made a completion script")
      return
    }
    #expect(error.message == "completion scripts are made by the program: 'sample-demo --completions SHELL'")
  }

  @Test func aReasonGivenForAnExclusionIsTheMessage() {
    let strict = CommandLineInterface<SampleOptions>(
      name: "strict", version: "strict 1", abstract: "Strict.",
      flags: [.switch("--fail", help: "Fail.") { $0.fail = true }, .switch("--trace", help: "Trace.") { $0.trace = true }],
      exclusions: [.init(["--fail", "--trace"], reason: "'--trace' shows what '--fail' never does")]
    )
    guard case let .failure(error) = strict.parse(["--trace", "--fail"], initial: SampleOptions()) else {
      Issue.record("both were taken")
      return
    }
    #expect(error.message == "'--trace' shows what '--fail' never does")
  }

  @Test func theHelpIsGeneratedFromTheDeclarations() {
    #expect(
      sample.help == """
        USAGE: sample-demo [--delay SECONDS] [--answer N | --fail] [--trace] [--log FILE] [COUNT ...]

        Runs a sample. It does nothing else.

        Reads commands one per line.

        ARGUMENTS:
          COUNT                Counts to start from.

        OPTIONS:
          --delay SECONDS      How long to wait (default 0.5).
          --answer N           Answer with N.
          --fail               Fail every question.
          --trace              Start with the trace on.
          --log FILE           Append the trace to FILE.
          -h, --help           Show this help and exit.
          --version            Show the version and exit.
          --completions SHELL  Print a completion script for SHELL (bash, zsh or fish) and exit.
          --manual             Print the manual page (for man -l, or a man1 directory) and exit.
          --                   End of the options: every argument after it is not an option.

        ENVIRONMENT:
          NO_COLOR             Set to turn colour off.

        EXIT STATUS:
          0 on success; 64 on a command-line error.
        """
    )
  }
}

/// The completion scripts and the manual page, generated from the same declarations, read by the programs
/// that use them: bash's `complete`, zsh and fish (where installed), and `man` with groff's warnings on.
/// The sample with a subcommand, `replay`, whose own command line takes `--until N` and `--diff OLD`.
private let sampleWithReplay: CommandLineInterface<SampleOptions> = {
  let replay = CommandLineInterface<SampleOptions>(
    name: "sample-demo replay",
    version: "sample-demo 1.2.3",
    abstract: "Replays a recording.",
    flags: [
      .option("--until", .init(placeholder: "N", kind: .number, needs: "a step", example: "3"), help: "Stop at N.") {
        _, _ in nil
      },
      .option("--diff", .init(placeholder: "OLD", kind: .path, needs: "a path", example: "a.log"), help: "Compare.") {
        _, _ in nil
      },
    ],
    arguments: .init(placeholder: "FILE", help: "The recording.", minimumCount: 1) { _, _ in nil }
  )
  var interface = sample
  interface.subcommands = [CompletionSubcommand("replay", summary: "Replay a recording", interface: replay)]
  return interface
}()

@Suite(.timeLimit(.minutes(2)))
struct CommandLineInterfaceOutputTests {
  /// What `bash` completes for the command line `words` (the last is the word being typed), with the sample's
  /// script sourced, in a directory holding `a.log` and `b.txt`.
  private func bashCompletions(
    _ words: [String], of interface: CommandLineInterface<SampleOptions> = sample
  ) throws -> [String] {
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let program = interface.completionScript(for: .bash) + """

      registered=$(complete -p sample-demo) || exit 3
      function=${registered#*-F }; function=${function%% *}
      COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
      "$function"
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let run = try runTool("/bin/bash", ["-c", program], files: ["a.log", "b.txt"])
    #expect(run.status == 0, "bash: \(run.stderr)")
    return run.stdout.split(separator: "\n").map(String.init).sorted()
  }

  @Test func bashCompletesFlagsFilesAfterAPathAndShellsAfterCompletions() throws {
    #expect(try bashCompletions(["sample-demo", "--de"]) == ["--delay"])
    #expect(try bashCompletions(["sample-demo", "--co"]) == ["--completions"])
    #expect(try bashCompletions(["sample-demo", "--log", "a"]) == ["a.log"])
    #expect(try bashCompletions(["sample-demo", "--log", ""]) == ["a.log", "b.txt"])
    #expect(try bashCompletions(["sample-demo", "--completions", "f"]) == ["fish"])
    #expect(try bashCompletions(["sample-demo", "--delay", ""]) == [])
    #expect(
      try bashCompletions(["sample-demo", "--"]) == [
        "--", "--answer", "--completions", "--delay", "--fail", "--help", "--log", "--manual", "--trace",
        "--version",
      ]
    )
  }

  @Test func bashCompletesASubcommandFirstThenItsOwnFlagsAndFiles() throws {
    #expect(try bashCompletions(["sample-demo", "re"], of: sampleWithReplay) == ["replay"])
    #expect(try bashCompletions(["sample-demo", "replay", "--u"], of: sampleWithReplay) == ["--until"])
    #expect(try bashCompletions(["sample-demo", "replay", "--de"], of: sampleWithReplay) == [])
    #expect(try bashCompletions(["sample-demo", "replay", "--diff", "a"], of: sampleWithReplay) == ["a.log"])
    #expect(try bashCompletions(["sample-demo", "replay", ""], of: sampleWithReplay) == ["a.log", "b.txt"])
    #expect(try bashCompletions(["sample-demo", "replay", "--until", ""], of: sampleWithReplay) == [])
    #expect(try bashCompletions(["sample-demo", "--de"], of: sampleWithReplay) == ["--delay"])
  }

  @Test func fishCompletesASubcommandFirstThenItsOwnFlags() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/fish") else {
      print("CommandLineInterfaceOutputTests: skipped fish's completion of a subcommand: fish is not installed")
      return
    }
    func completions(_ line: String) throws -> [String] {
      let script = sampleWithReplay.completionScript(for: .fish)
      let run = try runTool("/usr/bin/fish", ["-c", script + "\ncomplete -C '\(line)'"], files: [])
      #expect(run.status == 0, "fish: \(run.stderr)")
      return run.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }.sorted()
    }
    #expect(try completions("sample-demo re") == ["replay"])
    #expect(try completions("sample-demo replay --u") == ["--until"])
    #expect(try completions("sample-demo replay --de") == [])
    #expect(try completions("sample-demo --de") == ["--delay"])
  }

  @Test func theZshScriptOffersTheSubcommandAndItsFlagsOnceItIsTyped() throws {
    let zsh = sampleWithReplay.completionScript(for: .zsh)
    #expect(zsh.contains("if (( CURRENT > 2 )) && [[ ${words[2]} == replay ]]; then\n  shift words\n"))
    #expect(zsh.contains("    '--until=[Stop at N]:number: ' \\\n"))
    #expect(zsh.contains("  local -a subcommands=('replay:Replay a recording')\n"))
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") {
      let run = try runTool("/usr/bin/zsh", ["-n", "-c", zsh], files: [])
      #expect(run.status == 0 && run.stderr.isEmpty, "zsh: \(run.stderr)")
    }
  }

  @Test(arguments: ["zsh", "fish"])
  func theScriptParsesInItsShell(shell: String) throws {
    guard let path = ["/usr/bin/\(shell)", "/bin/\(shell)"].first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    else {
      print("CommandLineInterfaceOutputTests: skipped the \(shell) script's syntax check: \(shell) is not installed")
      return
    }
    let script = sample.completionScript(for: shell == "zsh" ? .zsh : .fish)
    let run = try runTool(path, ["-n", "-c", script], files: [])
    #expect(run.status == 0 && run.stderr.isEmpty, "\(shell): \(run.stderr)")
  }

  @Test func theZshAndFishScriptsOfferEveryFlagWithItsValue() {
    let zsh = sample.completionScript(for: .zsh)
    #expect(zsh.hasPrefix("#compdef sample-demo\n"))
    #expect(zsh.contains("'--log=[Append the trace to FILE]:path:_files'"))
    #expect(zsh.contains("'(--fail)--answer=[Answer with N]:number: '"))
    #expect(zsh.contains("'--completions=[Print a completion script for a shell]:value:(bash zsh fish)'"))
    let fish = sample.completionScript(for: .fish)
    #expect(fish.contains("complete -c sample-demo -l log -r -F -d 'Append the trace to FILE'"))
    #expect(fish.contains("complete -c sample-demo -l help -s h -d 'Show the help and exit'"))
    #expect(fish.contains("complete -c sample-demo -l completions -x -a 'bash zsh fish'"))
  }

  @Test func theManualPageReadsWithoutWarningsAndSaysWhatTheHelpSays() throws {
    let page = sample.manualPage
    #expect(page.hasPrefix(".TH SAMPLE\\-DEMO 1 \"\" \"sample\\-demo 1.2.3\" \"User Commands\"\n.nh\n.ad l\n.SH NAME\n"))
    #expect(page.contains("\nsample\\-demo \\- Runs a sample\n"))
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") else {
      print("CommandLineInterfaceOutputTests: skipped reading the manual page: groff is not installed")
      return
    }
    let run = try runTool("/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-P-cbou"], files: [], input: page)
    #expect(run.status == 0 && run.stderr.isEmpty, "groff: \(run.stderr)")
    for text in ["sample-demo - Runs a sample", "--delay SECONDS", "--completions SHELL", "NO_COLOR", "EXIT STATUS"] {
      #expect(run.stdout.contains(text), "the page shows \(text)")
    }
  }
}

/// What `path ARGUMENTS` did, run in a new directory holding empty `files`, with `input` on standard input.
private func runTool(
  _ path: String,
  _ arguments: [String],
  files: [String],
  input: String = ""
) throws -> (status: Int32, stdout: String, stderr: String) {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let workingDirectory = directory.appendingPathComponent("work")
  try FileManager.default.createDirectory(at: workingDirectory, withIntermediateDirectories: true)
  for file in files {
    try Data().write(to: workingDirectory.appendingPathComponent(file))
  }
  let streams = ["in", "out", "err"].map { directory.appendingPathComponent(".\($0)") }
  try Data(input.utf8).write(to: streams[0])
  try Data().write(to: streams[1])
  try Data().write(to: streams[2])
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  process.currentDirectoryURL = workingDirectory
  process.standardInput = try FileHandle(forReadingFrom: streams[0])
  process.standardOutput = try FileHandle(forWritingTo: streams[1])
  process.standardError = try FileHandle(forWritingTo: streams[2])
  try process.run()
  let deadline = ContinuousClock.now + hangBound
  while process.isRunning && ContinuousClock.now < deadline {
    Thread.sleep(forTimeInterval: 0.01)
  }
  if process.isRunning {
    process.terminate()
    process.waitUntilExit()
  }
  let text = { (url: URL) in String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self) }
  return (process.terminationStatus, text(streams[1]), text(streams[2]))
}
