
import Foundation
import Testing

@testable import REPL
import Platform

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

  /// A line longer than ``LineSource/maximumLineLength`` comes back cut to one byte over it, so the REPL can
  /// refuse it, and the rest of it is read past without being kept: the lines after it come as usual.
  @Test func aLineOverTheLimitIsCutToOneByteOverItAndTheLinesAfterItFollow() throws {
    let limit = LineSource.maximumLineLength
    let long = [UInt8](repeating: UInt8(ascii: "x"), count: 3 * limit + 12_345)
    let (reader, descriptor) = try reader(of: Array("a\n".utf8) + long + Array("\r\nb\n".utf8) + long)
    defer { close(descriptor) }
    #expect(reader.nextLine() == "a")
    #expect(reader.nextLine() == String(repeating: "x", count: limit + 1))
    #expect(reader.nextLine() == "b")
    // The last line, without a newline, is cut too.
    #expect(reader.nextLine() == String(repeating: "x", count: limit + 1))
    #expect(reader.nextLine() == nil)
    #expect(reader.failure == nil)
    // What was kept in memory stayed near the limit, whatever the line's length.
    #expect(reader.largestBuffer <= limit + 2 * 65_536)
  }

  /// A line of exactly the limit is a line like any other.
  @Test func aLineOfExactlyTheLimitIsReturnedWhole() throws {
    let line = String(repeating: "y", count: LineSource.maximumLineLength)
    let (reader, descriptor) = try reader(of: Array((line + "\nz\n").utf8))
    defer { close(descriptor) }
    #expect(reader.nextLine() == line)
    #expect(reader.nextLine() == "z")
  }

  /// `bufferedLine()` hands out the complete lines the last read brought in, without reading: here it would
  /// wait forever, as the pipe's write end stays open until the test writes the rest.
  @Test func bufferedLinesAreTakenWithoutReading() throws {
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let reader = StandardInputReader(descriptor: ends[0])
    #expect(reader.bufferedLine() == nil)
    #expect(writeAll("a\r\nb\n\nc", to: ends[1]) == nil)
    #expect(reader.nextLine() == "a")
    #expect(reader.bufferedLine() == "b")
    #expect(reader.bufferedLine() == "")
    #expect(reader.bufferedLine() == nil)
    #expect(writeAll("d\ne\n", to: ends[1]) == nil)
    close(ends[1])
    #expect(reader.nextLine() == "cd")
    #expect(reader.bufferedLine() == "e")
    #expect(reader.bufferedLine() == nil)
    #expect(reader.nextLine() == nil)
    #expect(reader.bufferedLine() == nil)
    #expect(reader.failure == nil)
  }

  @Test func aDirectoryIsAReadErrorNotTheEndOfInput() {
    let descriptor = open("/", O_RDONLY)
    defer { close(descriptor) }
    let reader = StandardInputReader(descriptor: descriptor)
    #expect(reader.nextLine() == nil)
    #expect(reader.failure == "can't read standard input: is a directory")
  }
}
