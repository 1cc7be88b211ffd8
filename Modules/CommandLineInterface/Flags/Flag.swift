/// One option of a program's command line, declared once: how it is spelled, whether it takes a value, what
/// `--help` says of it, and what it does to the options.
///
/// A ``CommandLineInterface`` parses, describes and completes its flags from these declarations alone, so the
/// usage text, the completion scripts and the manual page cannot drift from what is parsed.
public struct Flag<Options: Sendable>: Sendable {
  /// What follows the flag on the command line.
  public enum Value: Sendable {
    /// Nothing: the flag is a switch (`--sandbox`), and `--sandbox=x` is refused.
    case none(set: @Sendable (inout Options) -> Void)
    /// One value, next (`--db PATH`) or attached (`--db=PATH`). `apply` checks the text and stores it, or
    /// returns the usage error that says what is wrong with it.
    case required(ValueSpec, apply: @Sendable (inout Options, String) -> UsageError?)
  }

  /// A value's declaration: what `--help` calls it, what it is, and an example for the messages.
  public struct ValueSpec: Sendable {
    /// The value's name in the usage text: `PATH`, `SECONDS`.
    public var placeholder: String
    /// A path or a number: decides which next arguments may be taken as the value (see ``optionValue(_:attached:remaining:kind:needs:example:)``)
    /// and what the completion scripts offer.
    public var kind: OptionValueKind
    /// What the value is, after "needs" in a message: `a file path`, `a number of seconds`.
    public var needs: String
    /// A sample value for the message when it is missing: `~/primes.sqlite3`.
    public var example: String

    /// Declares a value.
    public init(placeholder: String, kind: OptionValueKind, needs: String, example: String) {
      self.placeholder = placeholder
      self.kind = kind
      self.needs = needs
      self.example = example
    }
  }

  /// The long name, with its dashes: `--db`.
  public var name: String
  /// A one-letter name, with its dash (`-h`), or nil.
  public var shortName: String?
  /// What follows the flag.
  public var value: Value
  /// What `--help` says of the flag: one or more sentences, wrapped to fit.
  public var help: String

  /// Declares a flag; prefer ``switch(_:help:set:)`` and ``option(_:_:help:apply:)``.
  public init(name: String, shortName: String? = nil, value: Value, help: String) {
    self.name = name
    self.shortName = shortName
    self.value = value
    self.help = help
  }

  /// A flag that takes no value: `--trace`.
  public static func `switch`(
    _ name: String,
    help: String,
    set: @escaping @Sendable (inout Options) -> Void
  ) -> Self {
    Flag(name: name, value: .none(set: set), help: help)
  }

  /// A flag that takes one value: `--db PATH`. `apply` checks the value and stores it, or returns the error
  /// that says what is wrong with it.
  public static func option(
    _ name: String,
    _ value: ValueSpec,
    help: String,
    apply: @escaping @Sendable (inout Options, String) -> UsageError?
  ) -> Self {
    Flag(name: name, value: .required(value, apply: apply), help: help)
  }

  /// The value's declaration, or nil for a switch.
  public var valueSpec: ValueSpec? {
    switch value {
    case .none: nil
    case let .required(spec, _): spec
    }
  }

  /// How the flag is written in a synopsis: `--db PATH`, `--sandbox`.
  public var synopsis: String {
    valueSpec.map { "\(name) \($0.placeholder)" } ?? name
  }
}
