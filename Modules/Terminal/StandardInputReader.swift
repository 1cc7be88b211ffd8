#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

import Synchronization

/// Reads standard input (descriptor 0) line by line with `read`, and remembers why reading stopped when it
/// was an error rather than the end of the input.
///
/// Swift's `readLine()` returns nil both at the end of input and on an error (`EISDIR` for a directory,
/// `EIO`), so a failed read looked like an empty script. Lines end at `"\n"` (a `"\r"` before it is removed
/// too); a last line without a newline is returned; invalid UTF-8 is repaired with U+FFFD. `EINTR` is
/// retried and a non-blocking descriptor is waited for with `poll`. Each byte is examined once, so long lines
/// cost linear time. Calls must not overlap (``LineSource/standardInput`` makes them on one serial queue).
final class StandardInputReader: Sendable {
  private struct State {
    var buffer: [UInt8] = []
    /// Where the next line starts in `buffer`.
    var start = 0
    /// How far `buffer` has been searched for a newline, from `start`.
    var searched = 0
    var atEnd = false
  }

  private let descriptor: Int32
  private let state = Mutex(State())
  /// The `errno` of the read that failed, or 0.
  private let error = Atomic<Int32>(0)

  /// A reader of `descriptor`, standard input by default.
  init(descriptor: Int32 = STDIN_FILENO) {
    self.descriptor = descriptor
  }

  /// Why reading stopped, when it was an error: `can't read standard input: Is a directory`; else nil.
  var failure: String? {
    let code = error.load(ordering: .sequentiallyConsistent)
    return code == 0 ? nil : "can't read standard input: \(describe(errno: code))"
  }

  /// The next line without its ending, or nil at the end of input or after a read error; blocks until then.
  func nextLine() -> String? {
    state.withLock { state in
      while true {
        if let newline = state.buffer[state.searched...].firstIndex(of: UInt8(ascii: "\n")) {
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
        state.searched = state.buffer.count
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

  /// Appends the next chunk of input to `state.buffer`, or marks the end (recording an error).
  private func readMore(into state: inout State) {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        state.buffer.append(contentsOf: chunk[..<count])
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
