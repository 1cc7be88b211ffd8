@testable import FavoritePrimesLive
import Testing

/// The diff a save records, checked against the obvious set-based one on many lists.
@Suite(.timeLimit(.minutes(5))) struct StoredFavoritesTests {
  /// What `new` removes from and adds to `old`, each prime once in first-occurrence order, the plain way.
  private func expectedChanges(_ old: [Int], _ new: [Int]) -> (removed: [Int], added: [Int]) {
    func firstOccurrences(_ values: [Int]) -> [Int] {
      var seen = Set<Int>()
      return values.filter { seen.insert($0).inserted }
    }
    return (
      firstOccurrences(old.filter { !Set(new).contains($0) }), firstOccurrences(new.filter { !Set(old).contains($0) })
    )
  }

  private func expectChanges(from old: [Int], to new: [Int], sourceLocation: SourceLocation = #_sourceLocation) {
    let expected = expectedChanges(old, new)
    for stored in [
      StoredFavorites(primes: old, sorted: nil, dataVersion: 1),
      StoredFavorites(primes: old, sorted: old.sorted(), dataVersion: 1),
    ] {
      let (removed, added, saved) = stored.changes(to: new, dataVersion: 2)
      #expect(removed == expected.removed, "\(old) → \(new)", sourceLocation: sourceLocation)
      #expect(added == expected.added, "\(old) → \(new)", sourceLocation: sourceLocation)
      #expect(saved.primes == new, sourceLocation: sourceLocation)
      #expect(saved.sorted == new.sorted(), sourceLocation: sourceLocation)
      #expect(saved.dataVersion == 2, sourceLocation: sourceLocation)
    }
  }

  @Test func emptyRepeatedReorderedAndExtremeListsMatchTheSetBasedDiff() {
    expectChanges(from: [], to: [])
    expectChanges(from: [], to: [3, 2, 3])
    expectChanges(from: [3, 2, 3], to: [])
    expectChanges(from: [2, 3, 5], to: [5, 3, 2])
    expectChanges(from: [5, 5, 2], to: [2, 7, 7, 5, 11])
    expectChanges(from: [Int.max, Int.min, 0], to: [Int.min, -1, Int.max - 1])
    expectChanges(from: Array(0..<1_000), to: Array(1...1_000))
    expectChanges(from: Array((0..<1_000).reversed()), to: Array(500..<1_500))
  }

  @Test func randomListsWithRepeatsMatchTheSetBasedDiff() {
    var generator = SplitMix64(seed: 0x5052_4D54)
    for round in 0..<300 {
      let range = round.isMultiple(of: 3) ? -5...5 : -200...200
      let old = (0..<Int.random(in: 0...60, using: &generator)).map { _ in Int.random(in: range, using: &generator) }
      let new = (0..<Int.random(in: 0...60, using: &generator)).map { _ in Int.random(in: range, using: &generator) }
      expectChanges(from: old, to: new)
    }
  }
}

/// A small seeded generator, so a failing round can be replayed.
private struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
