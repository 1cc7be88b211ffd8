@testable import LineEditor
import Testing

/// Tab after `import`, `export` or `backup`: the file names of the directory typed so far, escaped as the
/// REPL reads them back; never after another command or another argument.
@Suite(.timeLimit(.minutes(1)))
struct FileCompletionTests {
  /// A file system of two directories.
  private let files = FileCompletion(
    commands: ["import", "export", "backup"],
    home: "/home/ada",
    list: { directory in
      switch directory {
      case ".":
        [
          .init(name: "my primes.txt", isDirectory: false), .init(name: "my primes.old", isDirectory: false),
          .init(name: "data", isDirectory: true), .init(name: ".hidden", isDirectory: false),
        ]
      case "/home/ada/", "data/":
        [.init(name: "favorites.txt", isDirectory: false)]
      default:
        []
      }
    }
  )

  private func tab(_ text: String, times: Int = 1) -> (text: String, last: LineEditing.Outcome?) {
    var editing = LineEditing(completions: ["import", "nth"], fileCompletion: files)
    for scalar in text.unicodeScalars { _ = editing.handle(.text(scalar)) }
    var last: LineEditing.Outcome?
    for _ in 0..<times { last = editing.handle(.tab) }
    return (editing.text, last)
  }

  @Test func aUniqueFileIsCompletedWithASpaceAndADirectoryWithASlash() {
    #expect(tab("import da").text == "import data/")
    #expect(tab("import data/f").text == "import data/favorites.txt ")
    #expect(tab("IMPORT ~/fa").text == "IMPORT ~/favorites.txt ")
  }

  @Test func spacesInANameAreEscapedOrKeptInTheQuoteLeftOpen() {
    #expect(tab("import my").text == #"import my\ primes."#)
    #expect(tab(#"import my\ primes.t"#).text == #"import my\ primes.txt "#)
    #expect(tab(#"export "my primes.t"#).text == #"export "my primes.txt" "#)
    #expect(tab("backup 'my primes.o").text == "backup 'my primes.old' ")
  }

  @Test func aSecondTabListsTheNamesAndHiddenOnesNeedADot() {
    let listed = tab(#"import my\ primes."#, times: 2)
    #expect(listed.last == .list(["my primes.old", "my primes.txt"]))
    #expect(tab("import ", times: 2).last == .list(["data/", "my primes.old", "my primes.txt"]))
    #expect(tab("import .h").text == "import .hidden ")
  }

  @Test func otherCommandsAndOtherArgumentsGetTheBell() {
    #expect(tab("nth da") == ("nth da", .bell))
    #expect(tab("import data/favorites.txt da") == ("import data/favorites.txt da", .bell))
    #expect(tab("import zz") == ("import zz", .bell))
  }
}
