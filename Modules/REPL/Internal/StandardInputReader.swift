import Platform

import Synchronization

/// Reads standard input (descriptor 0) line by line with `read`, and remembers why reading stopped when it
/// was an error rather than the end of the input.
///
/// Swift's `readLine()` returns nil both at the end of input and on an error (`EISDIR` for a directory,
/// `EIO`), so a failed read looked like an empty script. Lines end at `"\n"` (a `"\r"` before it is removed
/// too); a last line without a newline is returned; invalid UTF-8 is repaired with U+FFFD. `EINTR` is
/// retried and a non-blocking descriptor is waited for with `poll`. Each byte is examined once, so long lines
/// cost linear time. A line longer than ``LineSource/maximumLineLength`` is returned cut to one byte over it,
/// for the REPL to refuse, and the rest of it is dropped as it is read, so memory stays bounded whatever the
/// input. ``bufferedLine()`` takes a line already read without reading, so a caller can take the lines of one
/// read without waiting for a thread that may block; calls are serialised by a lock.
final class StandardInputReader: Sendable {
  private struct State {
    var buffer: [UInt8] = []
    /// Where the next line starts in `buffer`.
    var start = 0
    /// How far `buffer` has been searched for a newline, from `start`.
    var searched = 0
    var atEnd = false
    /// Whether the line at `start` is over the limit: `buffer` keeps its first bytes, one more than the
    /// limit, and drops what is read of it until its newline.
    var isDroppingRestOfLine = false
    /// The most bytes `buffer` has held, for tests of the bound.
    var largestBuffer = 0
  }

  private let descriptor: Int32
  private let state = Mutex(State())
  /// The `errno` of the read that failed, or 0.
  private let error = Atomic<Int32>(0)

  /// A reader of `descriptor`, standard input by default.
  init(descriptor: Int32 = STDIN_FILENO) {
    self.descriptor = descriptor
  }

  /// The most bytes the reader has held at once.
  var largestBuffer: Int {
    state.withLock { $0.largestBuffer }
  }

  /// Why reading stopped, when it was an error: `can't read standard input: is a directory`; else nil.
  var failure: String? {
    let code = error.load(ordering: .sequentiallyConsistent)
    return code == 0 ? nil : "can't read standard input: \(describe(errno: code))"
  }

  /// The next line without its ending, or nil at the end of input or after a read error; blocks until then.
  func nextLine() -> String? {
    state.withLock { state in
      while true {
        if let line = Self.takeLine(from: &state) {
          return line
        }
        if state.atEnd {
          guard state.start < state.buffer.count else { return nil }
          let line = String(decoding: state.buffer[state.start...], as: UTF8.self)
          state.start = state.buffer.count
          state.searched = state.start
          return line
        }
        readMore(into: &state)
      }
    }
  }

  /// The next line if an earlier read already brought in all of it, up to its newline; else nil, without
  /// reading, so it never blocks. ``nextLine()`` then gives the line (reading more) or says the input ended.
  func bufferedLine() -> String? {
    state.withLock { Self.takeLine(from: &$0) }
  }

  /// Takes the next line ended by a newline from the buffer, or marks the buffer searched and returns nil.
  private static func takeLine(from state: inout State) -> String? {
    let newline = state.buffer.withUnsafeBufferPointer { bytes -> Int? in
      guard state.searched < bytes.count, let base = bytes.baseAddress else { return nil }
      guard let found = memchr(base + state.searched, Int32(UInt8(ascii: "\n")), bytes.count - state.searched)
      else { return nil }
      return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
    }
    guard let newline else {
      state.searched = state.buffer.count
      // A line over the limit keeps one byte more than it, which is enough for the REPL to refuse it.
      let kept = state.start + LineSource.maximumLineLength + 1
      if state.buffer.count > kept {
        state.buffer.removeSubrange(kept...)
        state.searched = kept
        state.isDroppingRestOfLine = true
      }
      return nil
    }
    var end = newline
    if end > state.start && state.buffer[end - 1] == UInt8(ascii: "\r") {
      end -= 1
    }
    let line = String(decoding: state.buffer[state.start..<end], as: UTF8.self)
    state.start = newline + 1
    state.searched = state.start
    if state.start >= 65_536 && state.start * 2 >= state.buffer.count {
      state.buffer.removeFirst(state.start)
      state.start = 0
      state.searched = 0
    }
    return line
  }

  /// Appends the next chunk of input to `state.buffer`, or marks the end (recording an error).
  private func readMore(into state: inout State) {
    // A terminal read from the background stops the process until `fg`, as it stops any program.
    TTY.waitForForeground(of: descriptor)
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        var bytes = chunk[..<count]
        if state.isDroppingRestOfLine {
          // Of a line over the limit, only what follows its newline is kept (with the newline itself).
          // memchr, not `firstIndex(of:)`: a debug build then skips a 300 MB line in a second, not ten.
          let offset = bytes.withUnsafeBytes { buffer -> Int? in
            guard let base = buffer.baseAddress,
              let found = memchr(base, Int32(UInt8(ascii: "\n")), buffer.count)
            else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
          }
          guard let offset else { continue }
          bytes = bytes[(bytes.startIndex + offset)...]
          state.isDroppingRestOfLine = false
        }
        state.buffer.append(contentsOf: bytes)
        state.largestBuffer = max(state.largestBuffer, state.buffer.count)
        return
      }
      if count == 0 {
        state.atEnd = true
        return
      }
      let code = errno
      switch code {
      case EINTR:
        continue
      case EAGAIN, EWOULDBLOCK:
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&request, 1, -1)
      default:
        error.store(code, ordering: .sequentiallyConsistent)
        state.atEnd = true
        return
      }
    }
  }
}
