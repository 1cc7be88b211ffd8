import ComposableArchitecture
import Foundation
import PrimeTimeApp
import Testing

/// A recording cut anywhere in its header or its first step (a copy that stopped, a disk that filled) is said to
/// be cut short, at the line cut, never "not JSON" or "not a recording's header".
@Suite(.timeLimit(.minutes(2)))
struct RecordingCutShortTests {
  /// The first two lines of a shipped recording, which `primetime --record` writes alike (the header names the
  /// program), each ended by its newline.
  private func firstLines(of story: String) throws -> [Data] {
    let url = RecordedStories.directory.appendingPathComponent(story + ".jsonl")
    let text = try String(contentsOf: url, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(2).map(String.init)
    #expect(lines[0].contains(#""program":"primetime""#))
    return lines.map { Data(($0 + "\n").utf8) }
  }

  @Test(arguments: ["count", "nth-prime"])
  func everyCutOfTheHeaderAndFirstStepIsACutShortRecording(story: String) throws {
    let lines = try firstLines(of: story)
    let whole = lines[0] + lines[1]
    for length in 1..<whole.count where length != lines[0].count {
      let line = length < lines[0].count ? 1 : 2
      #expect(
        throws: RecordingError(line: line, "the line has no newline at its end: the recording was cut short"),
        "cut after \(length) bytes"
      ) {
        try Recording<AppState, AppAction>(data: whole.prefix(length), program: "primetime")
      }
    }
    // Cut right after the header's newline, it is a recording of no step, whose session did not end normally.
    #expect(try Recording<AppState, AppAction>(data: lines[0], program: "primetime").lacksItsEnd)
  }
}
