import Platform

/// The state of one line being edited, changed key by key: the pure core of `LineEditor`.
///
/// It knows the text and cursor, the history being browsed with Up and Down (keeping the line being typed
/// as a draft), Tab completion of the first word, and Ctrl-R reverse search. It never touches the
/// terminal: `handle` says what to do next and `render` gives the bytes that redraw the line.
///
/// Work stays linear in the text typed, so a long paste is taken at once: typing joins the new text only to
/// the characters either side of the cursor (never segments the whole line again), `render` looks only at
/// the characters around the cursor that fit on the screen, and a search continues from its match, never
/// searches again when a longer query cannot match, and goes back without searching on Backspace.
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
    var step: Step
    /// The line as it was when the search started, restored on Ctrl-G.
    var original: [Character]
    /// The steps of the queries typed so far while each match was the newest entry holding its query (no
    /// Ctrl-R since), shortest query first: Backspace goes back to one without searching again.
    var newest: [Step] = []
    /// Whether `step` holds the newest entry matching its query, so it can join `newest`.
    var isNewest = true
  }

  /// What a search shows for one query.
  private struct Step: Sendable {
    var query: String
    /// The history index of the entry shown, if any entry matched.
    var match: Int?
    var failed = false
    /// When the query failed: the index the failed search started from. No entry at or before it holds the
    /// query, so none holds a longer one.
    var failedFrom: Int?
  }

  /// The line, as characters (grapheme clusters).
  private(set) var characters: [Character] = []
  /// Where the cursor is: the number of characters before it.
  private(set) var cursor = 0

  /// The entries Up and Down recall, oldest first.
  let history: [String]
  /// The words Tab completes the first word to.
  let completions: [String]
  /// What Tab completes the file argument of some commands with.
  let fileCompletion: FileCompletion

  /// The history entry shown, or nil for the draft.
  private var historyIndex: Int?
  /// The line being typed before Up was first pressed.
  private var draft: [Character] = []
  private var lastKeyWasTab = false
  private var search: Search?

  /// How many characters insertions have segmented into grapheme clusters so far: a measure of the work
  /// typing does, which tests use to check it grows linearly with the text typed.
  private(set) var charactersSegmented = 0
  /// How many history entries Ctrl-R searches have examined so far, for the same kind of check.
  private(set) var entriesSearched = 0

  /// An empty line with the given history (oldest first), completion words and file completion.
  init(history: [String] = [], completions: [String] = [], fileCompletion: FileCompletion = .none) {
    self.history = history
    self.completions = completions
    self.fileCompletion = fileCompletion
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
      return type(String(scalar))
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
      search = Search(step: Step(query: ""), original: characters)
      return .redraw
    case .interrupt:
      return .interrupt
    case .suspend:
      return .suspend
    case .cancel, .ignored:
      return .unchanged
    }
  }

  /// Types `text` (printable characters, as `.text` keys would one at a time) at the cursor, or onto the
  /// query of a search in progress, at a cost linear in `text`'s length: a pasted run of characters goes
  /// in with one call.
  mutating func type(_ text: String) -> Outcome {
    lastKeyWasTab = false
    guard !text.isEmpty else { return .unchanged }
    if search != nil {
      return appendToQuery(text)
    }
    insert(text)
    return .redraw
  }

  /// The bytes that redraw the line after `prompt` (which may hold colour sequences) on a terminal
  /// `columns` wide, leaving the cursor in place: carriage return, prompt, text, erase to the end of the
  /// terminal line, carriage return and a move right.
  ///
  /// A line too long for the terminal scrolls sideways: the part around the cursor is shown, so the line
  /// never wraps and a carriage return always finds its start. A character the terminal would not show as
  /// itself (a control character, a format character such as U+202E or U+200B) is drawn escaped (`\u{1B}`,
  /// `\u{202E}`; ``visible(_:)``), so the text can never move the cursor, change the terminal, or reorder or
  /// hide what is drawn.
  func render(prompt: String, columns: Int) -> String {
    var prompt = prompt
    if let search {
      let label = search.step.failed ? "failing reverse-i-search" : "reverse-i-search"
      prompt = "(\(label))'\(Self.visible(search.step.query))': "
    }
    let promptWidth = DisplayWidth.ofPrompt(prompt)
    let window = shown(room: max(columns - promptWidth - 1, 1))
    let column = promptWidth + window.beforeCursor
    let text = characters[window.range].map { Self.visible(String($0)) }.joined()
    return "\r" + prompt + text + "\u{1B}[K" + "\r" + (column > 0 ? "\u{1B}[\(column)C" : "")
  }

  /// The characters shown in `room` columns: as many as fit before the cursor with one column to spare for
  /// it, then as many after it as fit; and the columns before the cursor. Only the characters looked at
  /// (`examined`) cost anything: at most `room + 1` on each side of the cursor, however long the line.
  ///
  /// Characters of no width take no room, so each side stops after `room + 1` characters even if more
  /// would fit: a long run of them is cut, which shows nothing less.
  func shown(room: Int) -> (range: Range<Int>, beforeCursor: Int, examined: Int) {
    let limit = room + 1
    var examined = 0
    var start = cursor
    var beforeCursor = 0
    while start > 0 && examined < limit {
      let width = Self.width(of: characters[start - 1])
      examined += 1
      guard beforeCursor + width <= room - 1 else { break }
      beforeCursor += width
      start -= 1
    }
    var end = cursor
    var width = beforeCursor
    let examinedBefore = examined
    while end < characters.count && examined - examinedBefore < limit {
      let next = Self.width(of: characters[end])
      examined += 1
      guard width + next <= room else { break }
      width += next
      end += 1
    }
    return (start..<end, beforeCursor, examined)
  }

  /// The columns `character` takes as shown (escaped when the terminal would not show it as itself).
  private static func width(of character: Character) -> Int {
    guard !Echo.isCharacterShownAsItself(character) else { return DisplayWidth.of(character) }
    return DisplayWidth.of(visible(String(character)))
  }

  /// `text` as the line is drawn: every character a terminal would not show as itself (a control character,
  /// U+202E that reorders what follows, U+200B that hides) escaped as `\u{202E}`, by the one rule of every line
  /// PrimeTime prints (`Echo.escaped`). The line itself keeps what was typed.
  static func visible(_ text: String) -> String {
    Echo.escaped(text)
  }

  /// Replaces the `count` characters before the cursor, the word typed so far, with `text`.
  private mutating func replaceTypedWord(of count: Int, with text: String) {
    characters.removeSubrange((cursor - count)..<cursor)
    cursor -= count
    insert(text)
  }

  private mutating func insert(_ text: String) {
    // Segmented again with the characters either side, so a combining mark typed after a letter joins it
    // as terminals draw it; the rest of the line cannot join what is typed.
    let lower = max(cursor - 1, 0)
    let upper = min(cursor + 1, characters.count)
    let before = String(characters[lower..<cursor]) + text
    let joined = Array(before + String(characters[cursor..<upper]))
    charactersSegmented += joined.count
    characters.replaceSubrange(lower..<upper, with: joined)
    cursor = lower + min(before.count, joined.count)
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

  /// Completes the first word when the cursor is at its end, or the file name after a command that takes one
  /// (``FileCompletion``); anywhere else (inside a word, another argument) the bell rings, so text after the
  /// cursor is never duplicated.
  private mutating func complete(secondTab: Bool) -> Outcome {
    let prefix = String(characters[0..<cursor])
    guard cursor == characters.count || characters[cursor].isWhitespace else { return .bell }
    guard !prefix.contains(where: \.isWhitespace) else { return completeFile(after: prefix, secondTab: secondTab) }
    // Commands match in any case, so completion does too; what was typed becomes the command's spelling.
    let folded = prefix.lowercased()
    var matches: [String] = []
    for word in completions where word.lowercased().hasPrefix(folded) && !matches.contains(word) {
      matches.append(word)
    }
    guard let first = matches.first else { return .bell }
    if matches.count == 1 {
      let next = cursor < characters.count ? characters[cursor] : nil
      replaceTypedWord(of: prefix.count, with: first + (next?.isWhitespace == true ? "" : " "))
      return .redraw
    }
    let common = matches.dropFirst().reduce(first) { common, word in
      String(zip(common, word).prefix { $0 == $1 }.map(\.0))
    }
    if common.count > prefix.count {
      replaceTypedWord(of: prefix.count, with: common)
      return .redraw
    }
    return secondTab ? .list(matches.sorted()) : .bell
  }

  /// Completes the file name being typed as the one argument of a command of ``fileCompletion``: the rest of
  /// the only name that fits (then `/` for a directory, else the quote left open and a space), or as much as
  /// all the names that fit share; a second Tab lists them. What was typed is never rewritten, only added to,
  /// escaped as the tokenizer reads it back (``CommandWords``). Hidden names only when the word starts with `.`.
  private mutating func completeFile(after prefix: String, secondTab: Bool) -> Outcome {
    let word = CommandWords.lastWord(of: prefix, home: fileCompletion.home)
    guard word.wordsBefore.count == 1, let command = word.wordsBefore.first,
      fileCompletion.commands.contains(command.lowercased())
    else { return .bell }
    let slash = word.text.lastIndex(of: "/")
    let directory = slash.map { String(word.text[...$0]) } ?? "."
    let typed = slash.map { String(word.text[word.text.index(after: $0)...]) } ?? word.text
    let matches = fileCompletion.list(directory)
      .filter { $0.name.hasPrefix(typed) && (typed.hasPrefix(".") || !$0.name.hasPrefix(".")) }
      .sorted { $0.name < $1.name }
    guard let first = matches.first else { return .bell }
    let added = { (name: String) in
      CommandWords.escaped(String(name.dropFirst(typed.count)), insideQuote: word.openQuote)
    }
    if matches.count == 1 {
      var insertion = added(first.name)
      if first.isDirectory {
        insertion += "/"
      } else {
        insertion += word.openQuote.map(String.init) ?? ""
        if cursor == characters.count || !characters[cursor].isWhitespace { insertion += " " }
      }
      insert(insertion)
      return .redraw
    }
    let common = matches.dropFirst().reduce(first.name) { common, entry in
      String(zip(common, entry.name).prefix { $0 == $1 }.map(\.0))
    }
    if common.count > typed.count {
      insert(added(common))
      return .redraw
    }
    return secondTab ? .list(matches.map { $0.name + ($0.isDirectory ? "/" : "") }) : .bell
  }

  /// Handles `key` during a search; nil when the key ends the search and should then act on the line.
  private mutating func handleSearching(_ key: Key) -> Outcome? {
    guard var current = search else { return nil }
    switch key {
    case .text(let scalar):
      return appendToQuery(String(scalar))
    case .backspace:
      guard !current.step.query.isEmpty else { return .unchanged }
      current.step.query.removeLast()
      let length = current.step.query.unicodeScalars.count
      while let last = current.newest.last, last.query.unicodeScalars.count > length {
        current.newest.removeLast()
      }
      if let last = current.newest.last, last.query == current.step.query {
        // The newest match of this shorter query was found while typing it: no need to search again.
        current.step = last
        current.isNewest = true
        search = current
        if let match = last.match {
          show(match, query: last.query)
        }
        return last.failed ? .bell : .redraw
      }
      current.isNewest = true
      search = current
      let outcome = find(from: history.count - 1)
      rememberIfNewest()
      return outcome
    case .reverseSearch:
      guard let match = current.step.match else { return .bell }
      current.isNewest = false
      search = current
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

  /// Adds `text` to the query and shows the newest entry holding it at or before the one shown: a longer
  /// query only matches entries the shorter one did, so the search continues from there.
  private mutating func appendToQuery(_ text: String) -> Outcome {
    guard var current = search else { return .unchanged }
    current.step.query.unicodeScalars.append(contentsOf: text.unicodeScalars)
    let start = current.step.match ?? history.count - 1
    search = current
    if current.step.failed, let failedFrom = current.step.failedFrom, start <= failedFrom {
      // Nothing there held the shorter query: nothing holds this one.
      rememberIfNewest()
      return .bell
    }
    let outcome = find(from: start)
    rememberIfNewest()
    return outcome
  }

  /// Keeps the search's step for Backspace when it shows the newest match of a non-empty query.
  private mutating func rememberIfNewest() {
    guard var current = search, current.isNewest, !current.step.query.isEmpty else { return }
    current.newest.append(current.step)
    search = current
  }

  /// Shows the newest entry at or before `index` that contains the query.
  private mutating func find(from index: Int) -> Outcome {
    guard var current = search else { return .unchanged }
    var found: Int?
    let start = min(index, history.count - 1)
    if !current.step.query.isEmpty {
      var candidate = start
      while candidate >= 0 {
        entriesSearched += 1
        if history[candidate].contains(current.step.query) {
          found = candidate
          break
        }
        candidate -= 1
      }
    }
    current.step.failed = found == nil && !current.step.query.isEmpty
    current.step.failedFrom = current.step.failed ? start : nil
    if let found {
      current.step.match = found
      show(found, query: current.step.query)
    }
    search = current
    return current.step.failed ? .bell : .redraw
  }

  /// Puts history entry `index` on the line, the cursor at the start of `query` in it.
  private mutating func show(_ index: Int, query: String) {
    let entry = history[index]
    characters = Array(entry)
    if let range = entry.firstRange(of: query) {
      cursor = entry.distance(from: entry.startIndex, to: range.lowerBound)
    }
    historyIndex = nil
  }
}
