import Platform
public import LineEditor

import Dispatch

/// Where a REPL reads its input lines from: standard input, a line editor, or a fixed list in tests.
public struct LineSource: Sendable {
  /// The longest line a REPL runs: 1 MiB (1,048,576 bytes). A longer line is refused whole, in one line.
  ///
  /// Standard input (``standardInput``) never holds more of a line than this and one byte: the rest of a
  /// longer line is read past and dropped, so a file with no newline (a binary file piped in) costs no more
  /// memory than a line of this length.
  public static var maximumLineLength: Int { 1 << 20 }

  /// Returns the next line without its line ending, or nil at the end of input.
  ///
  /// It is nonisolated, so a caller on the main actor waits for input without blocking the main actor.
  /// For a source that draws its own prompt, this reads with an empty prompt.
  public var nextLine: @Sendable () async -> String?

  /// For a source that draws the prompt itself (a line editor): returns the next line after showing the
  /// given prompt, or nil at the end of input. Nil for sources that only read; the REPL then writes the
  /// prompt to its console before calling `nextLine`.
  public var nextLineAfterPrompt: (@Sendable (_ prompt: String) async -> String?)?

  /// Returns the next line when the source already holds it and can give it without waiting, else nil; the
  /// caller then awaits ``nextLine``, which gives it or says that the input ended.
  ///
  /// It is synchronous, so a loop on the main actor takes the lines one read brought in without a thread
  /// hop per line. Sources that hold nothing ahead return nil, as the default does.
  public var readyLine: @Sendable () -> String? = { nil }

  /// Whether Ctrl-C typed while a line is read reaches the source as a key (a line editor, in raw mode)
  /// rather than as SIGINT. An interactive `REPL` then never lets SIGINT end the session.
  public var readsCtrlCAsAKey = false

  /// For a source that reads Ctrl-C as a key (``readsCtrlCAsAKey``): makes the line being read act as if Ctrl-C
  /// was typed (a line editor drops it and prompts again), for SIGINT sent from outside (`kill -INT`) while
  /// the REPL waits for a line; does nothing while no line is read. Nil for other sources, as by default.
  public var interruptLine: (@Sendable () -> Void)?

  /// Called by an interactive `REPL` with `true` before it runs a command and with `false` once the command has
  /// returned, for a source that reads from a terminal: a line editor then holds what is typed meanwhile for
  /// its next line instead of letting the terminal echo it (`LineEditor.holdTypeahead(_:)`). Nil for sources
  /// with nothing to do, as by default.
  public var holdTypeahead: (@Sendable (_ isHeld: Bool) async -> Void)?

  /// Why the input ended, when it was an error rather than its end: one line such as `can't read standard
  /// input: is a directory`; nil otherwise. The REPL asks once `nextLine` has returned nil, reports it and
  /// makes the status 1.
  public var failure: @Sendable () -> String? = { nil }

  /// Creates a line source from a function returning the next line, or nil at the end of input.
  public init(nextLine: @escaping @Sendable () async -> String?) {
    self.nextLine = nextLine
    nextLineAfterPrompt = nil
  }

  /// Creates a line source that draws the prompt itself, from a function taking the prompt and returning the
  /// next line, or nil at the end of input.
  public init(drawingPrompt nextLineAfterPrompt: @escaping @Sendable (_ prompt: String) async -> String?) {
    self.nextLineAfterPrompt = nextLineAfterPrompt
    nextLine = { await nextLineAfterPrompt("") }
  }

  /// Standard input read line by line: no echo when piped, no line editing or history.
  ///
  /// Input is read in chunks of up to 64 KiB. A read blocks a thread of its own dispatch queue while it
  /// waits, never a thread of Swift's cooperative pool nor the main actor; the other lines of the chunk are
  /// then ``readyLine``s, taken at once. Once a signal is ending the process (``TerminationSignals/isEnding``)
  /// no line is ready, so a loop awaits ``nextLine`` for each line and the main actor is free between lines
  /// for the signal's cleanup. Invalid UTF-8 is repaired with U+FFFD; `"\n"` and `"\r\n"` endings are
  /// removed. A read error (standard input is a directory, `EIO`) ends the input and is told by
  /// ``failure``, as is a standard input that was closed when the program started (`EBADF`).
  public static let standardInput: LineSource = {
    let reader = StandardInputReader()
    var source = LineSource {
      await withCheckedContinuation { continuation in
        standardInputQueue.async {
          continuation.resume(returning: reader.nextLine())
        }
      }
    }
    source.readyLine = { TerminationSignals.isEnding ? nil : reader.bufferedLine() }
    // A standard input closed at the start reads as /dev/null (see StandardStreams), but is an error.
    source.failure = {
      if let failure = reader.failure {
        return failure
      }
      return StandardStreams.inputWasClosedAtStart ? "can't read standard input: \(describe(errno: EBADF))" : nil
    }
    return source
  }()

  /// A line editor: prompt, editing, history and completion on a terminal (see `LineEditor`); what is typed
  /// while a command runs is held for the next line, not echoed (``holdTypeahead``).
  public static func lineEditor(_ editor: LineEditor) -> LineSource {
    var source = LineSource(drawingPrompt: { prompt in await editor.readLine(prompt: prompt) })
    source.readsCtrlCAsAKey = true
    source.interruptLine = { editor.interrupt() }
    source.holdTypeahead = { isHeld in await editor.holdTypeahead(isHeld) }
    source.failure = { editor.failure }
    return source
  }

  /// The given lines, one per call, then nil: for tests and scripted sessions.
  public static func lines(_ lines: [String]) -> LineSource {
    let remaining = Locked(lines[...])
    return LineSource { remaining.withLock { $0.popFirst() } }
  }
}

/// The one queue on which standard input is read when no line is ready, so reads never overlap.
private let standardInputQueue = DispatchQueue(label: "REPL.LineSource.standardInput")
