/// The words of a line typed at a prompt, split as a shell splits a command's arguments, in a few rules: the
/// one tokenizer of the REPL's lines, and of the word the line editor completes.
///
/// - Unquoted whitespace separates words; several in a row count as one.
/// - `'…'` keeps everything inside as it is, spaces included; `"…"` too, except that a backslash keeps a `"`
///   or a `\` after it (`"say \"hi\""`); outside quotes a backslash keeps the next character (`my\ file.txt`).
///   A quote left open closes at the end of the line.
/// - A word that starts with `~` alone or `~/`, unquoted, starts with `home` instead (`~/primes.txt`); other
///   words starting with `~` (`~ada/x`) are left as typed.
/// - A word that is empty once its quotes are gone (`''`) is no word.
///
/// ```swift
/// CommandWords.split(#"import "my file.txt""#, home: "/home/ada")  // ["import", "my file.txt"]
/// CommandWords.split("export ~/primes.txt", home: "/home/ada")     // ["export", "/home/ada/primes.txt"]
/// ```
package enum CommandWords {
  /// The word being typed at the end of a line, as the line editor completes it.
  package struct LastWord: Equatable, Sendable {
    /// The words before it.
    package var wordsBefore: [String]
    /// The word as far as it is typed, quotes and backslashes removed, `~/` expanded.
    package var text: String
    /// The quote left open in it (`"` or `'`), nil when none is.
    package var openQuote: Character?

    /// The last word `text`, after `wordsBefore`, with `openQuote` left open.
    package init(wordsBefore: [String], text: String, openQuote: Character?) {
      self.wordsBefore = wordsBefore
      self.text = text
      self.openQuote = openQuote
    }
  }

  /// The words of `line`; `home` replaces a leading `~` (unchanged when nil or empty).
  package static func split(_ line: String, home: String?) -> [String] {
    scan(line, home: home).words
  }

  /// The quote `line` ends inside of (`'` or `"`), or nil when every quote is closed: a line a person did not
  /// finish, which is refused rather than read as if it were closed.
  package static func unclosedQuote(in line: String) -> Character? {
    isPlain(line) ? nil : scan(line, home: nil).openQuote
  }

  /// The words of `line` before the last, and the last as typed so far: a line ending in unquoted whitespace
  /// has an empty last word.
  package static func lastWord(of line: String, home: String?) -> LastWord {
    let scanned = scan(line, home: home)
    guard let current = scanned.current else {
      return LastWord(wordsBefore: scanned.words, text: "", openQuote: nil)
    }
    return LastWord(
      wordsBefore: Array(scanned.words.dropLast()),
      text: current,
      openQuote: scanned.openQuote
    )
  }

  /// `text` written so that ``split(_:home:)`` reads it back as one word: inside the quote `openQuote` when
  /// the word has one open, else with a backslash before each whitespace, quote and backslash.
  package static func escaped(_ text: String, insideQuote openQuote: Character? = nil) -> String {
    var escaped = ""
    for character in text {
      switch openQuote {
      case "'":
        // Nothing is special inside '…' but its end; a name holding one closes it, and goes on escaped.
        escaped += character == "'" ? #"'\''"# : String(character)
      case "\"":
        if character == "\"" || character == "\\" { escaped.append("\\") }
        escaped.append(character)
      default:
        if character.isWhitespace || character == "'" || character == "\"" || character == "\\" {
          escaped.append("\\")
        }
        escaped.append(character)
      }
    }
    return escaped
  }

  /// Whether `line` holds nothing the plain split at whitespace would read differently: no quote, backslash
  /// or `~`.
  package static func isPlain(_ line: String) -> Bool {
    !line.utf8.contains { byte in
      byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "~")
    }
  }

  /// The words of `line`, and the last word when the line ends inside it (nil after unquoted whitespace or
  /// for an empty line), with the quote it left open.
  private static func scan(
    _ line: String, home: String?
  ) -> (words: [String], current: String?, openQuote: Character?) {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    var escaping = false
    var atWordStart = true
    let characters = Array(line)
    var index = 0
    func endWord() {
      // A word begun is a word, an empty quoted one ("") too: `export ""` names an empty file, not none.
      words.append(word)
      word = ""
      inWord = false
      atWordStart = true
    }
    while index < characters.count {
      let character = characters[index]
      index += 1
      if escaping {
        word.append(character)
        escaping = false
        continue
      }
      switch quote {
      case "'":
        if character == "'" { quote = nil } else { word.append(character) }
        continue
      case "\"":
        if character == "\"" {
          quote = nil
        } else if character == "\\", index < characters.count, characters[index] == "\"" || characters[index] == "\\" {
          word.append(characters[index])
          index += 1
        } else {
          word.append(character)
        }
        continue
      default:
        break
      }
      if character.isWhitespace {
        if inWord { endWord() }
        continue
      }
      let startsWord = atWordStart
      inWord = true
      atWordStart = false
      switch character {
      case "'", "\"":
        quote = character
      case "\\":
        escaping = true
      case "~" where startsWord:
        let next = index < characters.count ? characters[index] : nil
        if let home, !home.isEmpty, next == nil || next == "/" || next?.isWhitespace == true {
          word += home
        } else {
          word.append(character)
        }
      default:
        word.append(character)
      }
    }
    if escaping { word.append("\\") }
    guard inWord else { return (words, nil, nil) }
    words.append(word)
    return (words, word, quote)
  }
}
