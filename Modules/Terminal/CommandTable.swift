/// The commands a REPL understands, in the order `help` lists them, and the parser for a typed line.
///
/// Names and aliases are matched exactly (case-sensitively). If two specs share a word, the first one in
/// the table wins. The `REPL` handles `help`, `quit` and `exit` itself, before this table is consulted.
public struct CommandTable<Command>: Sendable {
  /// The commands, in the order `help` lists them.
  public let specs: [CommandSpec<Command>]

  /// Creates a table of the given commands.
  public init(_ specs: [CommandSpec<Command>]) {
    self.specs = specs
  }

  /// The spec whose name or one of whose aliases is exactly `word`, if any.
  public func spec(for word: String) -> CommandSpec<Command>? {
    specs.first { $0.name == word || $0.aliases.contains(word) }
  }

  /// Splits `line` on whitespace and parses it into a command.
  ///
  /// Fails with `unknown command 'sav'; did you mean 'save'? Type 'help' for the list.` (a suggestion only
  /// for a name or alias within 2 edits, the closest and then the first in the table), with
  /// `unknown command 'xyz'. Type 'help' for the list.`, or with whatever the spec's `parse` reports.
  public func parse(_ line: String) -> Result<Command, CommandError> {
    parse(words: Self.words(of: line), alsoSuggesting: [])
  }

  /// Parses words already split; `extraCandidates` (the REPL's built-ins) may also be suggested.
  func parse(words: [String], alsoSuggesting extraCandidates: [String]) -> Result<Command, CommandError> {
    guard let word = words.first else {
      return .failure(CommandError("no command given. Type 'help' for the list."))
    }
    guard let spec = spec(for: word) else {
      return .failure(.unknownCommand(word, candidates: candidates + extraCandidates))
    }
    return spec.parse(Array(words.dropFirst()))
  }

  /// Every name and alias, in table order: the words a suggestion is chosen from.
  var candidates: [String] {
    specs.flatMap { [$0.name] + $0.aliases }
  }

  /// The whitespace-separated words of `line`.
  static func words(of line: String) -> [String] {
    line.split(whereSeparator: \.isWhitespace).map(String.init)
  }
}
