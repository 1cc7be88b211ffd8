@testable import REPL
import Testing

@Suite(.timeLimit(.minutes(2))) struct TextStyleTests {
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
