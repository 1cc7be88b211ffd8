/// One line of a REPL's `help`: how to call a command, what it does, and the other words that run it.
///
/// ``CommandTable/helpListing`` gives them in `help`'s order, so a program can write the same list elsewhere
/// (a manual page's COMMANDS) without keeping a second one.
public struct CommandSummary: Equatable, Sendable {
  /// How to call the command, for example `delete I [I ...]`.
  public let usage: String
  /// One line saying what it does.
  public let summary: String
  /// The other words that run it, for example `["rm"]`.
  public let aliases: [String]

  /// The summary, then the aliases in parentheses: `End the session (alias: exit)`,
  /// `Go (aliases: g, run)`; the summary alone for a command without aliases.
  public var description: String {
    switch aliases.count {
    case 0: summary
    case 1: "\(summary) (alias: \(aliases[0]))"
    default: "\(summary) (aliases: \(aliases.joined(separator: ", ")))"
    }
  }

  /// The line of `spec`.
  init<Command>(_ spec: CommandSpec<Command>) {
    usage = spec.usage
    summary = spec.summary
    aliases = spec.aliases
  }
}

extension CommandTable {
  /// What `help` lists in a `REPL` of these commands, in its order: each command of the table, then the
  /// built-ins, `help` and `quit` (alias `exit`).
  public var helpListing: [CommandSummary] {
    specs.map(CommandSummary.init) + builtins.specs.map(CommandSummary.init)
  }
}
