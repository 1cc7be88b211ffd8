@testable import ComposableArchitectureTestSupport
import Testing

@Suite(.timeLimit(.minutes(2)))
struct ValueDumpTests {
  private struct Profile: Equatable {
    var name = "Ada \"the first\""
    var primes: Set<Int> = [7, 2, 5]
    var scores: [String: Int] = ["b": 2, "a": 1]
    var nickname: String? = nil
    var pair = (x: 1, 2)

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
  }

  private enum Event {
    case tapped
    case moved(x: Int, y: Int)
    case named(String)
  }

  @Test func topLevelFieldsGoOnePerLineWithSortedSetsAndDictionaries() {
    #expect(
      ValueDump.lines(Profile()) == [
        "Profile(",
        "  name: \"Ada \\\"the first\\\"\",",
        "  primes: Set([2, 5, 7]),",
        "  scores: [\"a\": 1, \"b\": 2],",
        "  nickname: nil,",
        "  pair: (x: 1, 2)",
        ")",
      ]
    )
  }

  @Test func enumsShowTheCaseAndItsPayload() {
    #expect(ValueDump.inline(Event.tapped) == ".tapped")
    #expect(ValueDump.inline(Event.moved(x: 1, y: -2)) == ".moved(x: 1, y: -2)")
    #expect(ValueDump.inline(Event.named("n")) == ".named(\"n\")")
    #expect(ValueDump.inline([Event.tapped, .named("m")] as [Event]) == "[.tapped, .named(\"m\")]")
    #expect(ValueDump.inline([String: Int]()) == "[:]")
  }

  @Test func longNestedValuesExpandOntoTheirOwnLines() {
    let long = Array(repeating: 123_456_789, count: 10)
    #expect(
      ValueDump.lines((primes: long, n: 1)) == [
        "(",
        "  primes: [",
        "    123456789,",
        "    123456789,",
        "    123456789,",
        "    123456789,",
        "    123456789,",
        "    123456789,",
        "    123456789,",
        "    123456789,",
        "    123456789,",
        "    123456789",
        "  ],",
        "  n: 1",
        ")",
      ]
    )
  }

  @Test func aCycleOfReferencesStopsAtAFixedDepth() {
    final class Node {
      var next: Node?
    }
    let node = Node()
    node.next = node
    let lines = ValueDump.lines(node)
    #expect(lines.joined().contains("…"))
    node.next = nil
  }
}

@Suite(.timeLimit(.minutes(2)))
struct LineDiffTests {
  @Test func identicalLinesAroundAChangeAreKeptAsContext() {
    #expect(
      LineDiff.render(expected: ["a", "b", "c"], actual: ["a", "x", "c"]) == """
          a
        − b
        + x
          c
        """
    )
  }

  @Test func insertedAndRemovedLinesAreAligned() {
    #expect(
      LineDiff.render(expected: ["1", "2", "3", "4", "5", "6", "7", "8"], actual: ["1", "2", "3", "4", "5", "6", "7"])
        == """
          …
          6
          7
        − 8
        """
    )
  }
}
