import Platform

/// The commands a REPL understands, in the order `help` lists them, and the parser for a typed line.
///
/// Names and aliases match whatever their case: `SAVE`, `Save` and `save` all run `save`, and error messages
/// still spell the command as its spec does. If two specs share a word (in any case), the first one in the
/// table wins. The `REPL` handles `help`, `quit` and `exit` itself, in any case too, before this table is
/// consulted.
public struct CommandTable<Command>: Sendable {
  /// The commands, in the order `help` lists them.
  public let specs: [CommandSpec<Command>]

  /// Where in ``specs`` each name and alias, lowercased, first appears: one lookup finds a typed word's spec.
  @usableFromInline let indexByWord: [String: Int]

  /// Creates a table of the given commands.
  public init(_ specs: [CommandSpec<Command>]) {
    self.specs = specs
    var indexByWord: [String: Int] = [:]
    for (index, spec) in specs.enumerated() {
      for word in spec.words where indexByWord[word.lowercased()] == nil {
        indexByWord[word.lowercased()] = index
      }
    }
    self.indexByWord = indexByWord
  }

  /// The first spec whose name or one of whose aliases is `word`, ignoring case, if any.
  @inlinable
  public func spec(for word: String) -> CommandSpec<Command>? {
    index(of: word).map { specs[$0] }
  }

  /// Where in ``specs`` the spec of `word` is, ignoring case. Most words are typed as the table spells them,
  /// so a word is looked up as typed first, and lowercased only if that finds nothing.
  @inlinable
  func index(of word: String) -> Int? {
    indexByWord[word] ?? indexByWord[word.lowercased()]
  }

  /// Splits `line` into words (``words(of:home:)``: whitespace, quotes, backslashes, `~/`) and parses it into a
  /// command.
  ///
  /// Fails with whatever the spec's `parse` reports, or, for a word that is no command, with
  /// `unknown command 'q'; did you mean 'quit'? Type 'help' for the list.` or
  /// `unknown command 'xyz'. Type 'help' for the list.` The suggestion, ignoring case:
  /// - a word that begins the name or aliases of exactly one command suggests it (`q` → `quit`, `del` →
  ///   `delete`, `sav` → `save`);
  /// - a word that begins the words of several commands suggests none (`s` with `set` and `save`): a guess
  ///   there could run the wrong one;
  /// - any other word gets the name or alias within 2 edits (a swap of neighbours counting as one), the
  ///   closest and then the first in the table, as long as it keeps one character of what was typed in
  ///   place (`lod` → `load`, `nht` → `nth`; `x` gets no `+`).
  ///
  /// Inlinable, as the parsing of a known command is, so that a front end's table is specialized for its
  /// command type rather than run through generic code for every line.
  @inlinable
  public func parse(_ line: String) -> Result<Command, CommandError> {
    parse(words: Self.words(of: line), alsoSuggesting: [])
  }

  /// Parses words already split; `extraCommands` (the REPL's built-ins, each as its name then its aliases)
  /// may also be suggested.
  @inlinable
  func parse(
    words: [String],
    alsoSuggesting extraCommands: @autoclosure () -> [[String]]
  ) -> Result<Command, CommandError> {
    guard let word = words.first, let index = index(of: word) else {
      return .failure(unparsed(words, alsoSuggesting: extraCommands()))
    }
    return specs[index].parse(Array(words.dropFirst()))
  }

  /// Why `words` name no command: none given, or an unknown one, with a suggestion.
  @usableFromInline
  func unparsed(_ words: [String], alsoSuggesting extraCommands: [[String]]) -> CommandError {
    guard let word = words.first else { return CommandError("no command given. Type 'help' for the list.") }
    return .unknownCommand(word, commands: wordsByCommand + extraCommands)
  }

  /// Every name and alias, in table order: the words the line editor completes.
  var candidates: [String] {
    specs.flatMap(\.words)
  }

  /// Each command's name and aliases, in table order: what a suggestion is chosen from.
  var wordsByCommand: [[String]] {
    specs.map(\.words)
  }

  /// The words of `line`, read by the one tokenizer of typed lines (``CommandWords``): split at whitespace;
  /// `'…'`, `"…"` and a backslash keep spaces in a word (`import "my primes.txt"`, `import my\ primes.txt`);
  /// a word that starts with `~` alone or `~/` starts with `home` (by default the process's `HOME`) instead.
  @usableFromInline
  static func words(of line: String, home: @autoclosure () -> String? = homeDirectory()) -> [String] {
    guard CommandWords.isPlain(line) else { return CommandWords.split(line, home: home()) }
    return asciiWords(of: line) ?? line.split(whereSeparator: \.isWhitespace).map(String.init)
  }

  /// The process's `HOME`, which `~` stands for; nil when it is not set.
  @usableFromInline
  static func homeDirectory() -> String? {
    getenv("HOME").map { String(cString: $0) }
  }

  /// The words of an all-ASCII `line`, split at its bytes without Unicode property lookups, as
  /// `Character.isWhitespace` splits them (in ASCII: tab, line feed, vertical tab, form feed, carriage return
  /// and space); nil for a line with other bytes, or one not stored contiguously.
  private static func asciiWords(of line: String) -> [String]? {
    let words = line.utf8.withContiguousStorageIfAvailable { bytes -> [String]? in
      var words: [String] = []
      var start: Int?
      for index in bytes.indices {
        let byte = bytes[index]
        guard byte < 0x80 else { return nil }
        if byte == 0x20 || (0x09...0x0D).contains(byte) {
          if let wordStart = start {
            words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[wordStart..<index]), as: UTF8.self))
            start = nil
          }
        } else if start == nil {
          start = index
        }
      }
      if let wordStart = start {
        words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[wordStart...]), as: UTF8.self))
      }
      return words
    }
    return words ?? nil
  }
}
