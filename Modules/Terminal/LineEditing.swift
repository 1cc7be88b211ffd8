/// The state of one line being edited, changed key by key: the pure core of `LineEditor`.
///
/// It knows the text and cursor, the history being browsed with Up and Down (keeping the line being typed
/// as a draft), Tab completion of the first word, and Ctrl-R reverse search. It never touches the
/// terminal: `handle` says what to do next and `render` gives the bytes that redraw the line.
struct LineEditing: Sendable {
  /// What the terminal should show or the caller should do after a key.
  enum Outcome: Equatable, Sendable {
    /// The line or cursor changed: redraw it.
    case redraw
    /// Nothing visible changed.
    case unchanged
    /// The key could not do anything here (no completion, no older entry): ring the bell.
    case bell
    /// Clear the screen, then redraw the line at the top.
    case clearScreen
    /// Show these completions on the lines below, then redraw the line.
    case list([String])
    /// Enter: the line is finished.
    case accept(String)
    /// Ctrl-C: drop the line and start a fresh one.
    case interrupt
    /// Ctrl-D on an empty line: no more input.
    case endOfInput
    /// Ctrl-Z: suspend the process, then redraw.
    case suspend
  }

  /// A Ctrl-R search in progress.
  private struct Search: Sendable {
    var query: String
    /// The history index of the entry shown, if any entry matches.
    var match: Int?
    /// The line as it was when the search started, restored on Ctrl-G.
    var original: [Character]
    var failed: Bool
  }

  /// The line, as characters (grapheme clusters).
  private(set) var characters: [Character] = []
  /// Where the cursor is: the number of characters before it.
  private(set) var cursor = 0

  /// The entries Up and Down recall, oldest first.
  let history: [String]
  /// The words Tab completes the first word to.
  let completions: [String]

  /// The history entry shown, or nil for the draft.
  private var historyIndex: Int?
  /// The line being typed before Up was first pressed.
  private var draft: [Character] = []
  private var lastKeyWasTab = false
  private var search: Search?

  /// An empty line with the given history (oldest first) and completion words.
  init(history: [String] = [], completions: [String] = []) {
    self.history = history
    self.completions = completions
  }

  /// The text of the line.
  var text: String {
    String(characters)
  }

  /// Whether a Ctrl-R search is showing.
  var isSearching: Bool {
    search != nil
  }

  /// Applies `key` and says what the terminal should do.
  mutating func handle(_ key: Key) -> Outcome {
    let wasTab = lastKeyWasTab
    lastKeyWasTab = key == .tab
    if search != nil, let outcome = handleSearching(key) {
      return outcome
    }
    switch key {
    case .text(let scalar):
      insert(String(scalar))
      return .redraw
    case .enter:
      return .accept(text)
    case .backspace:
      guard cursor > 0 else { return .unchanged }
      characters.remove(at: cursor - 1)
      cursor -= 1
      return .redraw
    case .delete:
      guard cursor < characters.count else { return .unchanged }
      characters.remove(at: cursor)
      return .redraw
    case .endOfInput:
      if characters.isEmpty {
        return .endOfInput
      }
      guard cursor < characters.count else { return .unchanged }
      characters.remove(at: cursor)
      return .redraw
    case .left:
      return move(to: cursor - 1)
    case .right:
      return move(to: cursor + 1)
    case .home:
      return move(to: 0)
    case .end:
      return move(to: characters.count)
    case .wordLeft:
      return move(to: startOfWord(before: cursor))
    case .wordRight:
      var index = cursor
      while index < characters.count && characters[index].isWhitespace { index += 1 }
      while index < characters.count && !characters[index].isWhitespace { index += 1 }
      return move(to: index)
    case .killToStart:
      guard cursor > 0 else { return .unchanged }
      characters.removeSubrange(0..<cursor)
      cursor = 0
      return .redraw
    case .killToEnd:
      guard cursor < characters.count else { return .unchanged }
      characters.removeSubrange(cursor...)
      return .redraw
    case .deleteWord:
      let start = startOfWord(before: cursor)
      guard start < cursor else { return .unchanged }
      characters.removeSubrange(start..<cursor)
      cursor = start
      return .redraw
    case .up:
      return recall(older: true)
    case .down:
      return recall(older: false)
    case .tab:
      return complete(secondTab: wasTab)
    case .clearScreen:
      return .clearScreen
    case .reverseSearch:
      search = Search(query: "", match: nil, original: characters, failed: false)
      return .redraw
    case .interrupt:
      return .interrupt
    case .suspend:
      return .suspend
    case .cancel, .ignored:
      return .unchanged
    }
  }

  /// The bytes that redraw the line after `prompt` (which may hold colour sequences) on a terminal
  /// `columns` wide, leaving the cursor in place: carriage return, prompt, text, erase to the end of the
  /// terminal line, carriage return and a move right.
  ///
  /// A line too long for the terminal scrolls sideways: the part around the cursor is shown, so the line
  /// never wraps and a carriage return always finds its start. A control character in the text is shown
  /// as `^` and a letter (`^[` for ESC, `^?` for DEL), a C1 control character not at all, so the text can
  /// never move the cursor or change the terminal.
  func render(prompt: String, columns: Int) -> String {
    var prompt = prompt
    if let search {
      let label = search.failed ? "failing reverse-i-search" : "reverse-i-search"
      prompt = "(\(label))'\(Self.visible(search.query))': "
    }
    let promptWidth = DisplayWidth.ofPrompt(prompt)
    let room = max(columns - promptWidth - 1, 1)
    let visible = characters.map { Self.visible(String($0)) }
    let widths = visible.map { DisplayWidth.of($0) }
    var start = 0
    var beforeCursor = widths[0..<cursor].reduce(0, +)
    while beforeCursor > room - 1 && start < cursor {
      beforeCursor -= widths[start]
      start += 1
    }
    var end = start
    var width = 0
    while end < characters.count && width + widths[end] <= room {
      width += widths[end]
      end += 1
    }
    let column = promptWidth + beforeCursor
    let text = visible[start..<end].joined()
    return "\r" + prompt + text + "\u{1B}[K" + "\r" + (column > 0 ? "\u{1B}[\(column)C" : "")
  }

