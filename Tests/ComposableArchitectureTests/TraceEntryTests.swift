import ComposableArchitecture
import Testing

/// Types named as a feature's, inside a namespace so they clash with no other test's.
private enum Fixture {
  struct Favorites: Equatable {
    var count = 0
    var primes: [Int] = []
    var activity: [Event] = []
  }

  struct Event: Equatable {
    var prime: Int
    var note = "added on the counter screen, long before anything else happened"
    var kind: Kind

    enum Kind: Equatable {
      case added
      case removed(reason: String)
    }
  }

  enum FavoritesAction: Equatable {
    case loaded([Int])
    case removed(at: Int)
  }
}

private typealias Favorites = Fixture.Favorites
private typealias Event = Fixture.Event

/// What ``Trace/entry(for:from:to:)`` writes: only what changed, found by comparing the values' parts, so a
/// state holding a million favourites costs about what the change costs, never a dump of the whole state.
@Suite(.timeLimit(.minutes(2)))
struct TraceEntryTests {
  private static let million = Array(1...1_000_000)

  @Test func anElementAddedToAMillionShowsOnlyThatElement() {
    let before = Favorites(primes: Self.million)
    var after = before
    after.primes.append(1_000_001)

    let clock = ContinuousClock()
    var entry = ""
    let elapsed = clock.measure {
      entry = Trace.entry(for: Fixture.FavoritesAction.loaded([1_000_001]), from: before, to: after)
    }

    #expect(
      entry == """
        received action: FavoritesAction.loaded([1000001])
          Favorites(
            …
            primes: [
              …
        +     1000001
            ],
            …
          )
        """
    )
    // About 20 ms in a debug build: one comparison of the arrays. Dumping both states takes seconds.
    #expect(elapsed < .seconds(1), "took \(elapsed)")
  }

  @Test func anElementChangedInTheMiddleIsShownAlone() {
    var primes = Array(1...50)
    let before = Favorites(primes: primes)
    primes[24] = 0
    let after = Favorites(primes: primes)

    #expect(
      Trace.entry(for: Fixture.FavoritesAction.removed(at: 25), from: before, to: after) == """
        received action: FavoritesAction.removed(at: 25)
          Favorites(
            …
            primes: [
              …
        −     25,
        +     0,
              …
            ],
            …
          )
        """
    )
  }

  @Test func aChangeInsideAnElementShowsThePathToIt() {
    let events = (1...30).map { Event(prime: $0, kind: .added) }
    var changed = events
    changed[29].kind = .removed(reason: "not wanted")
    let entry = Trace.entry(
      for: Fixture.FavoritesAction.removed(at: 30), from: Favorites(activity: events), to: Favorites(activity: changed)
    )

    #expect(
      entry == """
        received action: FavoritesAction.removed(at: 30)
          Favorites(
            …
            activity: [
              …
              Event(
                …
        −       kind: .added
        +       kind: .removed(reason: "not wanted")
              )
            ]
          )
        """
    )
  }

  @Test func aMillionElementsLoadedShowTheFirstFewAndHowManyMore() {
    let entry = Trace.entry(
      for: Fixture.FavoritesAction.loaded(Self.million), from: Favorites(), to: Favorites(primes: Self.million)
    )
    let lines = entry.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

    #expect(
      lines.first
        == "received action: FavoritesAction.loaded([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, "
        + "18, 19, 20, … 999980 more])"
    )
    #expect(lines.count < 40)
    #expect(lines.contains("    primes: ["))
    #expect(lines.contains("+     1,"))
    #expect(lines.contains("+     20,"))
    #expect(lines.contains("+     … 999980 more"))
  }

  @Test func equalStatesHaveNoChange() {
    let state = Favorites(count: 3, primes: Self.million)
    #expect(
      Trace.entry(for: Fixture.FavoritesAction.removed(at: 1), from: state, to: state)
        == "received action: FavoritesAction.removed(at: 1)\n  (no state change)"
    )
  }

  @Test func setsAndDictionariesShowWhatWasAddedAndRemoved() {
    struct Tags: Equatable {
      var tags: Set<String>
      var scores: [String: Int]
    }
    let before = Tags(
      tags: Set((1...100).map { "t\($0)" }), scores: Dictionary(uniqueKeysWithValues: (1...30).map { ("k\($0)", $0) })
    )
    var after = before
    after.tags.remove("t50")
    after.tags.insert("new")
    after.scores["k2"] = 0
    after.scores["k30"] = nil
    after.scores["new"] = 1

    #expect(
      Trace.entry(for: Fixture.FavoritesAction.removed(at: 1), from: before, to: after) == """
        received action: FavoritesAction.removed(at: 1)
          Tags(
            tags: Set([
              …
        −     "t50",
        +     "new",
            ]),
            scores: [
              …
        −     "k2": 2,
        +     "k2": 0,
        −     "k30": 30,
        +     "new": 1,
            ]
          )
        """
    )
  }

  @Test func aStateThatIsNoStructShowsBothValues() {
    #expect(
      Trace.entry(for: Fixture.FavoritesAction.removed(at: 1), from: 1, to: 2)
        == "received action: FavoritesAction.removed(at: 1)\n− 1\n+ 2"
    )
    #expect(
      Trace.entry(for: Fixture.FavoritesAction.removed(at: 1), from: Favorites?.none, to: Favorites(count: 1))
        == """
        received action: FavoritesAction.removed(at: 1)
        − nil
        + Favorites(
        +   count: 1,
        +   primes: [],
        +   activity: []
        + )
        """
    )
  }

  @Test func aSharedObjectIsNotWalked() {
    final class Node {
      var next: Node?
      var children: [Node] = []
    }
    struct Graph {
      var root: Node
      var count: Int
    }
    // A cycle with branches: walking it would take forever; the same object on both sides is no change.
    let node = Node()
    node.next = node
    node.children = [node, node, node]
    let entry = Trace.entry(
      for: Fixture.FavoritesAction.removed(at: 1), from: Graph(root: node, count: 1), to: Graph(root: node, count: 2)
    )
    #expect(
      entry == """
        received action: FavoritesAction.removed(at: 1)
          Graph(
            …
        −   count: 1
        +   count: 2
          )
        """
    )
    node.next = nil
    node.children = []
  }

  @Test func describeShowsTheStateFieldByFieldWithLongCollectionsShortened() {
    #expect(
      Trace.describe(Favorites(count: 2, primes: Self.million)) == [
        "Favorites(",
        "  count: 2,",
        "  primes: [",
        "    1,", "    2,", "    3,", "    4,", "    5,", "    6,", "    7,", "    8,", "    9,", "    10,",
        "    11,", "    12,", "    13,", "    14,", "    15,", "    16,", "    17,", "    18,", "    19,", "    20,",
        "    … 999980 more",
        "  ],",
        "  activity: []",
        ")",
      ]
    )
  }
}
