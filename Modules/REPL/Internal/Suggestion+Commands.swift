import Platform

extension Suggestion {
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
}
