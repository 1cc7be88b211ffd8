import Platform
import Testing

@Suite(.timeLimit(.minutes(2))) struct SuggestionTests {
  @Test func editDistanceCountsASwapOfNeighboursAsOneEdit() {
    func distance(_ a: String, _ b: String) -> Int { Suggestion.distance(Array(a), Array(b)) }
    #expect(distance("save", "save") == 0)
    #expect(distance("sav", "save") == 1)
    #expect(distance("svae", "save") == 1)
    #expect(distance("nht", "nth") == 1)
    #expect(distance("ab", "ba") == 1)
    #expect(distance("abc", "ca") == 3)
    #expect(distance("sad", "load") == 2)
    #expect(distance("", "ab") == 2)
    #expect(distance("kitten", "sitting") == 3)
    #expect(distance(String(repeating: "a", count: 10_000), "save") == 3)
  }
}
