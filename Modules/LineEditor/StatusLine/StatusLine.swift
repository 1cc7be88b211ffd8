public import Platform

/// A transient progress line on a terminal, such as `computing the 100000th prime… 42%`, replaced in place
/// and erased before real output.
///
/// ```swift
/// let status = StatusLine()
/// let repl = REPL(name: "primetime", commands: table, console: status.clearing(.standard))
/// status.show("computing…")   // from a progress callback
/// ```
///
/// `show` writes a carriage return, the text (control characters removed, cut to fit the terminal's width so
/// it never wraps) and an erase-to-end-of-line; `clear` erases it. Text written through the console returned
/// by `clearing(_:)` erases the status first. When disabled (by default: standard output is not a
/// terminal) nothing is ever written, so piped output is unaffected.
public final class StatusLine: Sendable {
  /// Whether anything is written at all.
  public let isEnabled: Bool
  private let console: Console
  private let columns: @Sendable () -> Int
  private let isShowing = Locked(false)

  /// A status line on `console`, enabled when `isEnabled` (by default when standard output is a
  /// terminal); `columns` gives the terminal's width (by default asked of standard output, 80 if unknown).
  public init(
    isEnabled: Bool = TTY.standardOutputIsTerminal,
    console: Console = .standard,
    columns: @escaping @Sendable () -> Int = { TTY.columns(of: 1) ?? 80 }
  ) {
    self.isEnabled = isEnabled
    self.console = console
    self.columns = columns
  }

  /// Replaces the status with `text`.
  public func show(_ text: String) {
    guard isEnabled else { return }
    let shown = Self.fitted(text, columns: columns())
    isShowing.withLock { showing in
      showing = true
      console.writeOutput("\r" + shown + "\u{1B}[K")
    }
  }

  /// Erases the status, if one is shown.
  public func clear() {
    clear(writing: console.writeOutput)
  }

  /// Erases the status, if one is shown, through `write` rather than the console: for the end of a process by a
  /// signal, when the console writes nothing more (`TerminationSignals`), so the shell's prompt starts clean.
  public func clear(writing write: (String) -> Void) {
    guard isEnabled else { return }
    isShowing.withLock { showing in
      guard showing else { return }
      showing = false
      write("\r\u{1B}[K")
    }
  }

  /// A console that erases the status before anything else is written to standard output or error.
  public func clearing(_ console: Console) -> Console {
    Console(
      writeOutput: { [self] text in
        clear()
        console.writeOutput(text)
      },
      writeError: { [self] text in
        clear()
        console.writeError(text)
      },
      flush: console.flush
    )
  }

  /// `text` without control characters, cut to at most `columns - 1` columns.
  static func fitted(_ text: String, columns: Int) -> String {
    var shown = ""
    var width = 0
    for character in text where !character.unicodeScalars.contains(where: isControl) {
      let characterWidth = DisplayWidth.of(character)
      guard width + characterWidth <= columns - 1 else { break }
      shown.append(character)
      width += characterWidth
    }
    return shown
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
