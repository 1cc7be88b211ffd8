import Dispatch
import Foundation
import Platform
import Synchronization
import Testing

/// `writeAll` over a real pipe: every byte arrives in order although signals cut the writes short or
/// interrupt them (`EINTR`), and a failure is the `errno` of the write that failed.
@Suite(.timeLimit(.minutes(2)), .serialized) struct WriteAllTests {
  @Test func signalsThatCutWritesShortLoseNoByte() throws {
    var fds: [Int32] = [0, 0]
    try #require(pipe(&fds) == 0)
    let (readEnd, writeEnd) = (fds[0], fds[1])
    // A handler without SA_RESTART: a write the signal interrupts returns what it wrote so far, or EINTR.
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    var previous = sigaction()
    try #require(sigaction(SIGUSR2, &action, &previous) == 0)
    defer { sigaction(SIGUSR2, &previous, nil) }

    // Sixteen times what a pipe holds, with a line number in every line, so a lost or repeated piece shows.
    let text = (0..<40_000).map { "line \($0) of the text\n" }.joined()
    let writer = Mutex<pthread_t?>(nil)
    let result = Mutex<Int32??>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      writer.withLock { $0 = pthread_self() }
      let failure = writeAll(text, to: writeEnd)
      close(writeEnd)
      result.withLock { $0 = .some(failure) }
      done.signal()
    }
    thread.start()
    while writer.withLock({ $0 }) == nil { usleep(1000) }
    let thread_ = writer.withLock { $0! }

    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var signals = 0
    while true {
      // Read a little at a time, and signal the writer (blocked on the full pipe) between reads.
      if result.withLock({ $0 }) == nil {
        pthread_kill(thread_, SIGUSR2)
        signals += 1
      }
      let count = read(readEnd, &buffer, buffer.count)
      if count <= 0 { break }
      received += buffer[..<count]
    }
    close(readEnd)
    done.wait()
    #expect(signals > 10)
    #expect(result.withLock { $0 } == .some(nil))
    #expect(String(decoding: received, as: UTF8.self) == text)
  }

  @Test func aFailedWriteIsItsErrno() throws {
    var fds: [Int32] = [0, 0]
    try #require(pipe(&fds) == 0)
    close(fds[0])
    close(fds[1])
    #expect(writeAll("lost", to: fds[1]) == EBADF)
  }

  @Test func bytesAreWrittenAsTheStringsAre() throws {
    var fds: [Int32] = [0, 0]
    try #require(pipe(&fds) == 0)
    defer { close(fds[0]) }
    let bytes = Array("✓ 7\n".utf8)
    #expect(bytes.withUnsafeBytes { writeAll($0, to: fds[1]) } == nil)
    #expect(writeAll("", to: fds[1]) == nil)
    close(fds[1])
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = read(fds[0], &buffer, buffer.count)
    #expect(Array(buffer[..<max(count, 0)]) == bytes)
  }

  @Test func unknownErrorNumbersAreDescribedByNumber() {
    #expect(describe(errno: EINTR) == "interrupted system call")
    #expect(describe(errno: 4242) == "unknown error 4242" || describe(errno: 4242) == "error 4242")
  }
}
