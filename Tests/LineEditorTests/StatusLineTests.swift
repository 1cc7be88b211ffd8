@testable import LineEditor
import ExecutableTestSupport
import Testing

@Suite(.timeLimit(.minutes(2))) struct StatusLineTests {
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
