import ComposableArchitecture
import Foundation
import Testing

/// What the reader says about a recording it refuses, in the person's terms: a header cut anywhere is a
/// recording cut short, as a step cut is; an action of a case the program does not have is named.
@Suite(.timeLimit(.minutes(2)))
struct RecordingReadErrorTests {
  private typealias LedgerRecording = Recording<LedgerState, LedgerAction>

  private let header =
    #"{"format":"composable-architecture-recording","version":2,"snapshotInterval":2,"state":{"echoes":[],"isFetching":false,"total":0}}"#

  private func read(_ text: String) throws(RecordingError) -> LedgerRecording {
    try LedgerRecording(data: Data(text.utf8))
  }

  /// Cut after any of its bytes, the header alone (the whole of a file cut in its first line) is cut short.
  @Test func aHeaderCutAnywhereIsARecordingCutShort() {
    let cutShort = RecordingError(line: 1, "the line has no newline at its end: the recording was cut short")
    for length in 1...header.utf8.count {
      let cut = String(decoding: header.utf8.prefix(length), as: UTF8.self)
      #expect(throws: cutShort, "cut after \(length) bytes") { try read(cut) }
    }
  }

  /// Whatever is not the start of a recording stays "not a recording's header", newline or not.
  @Test func aFirstLineThatIsNoRecordingIsStillNotAHeader() throws {
    for text in ["hello", "{\"format\":\"other\"", "[1,2"] {
      let error = #expect(throws: RecordingError.self) { try read(text) }
      #expect(error?.reason.hasPrefix("not a recording's header") == true, "\(text): \(String(describing: error))")
    }
  }

  @Test func anActionOfAnUnknownCaseIsNamed() {
    let step = #"{"step":1,"origin":"user","action":{"launchMissiles":{}}}"#
    #expect(
      throws: RecordingError(
        line: 2,
        "the step does not decode: no case \"launchMissiles\" at action: the program has no such case (a recording "
          + "made by another version?)"
      )
    ) {
      try read(header + "\n" + step + "\n")
    }
  }
}
