import CommandLineInterface
import Testing

/// A program with a subcommand, a short NAME line and a section only its manual page has, as primetime
/// declares its command line.
private struct ToolOptions: Equatable, Sendable {
  var quiet = false
  var until: Int?
}

private let replay = CommandLineInterface<ToolOptions>(
  name: "tool replay", version: "tool 1", abstract: "Replays a recording.",
  flags: [
    .option("--until", .init(placeholder: "N", kind: .number, needs: "a step", example: "3"), help: "Stop at N.") {
      options, _ in
      options.until = 1
      return nil
    }
  ],
  arguments: .init(placeholder: "FILE", help: "The recording.", minimumCount: 1) { _, _ in nil }
)

private let tool = CommandLineInterface<ToolOptions>(
  name: "tool",
  version: "tool 1",
  shortDescription: "count and keep things",
  abstract: "Tool: counts things, and keeps the ones you like in a file. It does more.",
  flags: [.switch("--quiet", help: "Say less.") { $0.quiet = true }],
  sections: [
    .init("COMMANDS", [("+", "Count up (alias: incr)")], isInHelp: false),
    .init("EXAMPLES", [("tool --quiet", "Counts quietly.")]),
  ],
  subcommands: [.init("replay", summary: "Replay a recording", interface: replay)]
)

@Suite(.timeLimit(.minutes(1)))
struct ManualPageAndSuggestionTests {
  private func error(_ arguments: [String]) -> String? {
    guard case let .failure(error) = tool.parse(arguments, initial: ToolOptions()) else { return nil }
    return error.message
  }

  @Test func theNameLineIsTheShortDescriptionWhenOneIsGiven() {
    #expect(tool.manualPage.contains("\n.SH NAME\ntool \\- count and keep things\n"))
  }

  @Test func theSynopsisHasALineForEachSubcommand() {
    #expect(tool.manualPage.contains("\n.SH SYNOPSIS\n.B tool\n[\\-\\-quiet]\n.br\n.B tool replay\n[\\-\\-until N] FILE\n"))
  }

  @Test func aSectionLeftOutOfTheHelpIsOnlyInTheManualPage() {
    #expect(tool.manualPage.contains("\n.SH COMMANDS\n.TP\n.B +\nCount up (alias: incr)\n"))
    #expect(!tool.help.contains("COMMANDS"))
    #expect(tool.help.contains("\nEXAMPLES:\n  tool --quiet"))
  }

  @Test func aMistypedSubcommandOrFlagGivenAsAnArgumentGetsASuggestion() {
    #expect(error(["repaly", "x"]) == "'repaly' is no subcommand, and no other arguments are taken (did you mean 'replay'?)")
    #expect(error(["help"]) == "'help' is no subcommand, and no other arguments are taken (did you mean '--help'?)")
    #expect(error(["quiet"]) == "'quiet' is no subcommand, and no other arguments are taken (did you mean '--quiet'?)")
    #expect(error(["favorites"]) == "'favorites' is no subcommand, and no other arguments are taken")
    // After `--`, the word is an argument on purpose: it is not suggested as itself.
    #expect(error(["--", "--help"]) == "'--help' is no subcommand, and no other arguments are taken")
  }
}
