import Foundation
import LineEditor
import REPL
import Platform
import ExecutableTestSupport
import Testing


/// A line editor whose input fails to read (`EIO` for a background process group, here a directory) ends the
/// input and says why, so the REPL reports it and fails instead of taking it for Ctrl-D.
@Suite(.timeLimit(.minutes(2))) struct LineEditorReadErrorTests {
  @Test func aReadErrorEndsTheInputAndIsToldAsTheFailure() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = open(directory.path, O_RDONLY | O_CLOEXEC)
    let output = open("/dev/null", O_WRONLY | O_CLOEXEC)
    defer {
      close(input)
      close(output)
    }
    let source = LineSource.lineEditor(LineEditor(input: input, output: output, warn: { _ in }))

    #expect(await source.nextLine() == nil)
    #expect(source.failure() == "can't read standard input: is a directory")
  }

  @Test func theEndOfInputIsNoFailure() async throws {
    let input = open("/dev/null", O_RDONLY | O_CLOEXEC)
    let output = open("/dev/null", O_WRONLY | O_CLOEXEC)
    defer {
      close(input)
      close(output)
    }
    let source = LineSource.lineEditor(LineEditor(input: input, output: output, warn: { _ in }))

    #expect(await source.nextLine() == nil)
    #expect(source.failure() == nil)
  }
}
