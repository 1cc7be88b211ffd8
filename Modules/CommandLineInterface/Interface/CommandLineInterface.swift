/// A program's command line, declared once: its flags, the arguments it takes, and the text of its help.
///
/// ``parse(_:)`` reads a command line by these declarations; ``help`` (the `--help` text), the completion
/// scripts (``completionScript(for:)``) and the manual page (``manualPage``) are generated from the same
/// declarations, so none of them can say something the parser does not do. Every interface understands
/// `--help` (and `-h`), `--version`, `--completions SHELL`, `--manual`, `--flag=value` and `--flag value`, and
/// `--` as the end of the options; each flag may be given once. Every usage error is a ``UsageError``, which
/// ``optionsOrExit(initial:console:arguments:)`` reports with status 64.
public struct CommandLineInterface<Options: Sendable>: Sendable {
  /// The arguments that are not options: how `--help` names them and how each is taken.
  public struct Arguments: Sendable {
    /// The name in the usage line, for example `FILTER` or `COUNT`.
    public var placeholder: String
    /// What `--help` says of them.
    public var help: String
    /// The fewest that must be given: 0 makes them optional, and the usage line shows them in brackets.
    public var minimumCount: Int
    /// The most that may be given.
    public var maximumCount: Int
    /// Whether an argument that starts with `-` and is a number (`-3`) is an argument rather than an option.
    public var takesNegativeNumbers: Bool
    /// Checks one argument and stores it, or returns the error that says what is wrong with it.
    public var apply: @Sendable (inout Options, String) -> UsageError?

    /// Declares the arguments.
    public init(
      placeholder: String,
      help: String,
      minimumCount: Int = 0,
      maximumCount: Int = 1,
      takesNegativeNumbers: Bool = false,
      apply: @escaping @Sendable (inout Options, String) -> UsageError?
    ) {
      self.placeholder = placeholder
      self.help = help
      self.minimumCount = minimumCount
      self.maximumCount = maximumCount
      self.takesNegativeNumbers = takesNegativeNumbers
      self.apply = apply
    }
  }

  /// Flags that can't be given together, and why: `--sandbox` keeps everything in memory, so it can't be used
  /// with `--db`.
  public struct Exclusion: Sendable {
    /// The flags' long names.
    public var names: [String]
    /// The message when two are given; nil for `'--answer' and '--fail' can't be given together`.
    public var reason: String?

    /// Declares that none of `names` may be given with another of them.
    public init(_ names: [String], reason: String? = nil) {
      self.names = names
      self.reason = reason
    }
  }

  /// A titled section of the help after the options, and of the manual page: ENVIRONMENT, FILES, EXIT STATUS.
  public struct Section: Sendable {
    /// The title, in capitals: `ENVIRONMENT`.
    public var title: String
    /// Its entries: a term (a variable, a file) and what it is; an entry with an empty term is a paragraph.
    public var entries: [(term: String, text: String)]
    /// Whether `--help` shows it too; false for a section only the manual page has (the prompt's COMMANDS,
    /// which `--help` names in a line and `help` at the prompt lists).
    public var isInHelp: Bool

    /// Declares a section of terms and their descriptions; `isInHelp` false keeps it out of `--help`.
    public init(_ title: String, _ entries: [(term: String, text: String)], isInHelp: Bool = true) {
      self.title = title
      self.entries = entries
      self.isInHelp = isInHelp
    }

    /// Declares a section of one paragraph.
    public init(_ title: String, paragraph: String) {
      self.init(title, [("", paragraph)])
    }
  }

  /// The program's name: `primetime`.
  public var name: String
  /// What `--version` prints: `primetime 0.7.0`.
  public var version: String
  /// What the program is, in a few words for the manual page's NAME line (`count, find primes and keep
  /// favorites`); nil for the abstract's first sentence.
  public var shortDescription: String?
  /// What the program does, in one sentence or a few: the manual page's NAME line is its first sentence
  /// unless ``shortDescription`` is given.
  public var abstract: String
  /// Paragraphs after the abstract in `--help`, and the manual page's DESCRIPTION after it.
  public var discussion: [String]
  /// The options, in the order `--help` lists them (`--help`, `--version` and `--completions` come last, by
  /// themselves).
  public var flags: [Flag<Options>]
  /// The arguments that are not options, or nil when the program takes none.
  public var arguments: Arguments?
  /// Groups of flags that can't be given together.
  public var exclusions: [Exclusion]
  /// Sections after the options: ENVIRONMENT, FILES, EXIT STATUS, EXAMPLES (and COMMANDS, in the manual page
  /// only).
  public var sections: [Section]
  /// A check of the whole command line once every argument is read; nil when it is fine.
  public var validate: @Sendable (Options) -> UsageError?
  /// The subcommands the program runs itself before this command line is parsed (`replay`), for the
  /// completion scripts, the manual page's SYNOPSIS and the suggestion for a mistyped one.
  public var subcommands: [CompletionSubcommand]

  /// Declares a program's command line.
  public init(
    name: String,
    version: String,
    shortDescription: String? = nil,
    abstract: String,
    discussion: [String] = [],
    flags: [Flag<Options>],
    arguments: Arguments? = nil,
    exclusions: [Exclusion] = [],
    sections: [Section] = [],
    subcommands: [CompletionSubcommand] = [],
    validate: @escaping @Sendable (Options) -> UsageError? = { _ in nil }
  ) {
    self.name = name
    self.version = version
    self.shortDescription = shortDescription
    self.abstract = abstract
    self.discussion = discussion
    self.flags = flags
    self.arguments = arguments
    self.exclusions = exclusions
    self.sections = sections
    self.validate = validate
    self.subcommands = subcommands
  }
}
