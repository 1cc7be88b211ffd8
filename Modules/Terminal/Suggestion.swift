/// Guesses which command a mistyped word meant.
enum Suggestion {
  /// The furthest a word may be from a candidate (in edits, a swap of neighbours counting as one) to be suggested.
  static let maximumDistance = 2

  /// The candidate closest to `word` within `maximumDistance` edits. In a tie, a candidate that `word`
  /// begins (`sav` for `save` rather than `fav`) wins, then the earliest.
  static func closest(to word: String, among candidates: [String]) -> String? {
    let characters = Array(word)
    var best: (candidate: String, rank: (Int, Int))?
    for candidate in candidates {
      let edits = distance(characters, Array(candidate))
      guard edits <= maximumDistance else { continue }
      let rank = (edits, candidate.hasPrefix(word) ? 0 : 1)
      if best.map({ rank < $0.rank }) ?? true {
        best = (candidate, rank)
      }
    }
    return best?.candidate
  }

  /// The edit distance with adjacent transpositions (optimal string alignment): insertions, deletions,
  /// substitutions and swaps of two neighbouring characters turning `a` into `b`, so `nht` is one edit from
  /// `nth`.
  ///
  /// Returns early with a value above `maximumDistance` when the lengths alone rule a match out, so a long
  /// input line costs nothing.
  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    if abs(a.count - b.count) > maximumDistance {
      return maximumDistance + 1
    }
    var beforePrevious: [Int] = []
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
      var current = [i + 1]
      for (j, y) in b.enumerated() {
        var edits = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
        if i > 0 && j > 0 && x == b[j - 1] && a[i - 1] == y {
          edits = min(edits, beforePrevious[j - 1] + 1)
        }
        current.append(edits)
      }
      beforePrevious = previous
      previous = current
    }
    return previous[b.count]
  }
}
