import ExecutableTestSupport
import Testing

/// The demos' command lines come from their declared interfaces (`CommandLineInterface`), so each has
/// `--version`, `--completions SHELL` and the shared messages with status 64.
@Suite("demo command lines", .timeLimit(.minutes(5)))
struct DemoCommandLineTests {
  static let names = ["counter-demo", "prime-modal-demo", "favorite-primes-demo"]

  @Test(arguments: names)
  func versionPrintsTheVersionAndExitsZero(name: String) async throws {
    let run = try await Executable(name).run(["--version"], script: "+")
    expect(run, stdout: "\(name) \(releaseVersion)")
  }

  /// bash reads the script without a syntax error (`bash -n`), and sourcing it registers the completion
  /// function for the program's name.
  @Test(arguments: names)
  func theBashCompletionScriptIsOneBashAccepts(name: String) async throws {
    let run = try await Executable(name).run(launcher: ["/bin/bash", "-c", Self.bashCheck])
    let function = "_" + name.replacingOccurrences(of: "-", with: "_")
    expect(run, stdout: "complete -F \(function) \(name)")
  }

  @Test(arguments: names)
  func anUnknownOptionExitsWith64AndOneLine(name: String) async throws {
    let run = try await Executable(name).run(["--x"], script: "+")
    expect(run, stdout: "", stderr: "\(name): unknown option '--x'. Try '\(name) --help'.", status: 64)
  }

  @Test(arguments: [
    ("counter-demo", ["--dely", "1"], "unknown option '--dely' (did you mean '--delay'?)"),
    ("prime-modal-demo", ["--favorite", "3"], "unknown option '--favorite' (did you mean '--favorites'?)"),
    ("favorite-primes-demo", ["--fail-lod"], "unknown option '--fail-lod' (did you mean '--fail-load'?)"),
  ])
  func aMistypedOptionIsNamedWithTheClosestOne(name: String, arguments: [String], message: String) async throws {
    let run = try await Executable(name).run(arguments, script: "+")
    expect(run, stdout: "", stderr: "\(name): \(message). Try '\(name) --help'.", status: 64)
  }

  @Test func aValueMayBeAttachedOrNext() async throws {
    for arguments in [["--answer", "17", "--delay", "0"], ["--answer=17", "--delay=0"]] {
      let run = try await Executable("counter-demo").run(arguments, script: "+\nnth")
      expect(run, stdout: "- 1 +\nIs this prime?\nWhat is the 1st prime?\nThe 1st prime is 17")
    }
  }

  /// Run by bash with the binary's path as `$0`: prints the bash script, checks it with `bash -n`, sources it
  /// and shows what it registered.
  static let bashCheck = """
    script=$("$0" --completions bash) || exit 9
    /bin/bash -n -c "$script" || exit 8
    eval "$script"
    complete -p "${0##*/}"
    """
}
