@testable import LineEditor
import Testing

/// Tab completes a command word typed in any case, as commands match in any case: the word typed becomes the
/// command's own spelling.
@Suite(.timeLimit(.minutes(2))) struct LineEditingCaseTests {
  private func edited(_ text: String, tabs: Int, completions: [String]) -> (LineEditing, LineEditing.Outcome?) {
    var editing = LineEditing(history: [], completions: completions)
    var last: LineEditing.Outcome?
    for scalar in text.unicodeScalars {
      last = editing.handle(.text(scalar))
    }
    for _ in 0..<tabs {
      last = editing.handle(.tab)
    }
    return (editing, last)
  }

  @Test func aUniqueMatchInAnotherCaseIsCompletedInTheCommandsSpelling() {
    let (line, last) = edited("PRI", tabs: 1, completions: ["prime", "nth", "quit"])
    #expect(line.text == "prime ")
    #expect(line.cursor == 6)
    #expect(last == .redraw)
  }

  @Test func theCommonPrefixOfMatchesInAnotherCaseIsCompletedThenListed() {
    let (line, last) = edited("FA", tabs: 1, completions: ["favorites", "fav", "unfav"])
    #expect(line.text == "fav")
    #expect(last == .redraw)
    var again = line
    #expect(again.handle(.tab) == .list(["fav", "favorites"]))
  }
}
