import Dispatch
@testable import Platform
import ExecutableTestSupport
import Testing


@Suite(.timeLimit(.minutes(2))) struct ConsoleTests {
  @Test func recordingConsoleKeepsOutputAndErrorApart() {
    let recording = RecordingConsole()
    let console = recording.console
    console.print("one")
    console.write("> ")
    console.printError("oops")
    console.print("two")
    #expect(recording.output == "one\n> two\n")
    #expect(recording.outputLines == ["one", "> two"])
    #expect(recording.error == "oops\n")
    #expect(recording.errorLines == ["oops"])
  }

  @Test func writeAllDeliversEveryByteToTheDescriptor() throws {
    var fds: [Int32] = [0, 0]
    try #require(pipe(&fds) == 0)
    defer { close(fds[0]) }
    let text = "prime 7 ✓\n" + String(repeating: "é", count: 1000)
    writeAll(text, to: fds[1])
    close(fds[1])
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 512)
    while true {
      let count = read(fds[0], &buffer, buffer.count)
      if count <= 0 { break }
      bytes += buffer[..<count]
    }
    #expect(String(decoding: bytes, as: UTF8.self) == text)
  }

  @Test func writeAllWaitsWhenANonBlockingDescriptorIsFull() async throws {
    var fds: [Int32] = [0, 0]
    try #require(pipe(&fds) == 0)
    let (readEnd, writeEnd) = (fds[0], fds[1])
    _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
    // Four times what a pipe holds, so the writer finds it full before the reader starts.
    let text = String(repeating: "0123456789abcdef", count: 16_384)
    async let failure = onOwnThread {
      let failure = writeAll(text, to: writeEnd)
      close(writeEnd)
      return failure
    }
    async let received = onOwnThread {
      usleep(100_000)
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = read(readEnd, &buffer, buffer.count)
        if count <= 0 { break }
        bytes += buffer[..<count]
      }
      close(readEnd)
      return bytes
    }
    #expect(await failure == nil)
    #expect(await received.count == text.utf8.count)
  }

  @Test func errorNumbersAreDescribedInTheSystemsWords() {
    #expect(describe(errno: ENOENT) == "no such file or directory")
    #expect(describe(errno: EACCES) == "permission denied")
  }

  @Test func pipesAndBadDescriptorsAreNotTerminals() throws {
    var fds: [Int32] = [0, 0]
    try #require(pipe(&fds) == 0)
    defer { close(fds[0]); close(fds[1]) }
    #expect(!TTY.isTerminal(fds[0]))
    #expect(!TTY.isTerminal(fds[1]))
    #expect(!TTY.isTerminal(-1))
  }

  @Test func aPseudoTerminalIsATerminal() throws {
    let terminal = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    try #require(terminal >= 0)
    defer { close(terminal) }
    #expect(TTY.isTerminal(terminal))
  }
}

/// Runs `body` on a dispatch queue of its own, which may block, never on a thread of the cooperative pool.
private func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
  await withCheckedContinuation { continuation in
    DispatchQueue(label: "ConsoleTests").async {
      continuation.resume(returning: body())
    }
  }
}