  /// `text` with each C0 control character and DEL written as `^` and a character, and C1 control
  /// characters removed.
  static func visible(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: History.isControl) else { return text }
    var shown = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x00..<0x20:
        shown.append("^")
        shown.append(Unicode.Scalar(UInt8(scalar.value) + 0x40))
      case 0x7F:
        shown.append(contentsOf: "^?".unicodeScalars)
      case 0x80...0x9F:
        break
      default:
        shown.append(scalar)
      }
    }
    return String(shown)
  }

  private mutating func insert(_ text: String) {
    let before = String(characters[0..<cursor]) + text
    let after = String(characters[cursor...])
    // Rebuilt from text, so a combining mark typed after a letter joins it as terminals draw it.
    characters = Array(before + after)
    cursor = min(before.count, characters.count)
  }

  private mutating func move(to index: Int) -> Outcome {
    let clamped = min(max(index, 0), characters.count)
    guard clamped != cursor else { return .unchanged }
    cursor = clamped
    return .redraw
  }

  /// The index where the word ending at `index` starts, skipping whitespace before it first.
  private func startOfWord(before index: Int) -> Int {
    var start = index
    while start > 0 && characters[start - 1].isWhitespace { start -= 1 }
    while start > 0 && !characters[start - 1].isWhitespace { start -= 1 }
    return start
  }

  private mutating func recall(older: Bool) -> Outcome {
    let next: Int?
    switch (historyIndex, older) {
    case (nil, true):
      guard !history.isEmpty else { return .bell }
      draft = characters
      next = history.count - 1
    case (nil, false):
      return .bell
    case (let index?, true):
      guard index > 0 else { return .bell }
      next = index - 1
    case (let index?, false):
      next = index + 1 < history.count ? index + 1 : nil
    }
    historyIndex = next
    characters = next.map { Array(history[$0]) } ?? draft
    cursor = characters.count
    return .redraw
  }

  /// Completes the first word when the cursor is at its end; anywhere else (inside the word, after it) the
  /// bell rings, so text after the cursor is never duplicated.
  private mutating func complete(secondTab: Bool) -> Outcome {
    let prefix = String(characters[0..<cursor])
    guard !prefix.contains(where: \.isWhitespace) else { return .bell }
    guard cursor == characters.count || characters[cursor].isWhitespace else { return .bell }
    var matches: [String] = []
    for word in completions where word.hasPrefix(prefix) && !matches.contains(word) {
      matches.append(word)
    }
    guard let first = matches.first else { return .bell }
    if matches.count == 1 {
      let next = cursor < characters.count ? characters[cursor] : nil
      insert(String(first.dropFirst(prefix.count)) + (next?.isWhitespace == true ? "" : " "))
      return .redraw
    }
    let common = matches.dropFirst().reduce(first) { common, word in
      String(zip(common, word).prefix { $0 == $1 }.map(\.0))
    }
    if common.count > prefix.count {
      insert(String(common.dropFirst(prefix.count)))
      return .redraw
    }
    return secondTab ? .list(matches.sorted()) : .bell
  }

  /// Handles `key` during a search; nil when the key ends the search and should then act on the line.
  private mutating func handleSearching(_ key: Key) -> Outcome? {
    guard var current = search else { return nil }
    switch key {
    case .text(let scalar):
      current.query.unicodeScalars.append(scalar)
      search = current
      return find(from: current.match ?? history.count - 1)
    case .backspace:
      guard !current.query.isEmpty else { return .unchanged }
      current.query.removeLast()
      search = current
      return find(from: history.count - 1)
    case .reverseSearch:
      guard let match = current.match else { return .bell }
      return find(from: match - 1)
    case .cancel:
      characters = current.original
      cursor = characters.count
      search = nil
      return .redraw
    case .ignored:
      return .unchanged
    default:
      search = nil
      return nil
    }
  }

  /// Shows the newest entry at or before `index` that contains the query.
  private mutating func find(from index: Int) -> Outcome {
    guard var current = search else { return .unchanged }
    var found: Int?
    if !current.query.isEmpty {
      var candidate = min(index, history.count - 1)
      while candidate >= 0 {
        if history[candidate].contains(current.query) {
          found = candidate
          break
        }
        candidate -= 1
      }
    }
    current.failed = found == nil && !current.query.isEmpty
    if let found {
      current.match = found
      characters = Array(history[found])
      if let range = history[found].firstRange(of: current.query) {
        cursor = history[found].distance(from: history[found].startIndex, to: range.lowerBound)
      }
      historyIndex = nil
    }
    search = current
    return current.failed ? .bell : .redraw
  }
}
