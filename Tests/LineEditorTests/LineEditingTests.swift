@testable import LineEditor
import Testing

/// A line after typing `text` (each scalar a key) and then `keys`; the outcome of the last key.
private func edited(
  _ text: String,
  then keys: [Key] = [],
  history: [String] = [],
  completions: [String] = []
) -> (editing: LineEditing, last: LineEditing.Outcome?) {
  var editing = LineEditing(history: history, completions: completions)
  var last: LineEditing.Outcome?
  for scalar in text.unicodeScalars {
    last = editing.handle(.text(scalar))
  }
  for key in keys {
    last = editing.handle(key)
  }
  return (editing, last)
}

@Suite(.timeLimit(.minutes(2))) struct LineEditingTests {
  @Test func typingInsertsAtTheCursor() {
    let (line, last) = edited("ac", then: [.left, .text("b")])
    #expect(line.text == "abc")
    #expect(line.cursor == 2)
    #expect(last == .redraw)
  }

  @Test func backspaceAndDeleteRemoveAroundTheCursor() {
    #expect(edited("abc", then: [.backspace]).editing.text == "ab")
    #expect(edited("abc", then: [.home, .delete]).editing.text == "bc")
    #expect(edited("abc", then: [.home, .backspace]).last == .unchanged)
    #expect(edited("abc", then: [.delete]).last == .unchanged)
  }

  @Test func multiByteAndWideCharactersAreEditedWhole() {
    let (line, _) = edited("a🎉é日", then: [.left, .backspace])
    #expect(line.text == "a🎉日")
    #expect(line.cursor == 2)
    // A combining accent typed after a letter joins it.
    let (combined, _) = edited("e\u{301}", then: [.backspace])
    #expect(combined.text == "")
  }

  @Test func homeEndAndArrowsMoveTheCursorWithinTheLine() {
    #expect(edited("abc", then: [.home]).editing.cursor == 0)
    #expect(edited("abc", then: [.home, .end]).editing.cursor == 3)
    #expect(edited("abc", then: [.right]).last == .unchanged)
    #expect(edited("abc", then: [.home, .left]).last == .unchanged)
    #expect(edited("abc", then: [.home, .right, .right]).editing.cursor == 2)
  }

  @Test func wordMovesSkipSpacesThenAWord() {
    #expect(edited("set  42 x", then: [.wordLeft, .wordLeft]).editing.cursor == 5)
    #expect(edited("set  42 x", then: [.home, .wordRight]).editing.cursor == 3)
    #expect(edited("set  42 x", then: [.home, .wordRight, .wordRight]).editing.cursor == 7)
  }

  @Test func ctrlUCtrlKAndCtrlWDelete() {
    #expect(edited("delete 2 3", then: [.wordLeft, .killToStart]).editing.text == "3")
    #expect(edited("delete 2 3", then: [.wordLeft, .killToEnd]).editing.text == "delete 2 ")
    #expect(edited("delete 2 3  ", then: [.deleteWord]).editing.text == "delete 2 ")
    #expect(edited("delete", then: [.deleteWord, .deleteWord]).last == .unchanged)
  }

  @Test func ctrlDEndsInputOnlyOnAnEmptyLine() {
    #expect(edited("", then: [.endOfInput]).last == .endOfInput)
    let (line, last) = edited("ab", then: [.home, .endOfInput])
    #expect(line.text == "b")
    #expect(last == .redraw)
    #expect(edited("ab", then: [.endOfInput]).last == .unchanged)
  }

  @Test func enterAcceptsTheWholeLineWhereverTheCursorIs() {
    #expect(edited("nth 5", then: [.home, .enter]).last == .accept("nth 5"))
  }

  @Test func ctrlCCtrlLAndCtrlZAreHandedToTheCaller() {
    #expect(edited("x", then: [.interrupt]).last == .interrupt)
    #expect(edited("x", then: [.clearScreen]).last == .clearScreen)
    #expect(edited("x", then: [.suspend]).last == .suspend)
    #expect(edited("x", then: [.ignored]).last == .unchanged)
  }

  @Test func upAndDownWalkTheHistoryAndKeepTheLineBeingTyped() {
    let history = ["save", "nth 5", "load"]
    var (line, _) = edited("del", history: history)
    let result1 = line.handle(.up)
    #expect(result1 == .redraw)
    #expect(line.text == "load")
    #expect(line.cursor == 4)
    _ = line.handle(.up)
    _ = line.handle(.up)
    #expect(line.text == "save")
    let result2 = line.handle(.up)
    #expect(result2 == .bell)
    #expect(line.text == "save")
    _ = line.handle(.down)
    #expect(line.text == "nth 5")
    _ = line.handle(.down)
    _ = line.handle(.down)
    #expect(line.text == "del")
    let result3 = line.handle(.down)
    #expect(result3 == .bell)
    #expect(edited("", then: [.up]).last == .bell)
  }

  @Test func tabCompletesAUniqueMatchWithASpace() {
    let commands = ["prime", "nth", "+", "quit"]
    let (line, last) = edited("pri", then: [.tab], completions: commands)
    #expect(line.text == "prime ")
    #expect(line.cursor == 6)
    #expect(last == .redraw)
  }

  @Test func tabCompletesTheCommonPrefixThenTheNextTabLists() {
    let commands = ["favorites", "fav", "unfav", "fav"]
    let (line, last) = edited("f", then: [.tab], completions: commands)
    #expect(line.text == "fav")
    #expect(last == .redraw)
    var again = line
    let result4 = again.handle(.tab)
    #expect(result4 == .list(["fav", "favorites"]))
    #expect(again.text == "fav")
  }

  @Test func anAmbiguousTabRingsTheBellThenASecondTabLists() {
    var (line, _) = edited("", completions: ["ok", "nth", "+"])
    let result5 = line.handle(.tab)
    #expect(result5 == .bell)
    let result6 = line.handle(.tab)
    #expect(result6 == .list(["+", "nth", "ok"]))
    #expect(line.text == "")
  }

  @Test func tabWithNoMatchOrAfterTheFirstWordRingsTheBell() {
    #expect(edited("xyz", then: [.tab], completions: ["prime"]).last == .bell)
    #expect(edited("help pr", then: [.tab], completions: ["prime"]).last == .bell)
  }

  @Test func tabInsideTheFirstWordRingsTheBellAndChangesNothing() {
    let (line, last) = edited("activity", then: [.home, .right, .right, .tab], completions: ["activity"])
    #expect(last == .bell)
    #expect(line.text == "activity")
    #expect(line.cursor == 2)
  }

  @Test func tabAtTheEndOfTheFirstWordCompletesItBeforeTheRest() {
    let (line, last) = edited("ac 5", then: [.home, .right, .right, .tab], completions: ["activity"])
    #expect(last == .redraw)
    #expect(line.text == "activity 5")
    #expect(line.cursor == 8)
  }

  @Test func aTabBetweenOtherKeysDoesNotList() {
    let (_, last) = edited("", then: [.tab, .text("x"), .backspace, .tab], completions: ["ok", "on"])
    #expect(last == .bell)
  }

  @Test func ctrlRFindsTheNewestEntryContainingTheQuery() {
    let history = ["nth 5", "save", "nth 7", "load"]
    var (line, _) = edited("draft", then: [.reverseSearch], history: history)
    #expect(line.isSearching)
    for scalar in "nth".unicodeScalars {
      _ = line.handle(.text(scalar))
    }
    #expect(line.text == "nth 7")
    let result7 = line.handle(.reverseSearch)
    #expect(result7 == .redraw)
    #expect(line.text == "nth 5")
    let result8 = line.handle(.reverseSearch)
    #expect(result8 == .bell)
    let result9 = line.handle(.enter)
    #expect(result9 == .accept("nth 5"))
  }

  @Test func ctrlGLeavesTheSearchRestoringTheLine() {
    var (line, _) = edited("draft", then: [.reverseSearch, .text("s"), .cancel], history: ["save"])
    #expect(!line.isSearching)
    #expect(line.text == "draft")
    let result10 = line.handle(.left)
    #expect(result10 == .redraw)
  }

  @Test func aFailedSearchSaysSo() {
    let (line, last) = edited("", then: [.reverseSearch, .text("z")], history: ["save"])
    #expect(last == .bell)
    #expect(line.render(prompt: "> ", columns: 80).contains("(failing reverse-i-search)'z': "))
  }

  @Test func renderRedrawsPromptAndTextAndPlacesTheCursor() {
    let (line, _) = edited("abc", then: [.left])
    #expect(line.render(prompt: "> ", columns: 80) == "\r> abc\u{1B}[K\r\u{1B}[4C")
    #expect(LineEditing().render(prompt: "", columns: 80) == "\r\u{1B}[K\r")
  }

  @Test func colourInThePromptTakesNoColumns() {
    let (line, _) = edited("ab")
    #expect(
      line.render(prompt: "\u{1B}[1mcount 0> \u{1B}[0m", columns: 80)
        == "\r\u{1B}[1mcount 0> \u{1B}[0mab\u{1B}[K\r\u{1B}[11C"
    )
  }

  @Test func controlCharactersInTheLineAreShownNotObeyed() {
    var line = LineEditing(history: ["a\u{1B}[2Jb\u{9B}c\u{7F}"])
    _ = line.handle(.up)
    #expect(
      line.render(prompt: "> ", columns: 80) == "\r> a\\u{1B}[2Jb\\u{9B}c\\u{7F}\u{1B}[K\r\u{1B}[26C")
  }

  @Test func wideCharactersTakeTwoColumns() {
    let (line, _) = edited("日🎉a", then: [.left])
    #expect(line.render(prompt: "> ", columns: 80).hasSuffix("\r\u{1B}[6C"))
  }

  @Test func aLineWiderThanTheTerminalScrollsAroundTheCursor() {
    let (line, _) = edited("0123456789abcdef")
    // 12 columns: 2 for the prompt, 1 kept free, 9 for text ending at the cursor.
    #expect(line.render(prompt: "> ", columns: 12) == "\r> 89abcdef\u{1B}[K\r\u{1B}[10C")
    var home = line
    _ = home.handle(.home)
    #expect(home.render(prompt: "> ", columns: 12) == "\r> 012345678\u{1B}[K\r\u{1B}[2C")
  }

  @Test func typingALongLineSegmentsEachCharacterAFewTimesNotTheWholeLinePerKey() {
    var line = LineEditing()
    let count = 5_000
    for _ in 0..<count {
      _ = line.handle(.text("7"))
    }
    #expect(line.text == String(repeating: "7", count: count))
    #expect(line.cursor == count)
    // Rebuilding the whole line per key would segment about count²/2 = 12,500,000 characters.
    #expect(line.charactersSegmented <= 3 * count)
  }

  @Test func aCombiningMarkTypedAfterALetterStillJoinsIt() {
    let (line, _) = edited("ab", then: [.left, .text("\u{301}")])
    #expect(line.text == "a\u{301}b")
    #expect(line.characters.count == 2)
    #expect(line.cursor == 1)
    let (atStart, _) = edited("\u{301}x", then: [.home, .text("e")])
    #expect(atStart.characters == ["e\u{301}", "x"])
    #expect(atStart.cursor == 1)
  }

  @Test func searchingALargeHistoryFindsTheNewestMatchAndNeverRescansItPerKey() {
    let history = (0..<10_000).map { "nth \($0)" } + ["save", "load"]
    var line = LineEditing(history: history)
    _ = line.handle(.reverseSearch)
    _ = line.handle(.text("1"))
    #expect(line.text == "nth 9991")
    _ = line.handle(.text("2"))
    #expect(line.text == "nth 9912")
    // Each key continues from the match so far: a handful of entries, not the whole history per key.
    #expect(line.entriesSearched < 200)
    let typed = line.entriesSearched
    // A query nothing matches: the first key finds that out, the next ones must not search again.
    for scalar in "zzzzz".unicodeScalars {
      _ = line.handle(.text(scalar))
    }
    #expect(line.render(prompt: "> ", columns: 80).contains("(failing reverse-i-search)'12zzzzz': "))
    #expect(line.text == "nth 9912")
    #expect(line.entriesSearched - typed < history.count)
    let failed = line.entriesSearched
    // Backspace goes back to the newest entry matching the shorter query, as before, without a new search.
    for _ in 0..<5 {
      _ = line.handle(.backspace)
    }
    #expect(line.render(prompt: "> ", columns: 80).contains("(reverse-i-search)'12': "))
    #expect(line.text == "nth 9912")
    _ = line.handle(.backspace)
    #expect(line.text == "nth 9991")
    #expect(line.entriesSearched - failed < history.count)
    #expect(line.handle(.reverseSearch) == .redraw)
    #expect(line.text == "nth 9981")
    #expect(line.handle(.enter) == .accept("nth 9981"))
  }

  @Test func drawingALongLineLooksOnlyAtTheCharactersAroundTheCursor() {
    var line = LineEditing()
    _ = line.type(String(repeating: "x", count: 50_000))
    #expect(line.shown(room: 77).examined <= 2 * 77 + 2)
    _ = line.handle(.home)
    #expect(line.shown(room: 77).examined <= 2 * 77 + 2)
    let expected = "\r> " + String(repeating: "x", count: 77) + "\u{1B}[K\r\u{1B}[2C"
    #expect(line.render(prompt: "> ", columns: 80) == expected)
  }

  /// A run of zero-width spaces (U+200B, which would hide text, so each is drawn escaped, 8 columns wide) must
  /// not be walked in full on every redraw: only what fits around the cursor is looked at.
  @Test func drawingALongRunOfZeroWidthCharactersLooksOnlyAtAFewOfThem() {
    var line = LineEditing()
    _ = line.type("a" + String(repeating: "\u{200B}", count: 50_000) + "b")
    let shown = line.shown(room: 77)
    #expect(shown.examined <= 2 * 77 + 2)
    #expect(shown.range.upperBound == line.characters.count)
    // "b" and the nine escapes before it that fit in 76 columns.
    #expect(line.render(prompt: "> ", columns: 80).hasSuffix("\\u{200B}b\u{1B}[K\r\u{1B}[75C"))
    _ = line.handle(.home)
    #expect(line.shown(room: 77).examined <= 2 * 77 + 2)
    #expect(line.render(prompt: "> ", columns: 80).hasPrefix("\r> a\\u{200B}"))
  }
}
