/// One command a `CommandTable` knows: its name and aliases, its help text, and how to read its arguments.
///
/// `parse` receives the words after the command word (split as `CommandTable.words(of:)` says: at whitespace,
/// with quotes, backslashes and `~/` read; never empty strings) and builds
/// the command or says what is wrong with them. Error messages name the command by `name`, even when the user
/// typed an alias. `CommandSpec.noArguments`, `.positiveInteger` and `.positiveIntegers` cover the common
/// shapes; `Arguments` has the same checks for writing other parsers.
public struct CommandSpec<Command>: Sendable {
  /// The word that runs the command, in any case (`SAVE` runs `save`); one word, no whitespace. `help` and
  /// error messages spell it as given here.
  public let name: String
  /// Other words that run the same command, for example `["rm"]` for `delete`; matched in any case too.
  public let aliases: [String]
  /// How to call it, as `help` shows it, for example `delete I [I ...]`.
  public let usage: String
  /// One line saying what the command does, shown by `help`.
  public let summary: String
  /// More text shown by `help NAME` after the summary (examples first); may span lines.
  public let detail: String?
  /// Whether its argument is a file: Tab at the prompt then completes file names after the command word.
  public let argumentIsFile: Bool
  /// Builds the command from the words after the command word.
  public let parse: @Sendable ([String]) -> Result<Command, CommandError>

  /// Creates a command spec; `usage` defaults to `name`; `argumentIsFile` makes Tab complete file names
  /// after it.
  public init(
    _ name: String,
    aliases: [String] = [],
    usage: String? = nil,
    summary: String,
    detail: String? = nil,
    argumentIsFile: Bool = false,
    parse: @escaping @Sendable ([String]) -> Result<Command, CommandError>
  ) {
    self.name = name
    self.aliases = aliases
    self.usage = usage ?? name
    self.summary = summary
    self.detail = detail
    self.argumentIsFile = argumentIsFile
    self.parse = parse
  }

  /// The name, then the aliases: every word that runs the command.
  var words: [String] {
    [name] + aliases
  }
}

extension CommandSpec where Command: Sendable {
  /// A command that takes no arguments and always parses to `command`.
  ///
  /// Any argument is an error: `'save' takes no arguments: type 'save' alone.`
  @inlinable
  public static func noArguments(
    _ name: String,
    aliases: [String] = [],
    summary: String,
    detail: String? = nil,
    command: Command
  ) -> CommandSpec {
    CommandSpec(name, aliases: aliases, summary: summary, detail: detail) { arguments in
      Arguments.none(arguments, command: name).map { command }
    }
  }
}

extension CommandSpec {
  /// A command that takes exactly one whole number from 1 to `maximum`, for example `nth N`.
  ///
  /// `needs` completes the error message `'nth' needs NEEDS; …`, so give an example there:
  /// `"a number like 'nth 5'"`. See `Arguments.positiveInteger` for the messages.
  @inlinable
  public static func positiveInteger(
    _ name: String,
    aliases: [String] = [],
    usage: String,
    summary: String,
    detail: String? = nil,
    needs: String,
    maximum: Int = .max,
    make: @escaping @Sendable (Int) -> Command
  ) -> CommandSpec {
    CommandSpec(name, aliases: aliases, usage: usage, summary: summary, detail: detail) { arguments in
      Arguments.positiveInteger(arguments, command: name, needs: needs, maximum: maximum).map(make)
    }
  }

  /// A command that takes exactly one whole number of any sign, for example `set N`.
  ///
  /// `needs` completes the error message `'set' needs NEEDS; …`; see `Arguments.integer` for the messages.
  @inlinable
  public static func integer(
    _ name: String,
    aliases: [String] = [],
    usage: String,
    summary: String,
    detail: String? = nil,
    needs: String,
    make: @escaping @Sendable (Int) -> Command
  ) -> CommandSpec {
    CommandSpec(name, aliases: aliases, usage: usage, summary: summary, detail: detail) { arguments in
      Arguments.integer(arguments, command: name, needs: needs).map(make)
    }
  }

  /// A command that takes one or more whole numbers from 1 to `maximum`, for example `delete I [I ...]`.
  ///
  /// `needs` completes the error message `'delete' needs NEEDS; …`, so give an example there:
  /// `"positions like 'delete 2 3'"`. See `Arguments.positiveIntegers` for the messages.
  @inlinable
  public static func positiveIntegers(
    _ name: String,
    aliases: [String] = [],
    usage: String,
    summary: String,
    detail: String? = nil,
    needs: String,
    maximum: Int = .max,
    make: @escaping @Sendable ([Int]) -> Command
  ) -> CommandSpec {
    CommandSpec(name, aliases: aliases, usage: usage, summary: summary, detail: detail) { arguments in
      Arguments.positiveIntegers(arguments, command: name, needs: needs, maximum: maximum).map(make)
    }
  }
}
