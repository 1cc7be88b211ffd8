@testable import LineEditor
import Testing

@Suite(.timeLimit(.minutes(2))) struct HistoryTests {
  @Test func blankLinesAndImmediateRepeatsAreSkipped() {
    var history = History()
    let result1 = history.add("save")
    #expect(result1)
    let result2 = history.add("save")
    #expect(!result2)
    let result3 = history.add("")
    #expect(!result3)
    let result4 = history.add("  \t")
    #expect(!result4)
    let result5 = history.add("load")
    #expect(result5)
    let result6 = history.add("save")
    #expect(result6)
    #expect(history.entries == ["save", "load", "save"])
  }

  @Test func linesWithLineBreaksAreNotKept() {
    var history = History()
    let result7 = history.add("a\nb")
    #expect(!result7)
    let result8 = history.add("a\r\n")
    #expect(!result8)
    #expect(history.entries == [])
  }

  @Test func onlyTheNewestEntriesUpToTheCapacityAreKept() {
    var history = History(capacity: 2)
    for line in ["a", "b", "c"] {
      history.add(line)
    }
    #expect(history.entries == ["b", "c"])
    #expect(History(["1", "2", "3", "3", "4"], capacity: 3).entries == ["2", "3", "4"])
    #expect(History.defaultCapacity == 1000)
  }

  /// A history file of more lines than the capacity keeps the newest; the oldest are dropped once, after
  /// reading every line, not once per line (which made loading a long file take lines × capacity steps).
  @Test func aFileOfMoreLinesThanTheCapacityKeepsTheNewest() {
    let lines = (0..<2_500).map { "line \($0)\n" }.joined()
    let history = History(fileContents: lines, capacity: 1_000)
    #expect(history.entries.count == 1_000)
    #expect(history.entries.first == "line 1500")
    #expect(history.entries.last == "line 2499")
  }

  @Test func controlCharactersAreRemovedAndLinesLeftBlankAreSkipped() {
    var history = History()
    let result1 = history.add("nth\u{1B}[2J 5")
    #expect(result1)
    let result2 = history.add("\u{1B}\u{7F}\u{9B}")
    #expect(!result2)
    let result3 = history.add("nth[2J 5\u{9B}")
    #expect(!result3)
    let result4 = history.add("a\tb\u{07}\u{9D}c")
    #expect(result4)
    #expect(history.entries == ["nth[2J 5", "abc"])
  }

  @Test func controlCharactersInAHistoryFileAreRemoved() {
    let history = History(fileContents: "\u{1B}[2J\nsave\nx\u{9B}2J\n\u{1B}\n\u{9B}\nload\n")
    #expect(history.entries == ["[2J", "save", "x2J", "load"])
  }

  @Test func fileContentsRoundTrip() {
    let history = History(fileContents: "save\r\n\nnth 5\nnth 5\nload")
    #expect(history.entries == ["save", "nth 5", "load"])
    #expect(history.fileContents == "save\nnth 5\nload\n")
  }
}
