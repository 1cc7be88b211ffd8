@testable import Terminal
import Testing

@Suite struct TextStyleTests {
  @Test func colourNeedsATerminal() {
    #expect(TextStyle.isEnabled(isTerminal: true, environment: [:]))
    #expect(TextStyle.isEnabled(isTerminal: true, environment: ["TERM": "xterm-256color"]))
    #expect(!TextStyle.isEnabled(isTerminal: false, environment: ["TERM": "xterm-256color"]))
  }

  @Test func aNonEmptyNoColorSwitchesColourOff() {
    #expect(!TextStyle.isEnabled(isTerminal: true, environment: ["NO_COLOR": "1"]))
    #expect(!TextStyle.isEnabled(isTerminal: true, environment: ["NO_COLOR": "0"]))
    #expect(TextStyle.isEnabled(isTerminal: true, environment: ["NO_COLOR": ""]))
  }

  @Test func aDumbTerminalGetsNoColour() {
    #expect(!TextStyle.isEnabled(isTerminal: true, environment: ["TERM": "dumb"]))
  }

  @Test func enabledStylesWrapTextInSGRSequences() {
    let style = TextStyle(isEnabled: true)
    #expect(style.bold("b") == "\u{1B}[1mb\u{1B}[0m")
    #expect(style.dim("d") == "\u{1B}[2md\u{1B}[0m")
    #expect(style.red("r") == "\u{1B}[31mr\u{1B}[0m")
    #expect(style.green("g") == "\u{1B}[32mg\u{1B}[0m")
    #expect(style.yellow("y") == "\u{1B}[33my\u{1B}[0m")
    #expect(style.blue("b") == "\u{1B}[34mb\u{1B}[0m")
    #expect(style.magenta("m") == "\u{1B}[35mm\u{1B}[0m")
    #expect(style.cyan("c") == "\u{1B}[36mc\u{1B}[0m")
    #expect(style.bold("") == "")
  }

  @Test func disabledStylesLeaveTextAlone() {
    let style = TextStyle.plain
    #expect(style.bold("b") == "b")
    #expect(style.red("r") == "r")
  }
}

@Suite struct StatusLineTests {
  @Test func showReplacesTheLineInPlaceAndClearErasesIt() {
    let recording = RecordingConsole()
    let status = StatusLine(isEnabled: true, console: recording.console, columns: { 80 })
    status.show("computing… 10%")
    status.show("computing… 20%")
    status.clear()
    status.clear()
    #expect(recording.output == "\rcomputing… 10%\u{1B}[K\rcomputing… 20%\u{1B}[K\r\u{1B}[K")
  }

  @Test func theTextIsCutToFitAndStrippedOfControlCharacters() {
    #expect(StatusLine.fitted("abcdef", columns: 5) == "abcd")
    #expect(StatusLine.fitted("a\u{1B}[2Jb\nc", columns: 80) == "a[2Jbc")
    #expect(StatusLine.fitted("日本語", columns: 6) == "日本")
  }

  @Test func disabledItWritesNothing() {
    let recording = RecordingConsole()
    let status = StatusLine(isEnabled: false, console: recording.console)
    status.show("computing")
    status.clear()
    #expect(recording.output == "")
  }

  @Test func theClearingConsoleErasesTheStatusBeforeOutputAndErrors() {
    let recording = RecordingConsole()
    let status = StatusLine(isEnabled: true, console: recording.console, columns: { 80 })
    let console = status.clearing(recording.console)
    status.show("working")
    console.print("The 7th prime is 17")
    console.print("next")
    status.show("again")
    console.printError("oops")
    #expect(recording.output == "\rworking\u{1B}[K\r\u{1B}[KThe 7th prime is 17\nnext\n\ragain\u{1B}[K\r\u{1B}[K")
    #expect(recording.error == "oops\n")
  }
}
