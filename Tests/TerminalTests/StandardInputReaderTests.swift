#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

import Foundation
import Testing

@testable import Terminal

/// Standard input read line by line: the same lines `readLine()` gave, and a read error told apart from the
/// end of input.
@Suite("StandardInputReader", .timeLimit(.minutes(2)))
struct StandardInputReaderTests {
  /// A reader of a file holding `bytes`, and the file's descriptor to close afterwards.
  private func reader(of bytes: [UInt8]) throws -> (StandardInputReader, Int32) {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("stdin-\(UUID().uuidString)")
    try Data(bytes).write(to: url)
    let descriptor = open(url.path, O_RDONLY)
    try FileManager.default.removeItem(at: url)
    #expect(descriptor >= 0)
    return (StandardInputReader(descriptor: descriptor), descriptor)
  }

  @Test func linesLoseTheirEndingsAndALastLineWithoutANewlineIsKept() throws {
    let (reader, descriptor) = try reader(of: Array("set 7\r\nfav\n\nlast".utf8) + [0xFF])
    defer { close(descriptor) }
    #expect(reader.nextLine() == "set 7")
    #expect(reader.nextLine() == "fav")
    #expect(reader.nextLine() == "")
    #expect(reader.nextLine() == "last\u{FFFD}")
    #expect(reader.nextLine() == nil)
    #expect(reader.failure == nil)
  }

  @Test func linesLongerThanOneReadAndManyLinesAreAllReturned() throws {
    let long = String(repeating: "x", count: 200_000)
    let many = (1...50_000).map { "line \($0)" }
    let (reader, descriptor) = try reader(of: Array((long + "\n" + many.joined(separator: "\n") + "\n").utf8))
    defer { close(descriptor) }
    #expect(reader.nextLine() == long)
    var read: [String] = []
    while let line = reader.nextLine() {
      read.append(line)
    }
    #expect(read == many)
  }

  @Test func aDirectoryIsAReadErrorNotTheEndOfInput() {
    let descriptor = open("/", O_RDONLY)
    defer { close(descriptor) }
    let reader = StandardInputReader(descriptor: descriptor)
    #expect(reader.nextLine() == nil)
    #expect(reader.failure == "can't read standard input: Is a directory")
  }
}
