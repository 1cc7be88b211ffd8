public import CommandLineInterface

extension CompletionSubcommand {
  /// `replay`, the subcommand of every program that records (`PROGRAM replay FILE`, `--diff OLD FILE`), whose
  /// command line is `interface`.
  public static func replay<Request>(_ interface: CommandLineInterface<Request>) -> Self {
    CompletionSubcommand("replay", summary: "Replay a recording, or compare two", interface: interface)
  }
}
