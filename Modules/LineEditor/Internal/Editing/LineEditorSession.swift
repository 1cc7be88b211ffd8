/// A line editor without a terminal: bytes typed in, bytes to show and finished lines out.
///
/// It lives for a whole REPL session: it keeps the history, and bytes typed ahead (a pasted block of lines)
/// wait for the next `begin`. `LineEditor` is this plus raw mode, reads and writes.
struct LineEditorSession: Sendable {
  /// How reading a line ended.
  enum Ending: Equatable, Sendable {
    /// Enter: the line, without its line ending.
    case line(String)
    /// Ctrl-D on an empty line.
    case endOfInput
    /// Ctrl-Z: the caller leaves raw mode, stops the process, and calls `resume` once it runs again.
    case suspend
  }

  /// The lines entered so far, with what was loaded from a history file first.
  private(set) var history: History
  /// The words Tab completes.
  let completions: [String]
  /// What Tab completes the file argument of some commands with.
  let fileCompletion: FileCompletion
  /// Whether the last line that ended with Enter became a new history entry.
  private(set) var lastLineWasAdded = false

  private var decoder = KeyDecoder()
  /// Keys decoded but not used yet: typed after the end of the previous line.
  private var pending: [Key] = []
  private var editing: LineEditing
  private var prompt = ""
  private var columns = 80

  /// A session with the given history, completion words and file completion.
  init(history: History = History(), completions: [String] = [], fileCompletion: FileCompletion = .none) {
    self.history = history
    self.completions = completions
    self.fileCompletion = fileCompletion
    editing = LineEditing(history: history.entries, completions: completions, fileCompletion: fileCompletion)
  }

  /// Starts reading a line after `prompt` and returns what to show: the prompt, and the effect of any
  /// keys typed ahead; an ending if those keys already finish the line.
  mutating func begin(prompt: String, columns: Int) -> (output: String, ending: Ending?) {
    self.prompt = prompt
    self.columns = columns
    editing = LineEditing(history: history.entries, completions: completions, fileCompletion: fileCompletion)
    let start = editing.render(prompt: prompt, columns: columns)
    let (output, ending) = run()
    return (start + output, ending)
  }

  /// Feeds bytes read from the terminal, for a terminal `columns` wide; returns what to show, and the
  /// ending once the line is finished (bytes after it are kept for the next line).
  mutating func feed(_ bytes: some Sequence<UInt8>, columns: Int) -> (output: String, ending: Ending?) {
    self.columns = columns
    pending += decoder.decode(bytes)
    return run()
  }

  /// Acts as Ctrl-C typed now, before any key not taken yet (SIGINT sent from outside): `^C`, the line dropped,
  /// the prompt drawn again.
  mutating func interrupt(columns: Int) -> (output: String, ending: Ending?) {
    self.columns = columns
    pending.insert(.interrupt, at: pending.startIndex)
    return run()
  }

  /// Redraws the line after the process was suspended and resumed, or the screen was disturbed.
  mutating func resume(columns: Int) -> (output: String, ending: Ending?) {
    self.columns = columns
    let redraw = editing.render(prompt: prompt, columns: columns)
    let (output, ending) = run()
    return (redraw + output, ending)
  }

  /// Adds a line read some other way to the history, as Enter would.
  mutating func record(_ line: String) {
    lastLineWasAdded = history.add(line)
  }

  /// Applies pending keys until they run out or finish the line.
  ///
  /// A run of typed characters (a paste) goes into the line with one call, and the line is redrawn once
  /// for all the keys that change it, before anything else is shown and at the end: the work and the
  /// output stay linear in what was typed, however long the line.
  private mutating func run() -> (output: String, ending: Ending?) {
    var output = ""
    var needsRedraw = false
    var index = pending.startIndex
    defer { pending.removeSubrange(..<index) }
    func redrawIfNeeded(_ session: LineEditorSession) -> String {
      guard needsRedraw else { return "" }
      needsRedraw = false
      return session.editing.render(prompt: session.prompt, columns: session.columns)
    }
    while index < pending.endIndex {
      let outcome: LineEditing.Outcome
      if case .text = pending[index] {
        var text = String.UnicodeScalarView()
        while index < pending.endIndex, case .text(let scalar) = pending[index] {
          text.append(scalar)
          index += 1
        }
        outcome = editing.type(String(text))
      } else {
        outcome = editing.handle(pending[index])
        index += 1
      }
      switch outcome {
      case .redraw:
        needsRedraw = true
      case .unchanged:
        break
      case .bell:
        output += redrawIfNeeded(self) + "\u{07}"
      case .clearScreen:
        needsRedraw = false
        output += "\u{1B}[H\u{1B}[2J" + editing.render(prompt: prompt, columns: columns)
      case .list(let words):
        needsRedraw = false
        output += end() + "\r\n" + Self.columns(of: words, width: columns)
        output += editing.render(prompt: prompt, columns: columns)
      case .accept(let line):
        needsRedraw = false
        output += end() + "\r\n"
        lastLineWasAdded = history.add(line)
        return (output, .line(line))
      case .interrupt:
        needsRedraw = false
        output += end() + "^C\r\n"
        editing = LineEditing(history: history.entries, completions: completions, fileCompletion: fileCompletion)
        output += editing.render(prompt: prompt, columns: columns)
      case .endOfInput:
        return (output + redrawIfNeeded(self), .endOfInput)
      case .suspend:
        needsRedraw = false
        return (output + end() + "\r\n", .suspend)
      }
    }
    return (output + redrawIfNeeded(self), nil)
  }

  /// Moves the cursor to the end of the shown line, so what follows starts after it.
  private func end() -> String {
    var atEnd = editing
    _ = atEnd.handle(.end)
    return atEnd.render(prompt: prompt, columns: columns)
  }

  /// `words` in columns across a terminal `width` wide, each line ending in `"\r\n"`.
  static func columns(of words: [String], width: Int) -> String {
    let cell = (words.map { DisplayWidth.of($0) }.max() ?? 0) + 2
    let perLine = max(1, width / max(cell, 1))
    var output = ""
    for (index, word) in words.enumerated() {
      let isLast = index == words.count - 1 || (index + 1) % perLine == 0
      output += word
      output += isLast ? "\r\n" : String(repeating: " ", count: max(cell - DisplayWidth.of(word), 1))
    }
    return output
  }
}
