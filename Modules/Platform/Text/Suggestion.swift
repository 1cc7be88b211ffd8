/// Guesses which word a word that is none meant, ignoring case: the REPL's commands (`sav` for `save`) and the
/// command line's flags (`--dely` for `--delay`) use the one rule.
package enum Suggestion {
  /// The furthest a word may be from a candidate (in edits, a swap of neighbours counting as one) to be suggested.
  package static let maximumDistance = 2

  /// The candidate closest to `word` within `maximumDistance` edits, the earliest in a tie; none that is
  /// only reached by replacing every character of the shorter of the two (`x` is one edit from `+`, but
  /// nothing of what was typed is left in it).
  package static func closest(to word: String, among candidates: [String]) -> String? {
    let characters = Array(word.lowercased())
    var best: (candidate: String, edits: Int)?
    for candidate in candidates {
      let target = Array(candidate.lowercased())
      let edits = distance(characters, target)
      guard edits <= maximumDistance, edits < max(characters.count, target.count) else { continue }
      if best.map({ edits < $0.edits }) ?? true {
        best = (candidate, edits)
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
  package static func distance(_ a: [Character], _ b: [Character]) -> Int {
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
