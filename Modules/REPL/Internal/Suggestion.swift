/// Guesses which command a word that is none meant, ignoring case as command matching does.
enum Suggestion {
  /// The furthest a word may be from a candidate (in edits, a swap of neighbours counting as one) to be suggested.
  static let maximumDistance = 2

  /// What to suggest for `word`, given each command's words (its name, then its aliases).
  ///
  /// A word that begins the words of exactly one command suggests that command, whatever the distance (`q`
  /// suggests `quit`, `del` suggests `delete`): the name if the word begins it, else the first alias it
  /// begins. A word that begins words of several commands suggests none at all (`s` with `set` and `save`,
  /// `fa` with `fav` and `favorites`), since guessing there could run the wrong command. Any other word
  /// gets the ``closest(to:among:)`` word.
  static func suggestion(for word: String, amongCommands commands: [[String]]) -> String? {
    let typed = word.lowercased()
    let begun = commands.compactMap { words in words.first { $0.lowercased().hasPrefix(typed) } }
    guard begun.isEmpty else {
      return begun.count == 1 ? begun.first : nil
    }
    return closest(to: word, among: commands.flatMap { $0 })
  }

  /// The candidate closest to `word` within `maximumDistance` edits, the earliest in a tie; none that is
  /// only reached by replacing every character of the shorter of the two (`x` is one edit from `+`, but
  /// nothing of what was typed is left in it).
  static func closest(to word: String, among candidates: [String]) -> String? {
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
