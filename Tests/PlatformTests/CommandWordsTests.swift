import Platform
import Testing

/// The tokenizer of typed lines: whitespace splits, quotes and backslashes keep spaces, `~` and `~/` are the
/// home directory.
@Suite(.timeLimit(.minutes(1)))
struct CommandWordsTests {
  private func split(_ line: String, home: String? = "/home/ada") -> [String] {
    CommandWords.split(line, home: home)
  }

  @Test func whitespaceSeparatesWords() {
    #expect(split("  set \t 7  ") == ["set", "7"])
    #expect(split("") == [])
  }

  @Test func quotesAndABackslashKeepSpaces() {
    #expect(split(#"import "my primes.txt""#) == ["import", "my primes.txt"])
    #expect(split("import 'my primes.txt'") == ["import", "my primes.txt"])
    #expect(split(#"import my\ primes.txt"#) == ["import", "my primes.txt"])
    #expect(split(#"import dir/"a b"/c"#) == ["import", "dir/a b/c"])
    #expect(split(#"x "say \"hi\" \\ \n""#) == ["x", #"say "hi" \ \n"#])
    #expect(split(#"x 'a\b'"#) == ["x", #"a\b"#])
  }

  /// A line ending inside a quote is named, for the REPL to refuse it; an empty quoted word is a word, so that
  /// `export ""` is an empty file name rather than no file at all.
  @Test func aQuoteLeftOpenIsNamedAndEmptyQuotedWordsAreWords() {
    #expect(CommandWords.unclosedQuote(in: #"import "my file"#) == "\"")
    #expect(CommandWords.unclosedQuote(in: "export 'a") == "'")
    #expect(CommandWords.unclosedQuote(in: #"import "my file""#) == nil)
    #expect(CommandWords.unclosedQuote(in: "import plain.txt") == nil)
    #expect(split("import '' \"\"") == ["import", "", ""])
  }

  @Test func aTildeAloneOrBeforeASlashIsTheHome() {
    #expect(split("export ~/primes.txt") == ["export", "/home/ada/primes.txt"])
    #expect(split("export ~") == ["export", "/home/ada"])
    #expect(split("export ~ada/x a~/b") == ["export", "~ada/x", "a~/b"])
    #expect(split(#"export "~/x" \~/y"#) == ["export", "~/x", "~/y"])
    #expect(split("export ~/x", home: nil) == ["export", "~/x"])
    #expect(split("export ~/x", home: "") == ["export", "~/x"])
  }

  @Test func theLastWordIsReadAsFarAsItIsTyped() {
    #expect(
      CommandWords.lastWord(of: #"import "my fi"#, home: nil)
        == .init(wordsBefore: ["import"], text: "my fi", openQuote: "\"")
    )
    #expect(
      CommandWords.lastWord(of: "import ~/da", home: "/h") == .init(wordsBefore: ["import"], text: "/h/da", openQuote: nil)
    )
    #expect(CommandWords.lastWord(of: "import ", home: nil) == .init(wordsBefore: ["import"], text: "", openQuote: nil))
  }

  @Test func anEscapedWordReadsBackAsItself() {
    for name in ["my primes.txt", #"it's "x"\y"#, "plain"] {
      #expect(split("x " + CommandWords.escaped(name)) == ["x", name])
      #expect(split("x \"" + CommandWords.escaped(name, insideQuote: "\"") + "\"") == ["x", name])
      #expect(split("x '" + CommandWords.escaped(name, insideQuote: "'") + "'") == ["x", name])
    }
  }
}
