@testable import LineEditor
import Testing

@Suite(.timeLimit(.minutes(2))) struct LineEditorSessionTests {
  @Test func beginDrawsThePromptAndEnterEndsTheLine() {
    var session = LineEditorSession()
    let start = session.begin(prompt: "> ", columns: 80)
    #expect(start.output == "\r> \u{1B}[K\r\u{1B}[2C")
    #expect(start.ending == nil)
    let typed = session.feed(Array("ok\r".utf8), columns: 80)
    // Keys read together are drawn once: Enter then draws the line with the cursor at its end.
    #expect(typed.output == "\r> ok\u{1B}[K\r\u{1B}[4C\r\n")
    #expect(typed.ending == .line("ok"))
    #expect(session.history.entries == ["ok"])
  }

  @Test func ctrlCShowsCaretCDropsTheLineAndStartsAFreshOne() {
    var session = LineEditorSession()
    _ = session.begin(prompt: "> ", columns: 80)
    _ = session.feed(Array("set 5".utf8), columns: 80)
    let interrupted = session.feed([0x03], columns: 80)
    #expect(interrupted.output == "\r> set 5\u{1B}[K\r\u{1B}[7C^C\r\n\r> \u{1B}[K\r\u{1B}[2C")
    #expect(interrupted.ending == nil)
    #expect(session.feed(Array("+\r".utf8), columns: 80).ending == .line("+"))
    #expect(session.history.entries == ["+"])
  }

  @Test func ctrlDOnAnEmptyLineEndsInputWithoutOutput() {
    var session = LineEditorSession()
    _ = session.begin(prompt: "> ", columns: 80)
    let ended = session.feed([0x04], columns: 80)
    #expect(ended.output == "")
    #expect(ended.ending == .endOfInput)
  }

  @Test func linesTypedAheadWaitForTheNextPrompt() {
    var session = LineEditorSession()
    _ = session.begin(prompt: "> ", columns: 80)
    let pasted = session.feed(Array("save\rnth 5\r".utf8), columns: 80)
    #expect(pasted.ending == .line("save"))
    let next = session.begin(prompt: "$ ", columns: 80)
    #expect(next.output.hasPrefix("\r$ \u{1B}[K"))
    #expect(next.ending == .line("nth 5"))
    #expect(session.history.entries == ["save", "nth 5"])
  }

  @Test func upRecallsLinesFromEarlierPrompts() {
    var session = LineEditorSession(history: History(["from the file"]))
    _ = session.begin(prompt: "> ", columns: 80)
    _ = session.feed(Array("save\r".utf8), columns: 80)
    _ = session.begin(prompt: "> ", columns: 80)
    #expect(session.feed(Array("\u{1B}[A\u{1B}[A\r".utf8), columns: 80).ending == .line("from the file"))
  }

  @Test func blankAndRepeatedLinesAreNotKept() {
    var session = LineEditorSession()
    for line in ["save", "   ", "save", "load"] {
      _ = session.begin(prompt: "> ", columns: 80)
      _ = session.feed(Array((line + "\r").utf8), columns: 80)
    }
    #expect(session.history.entries == ["save", "load"])
    #expect(session.lastLineWasAdded)
  }

  @Test func secondTabListsCandidatesInColumnsBelowTheLine() {
    var session = LineEditorSession(completions: ["save", "set", "quit"])
    _ = session.begin(prompt: "> ", columns: 80)
    let first = session.feed(Array("s\t".utf8), columns: 80)
    #expect(first.output.hasSuffix("\u{07}"))
    let second = session.feed([0x09], columns: 80)
    #expect(second.output == "\r> s\u{1B}[K\r\u{1B}[3C\r\nsave  set\r\n\r> s\u{1B}[K\r\u{1B}[3C")
  }

  @Test func ctrlLClearsTheScreenAndRedraws() {
    var session = LineEditorSession()
    _ = session.begin(prompt: "> ", columns: 80)
    #expect(session.feed([0x0C], columns: 80).output == "\u{1B}[H\u{1B}[2J\r> \u{1B}[K\r\u{1B}[2C")
  }

  @Test func ctrlZAsksTheCallerToSuspendThenResumeRedraws() {
    var session = LineEditorSession()
    _ = session.begin(prompt: "> ", columns: 80)
    let suspended = session.feed(Array("ab\u{1A}".utf8), columns: 80)
    #expect(suspended.ending == .suspend)
    #expect(suspended.output.hasSuffix("\r\n"))
    let resumed = session.resume(columns: 80)
    #expect(resumed.output == "\r> ab\u{1B}[K\r\u{1B}[4C")
    #expect(resumed.ending == nil)
  }

  @Test func candidateColumnsWrapAtTheTerminalWidth() {
    #expect(LineEditorSession.columns(of: ["a", "bb", "ccc"], width: 10) == "a    bb\r\nccc\r\n")
    #expect(LineEditorSession.columns(of: ["a"], width: 1) == "a\r\n")
  }

  @Test func aLongPasteInOneReadIsDrawnOnceNotOncePerCharacter() {
    var session = LineEditorSession()
    _ = session.begin(prompt: "> ", columns: 80)
    let pasted = String(repeating: "x", count: 10_000)
    let shown = session.feed(Array(pasted.utf8), columns: 80)
    #expect(shown.ending == nil)
    // The end of the line, scrolled into the 77 columns left after the prompt and the free one.
    #expect(shown.output == "\r> " + String(repeating: "x", count: 76) + "\u{1B}[K\r\u{1B}[78C")
    let entered = session.feed(Array("\r".utf8), columns: 80)
    #expect(entered.ending == .line(pasted))
  }

  @Test func aPasteInTheMiddleOfALineKeepsItsOrder() {
    var session = LineEditorSession()
    _ = session.begin(prompt: "> ", columns: 80)
    _ = session.feed(Array("set ".utf8) + [0x01], columns: 80)
    let ended = session.feed(Array("12345\r".utf8), columns: 80)
    #expect(ended.ending == .line("12345set "))
  }
}
