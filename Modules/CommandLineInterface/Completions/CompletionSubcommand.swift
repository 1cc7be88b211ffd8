/// A subcommand a program takes as its first argument (`primetime replay`), as the program's completion
/// scripts offer it: its name and what it does, then, once it is typed, its own flags and its arguments.
///
/// The program runs the subcommand itself (it looks at its first argument before its own command line is
/// parsed); this only teaches the completion scripts about it. Its flags come from its own
/// ``CommandLineInterface``, so they are the ones its parser takes.
public struct CompletionSubcommand: Sendable {
  /// The word that starts it: `replay`.
  public var name: String
  /// What it does, in a few words, for the shells that show descriptions.
  public var summary: String
  /// Its flags, with `--help`, `--version`, `--completions` and `--manual`.
  let flags: [CompletableFlag]
  /// Whether its arguments that are not options are files.
  let argumentsAreFiles: Bool
  /// Its usage line's words after its name, for the program's manual page: `[--until N] [--diff OLD] FILE`.
  let synopsis: String

  /// The subcommand `name`, whose command line is `interface`; `argumentsAreFiles` when what it takes after
  /// its options are paths (a recording), so the scripts complete file names there.
  public init<Request>(
    _ name: String, summary: String, interface: CommandLineInterface<Request>, argumentsAreFiles: Bool = true
  ) {
    self.name = name
    self.summary = summary
    self.flags = interface.completableFlags
    self.argumentsAreFiles = argumentsAreFiles
    self.synopsis = interface.synopsis
  }
}

/// A flag as the completion scripts offer it: its names, its value's kind (nil for a switch), the first
/// sentence of its help, and the values it takes when they are a fixed few.
struct CompletableFlag: Sendable {
  var names: [String]
  var kind: OptionValueKind?
  var summary: String
  var choices: [String] = []
}
