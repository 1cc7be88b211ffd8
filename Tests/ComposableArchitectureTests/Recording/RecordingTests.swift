import ComposableArchitecture
import Foundation
import Testing

/// The reader: a whole recording reads back as written; anything else is refused with the line at fault.
@Suite(.timeLimit(.minutes(2)))
struct RecordingTests {
  private typealias LedgerRecording = Recording<LedgerState, LedgerAction>

  private let header =
    #"{"format":"composable-architecture-recording","version":2,"snapshotInterval":2,"state":{"echoes":[],"isFetching":false,"total":0}}"#
  private let step1 = #"{"step":1,"origin":"user","action":{"fetchTapped":{}},"effects":{"run":1}}"#
  private let step2 =
    #"{"step":2,"origin":"effect","action":{"fetched":{"total":9}},"state":{"echoes":[],"isFetching":false,"total":9}}"#
  private let end = #"{"end":2,"state":{"echoes":[],"isFetching":false,"total":9}}"#

  private func read(_ lines: [String], final: String = "\n") throws(RecordingError) -> LedgerRecording {
    try LedgerRecording(data: Data((lines.joined(separator: "\n") + final).utf8))
  }

  @Test func aRecordingReadsBackAsItsLines() throws {
    let recording = try read([header, step1, step2, end])
    #expect(
      recording
        == Recording(
          initialState: LedgerState(),
          snapshotInterval: 2,
          steps: [
            .init(number: 1, origin: .user, action: .fetchTapped, effects: EffectSummary(sync: 0, run: 1, cancel: 0)),
            .init(
              number: 2, origin: .effect, action: .fetched(total: 9), state: LedgerState(total: 9),
              effects: .noEffect
            ),
          ],
          finalState: LedgerState(total: 9)
        )
    )
    #expect(try recording.lines() == [header, step1, step2, end])
  }

  /// Found by the outside round: a recording an editor saved with a byte-order mark was refused with "the
  /// header has the key \"activity\", which the format does not have". The mark is passed over, as JSON
  /// readers pass it over.
  @Test func aRecordingStartingWithAByteOrderMarkReadsAsWithout() throws {
    let text = ([header, step1, step2, end].joined(separator: "\n") + "\n")
    let marked = try LedgerRecording(data: Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8))
    #expect(marked == (try LedgerRecording(data: Data(text.utf8))))
    #expect(throws: RecordingError(line: 1, "the recording is empty: no header")) {
      try LedgerRecording(data: Data([0xEF, 0xBB, 0xBF]))
    }
  }

  /// Version 1 recorded no effects and no end: it still reads, its steps' effects unknown.
  @Test func aRecordingOfVersion1ReadsWithItsEffectsUnknown() throws {
    let old = header.replacingOccurrences(of: #""version":2"#, with: #""version":1"#)
    let recording = try read([old, #"{"step":1,"origin":"user","action":{"add":{"_0":3}}}"#])
    #expect(recording.steps.map(\.effects) == [nil])
    #expect(recording.finalState == nil)
  }

  @Test func theProgramTheHeaderNamesIsReadAndWrittenBack() throws {
    let named = header.replacingOccurrences(of: #""version":2,"#, with: #""version":2,"program":"ledger","#)
    let recording = try LedgerRecording(data: Data(([named, step1, step2, end].joined(separator: "\n") + "\n").utf8), program: "ledger")
    #expect(recording.program == "ledger")
    #expect(try recording.lines() == [named, step1, step2, end])
  }

  @Test func anotherProgramsRecordingIsRefusedBeforeItsStateIsDecoded() {
    // Another program's state, which this one's would not decode.
    let other = #"{"format":"composable-architecture-recording","version":2,"program":"counter-demo","snapshotInterval":1,"state":{"count":3}}"#
    #expect(
      throws: RecordingError(
        line: 1, "the recording was made by counter-demo, not ledger: replay it with counter-demo"
      )
    ) {
      try LedgerRecording(data: Data((other + "\n").utf8), program: "ledger")
    }
  }

  /// A reader that names no program reads any recording, one that names no program too; a reader that names
  /// its program refuses one naming none (RecordingMalformedLineTests).
  @Test func aRecordingNamingNoProgramIsReadByAReaderNamingNone() throws {
    let recording = try LedgerRecording(data: Data(([header, step1].joined(separator: "\n") + "\n").utf8))
    #expect(recording.program == nil)
    #expect(recording.steps.count == 1)
  }

  @Test func aNumberThatDoesNotFitItsFieldIsNamedAsSuchNotAsBadJSON() {
    for number in ["99999999999999999999", "1.5"] {
      #expect(
        throws: RecordingError(
          line: 2,
          "the step does not decode: a number that does not fit where it is: too large, or not whole where a "
            + "whole number belongs"
        )
      ) {
        try read([header, #"{"step":\#(number),"origin":"user","action":{"fetchTapped":{}}}"#])
      }
    }
  }

  @Test func bytesThatAreNotUTF8AreNamedAsSuch() {
    var bytes = Array((header + "\n").utf8)
    bytes += Array(#"{"step":1,"origin":"user","action":{"echoTapped":{"_0":""#.utf8) + [0xFF, 0xFE]
    bytes += Array(#""}}}"#.utf8) + [0x0A]
    #expect(throws: RecordingError(line: 2, "the step does not decode: not UTF-8 text")) {
      try LedgerRecording(data: Data(bytes))
    }
  }

  @Test func whatIsNotJSONIsStillSaidToBeNotJSON() {
    #expect(throws: RecordingError(line: 2, "the step does not decode: not JSON")) {
      try read([header, #"{"step":1,"#])
    }
  }

  @Test func aRecordingOfVersion2WithoutItsEndLacksIt() throws {
    #expect(try read([header, step1, step2]).lacksItsEnd)
    #expect(try !read([header, step1, step2, end]).lacksItsEnd)
    let old = header.replacingOccurrences(of: #""version":2"#, with: #""version":1"#)
    let version1 = try read([old, #"{"step":1,"origin":"user","action":{"add":{"_0":3}}}"#])
    #expect(version1.version == 1)
    #expect(!version1.lacksItsEnd)
  }

  @Test func aLineAfterTheEndIsRefused() {
    #expect(throws: RecordingError(line: 5, "a line after the end of the run")) {
      try read([header, step1, step2, end, end])
    }
  }

  @Test func anEndThatMiscountsTheStepsIsRefused() {
    #expect(throws: RecordingError(line: 3, "the end counts 2 steps where there were 1")) {
      try read([header, step1, end])
    }
  }

  @Test func anEndWithoutItsStateIsRefused() {
    #expect(throws: RecordingError(line: 4, #"the end of the run needs "state" and no "step""#)) {
      try read([header, step1, step2, #"{"end":2}"#])
    }
  }

  @Test func aNegativeEffectCountIsRefused() {
    let error = #expect(throws: RecordingError.self) {
      try read([header, #"{"step":1,"origin":"user","action":{"fetchTapped":{}},"effects":{"run":-1}}"#])
    }
    #expect(error?.line == 2)
    #expect(error?.reason.contains("a negative count") == true)
  }

  @Test func aHeaderAloneIsARecordingOfNoStep() throws {
    #expect(try read([header]).steps.isEmpty)
  }

  @Test func anEmptyFileIsRefused() {
    #expect(throws: RecordingError(line: 1, "the recording is empty: no header")) {
      try LedgerRecording(data: Data())
    }
  }

  @Test func aRecordingCutShortIsRefusedAtItsLastLine() {
    let cut = String(step2.prefix(30))
    #expect(
      throws: RecordingError(line: 3, "the line has no newline at its end: the recording was cut short")
    ) {
      try read([header, step1, cut], final: "")
    }
  }

  /// A file that is no recording at all is refused at its first line, however it ends.
  @Test func aFileThatIsNoRecordingIsRefusedAtItsFirstLine() {
    let error = #expect(throws: RecordingError.self) {
      _ = try LedgerRecording(data: Data("not json\nat all, and no newline at the end".utf8))
    }
    #expect(error?.line == 1)
  }

  /// A file that cannot be read says why in words, not as the error value Foundation threw.
  @Test func aFileThatCannotBeReadSaysWhy() throws {
    let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString).jsonl")
    #expect(throws: RecordingError(line: nil, "cannot read \(missing.path): there is no such file")) {
      _ = try LedgerRecording(contentsOf: missing)
    }
    let directory = FileManager.default.temporaryDirectory
    #expect(throws: RecordingError(line: nil, "cannot read \(directory.path): it is a directory")) {
      _ = try LedgerRecording(contentsOf: directory)
    }
  }

  /// What is not a regular file, or is one too large to be a recording, is refused before a byte is read:
  /// a FIFO nobody writes to does not make the reader wait, `/dev/zero` does not fill memory.
  @Test func aFileThatIsNoRegularFileOrTooLargeIsRefusedUnread() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("recording-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let fifo = directory.appendingPathComponent("fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(throws: RecordingError(line: nil, "cannot read \(fifo): it is not a regular file")) {
      _ = try LedgerRecording(contentsOfFile: fifo)
    }
    #expect(throws: RecordingError(line: nil, "cannot read /dev/zero: it is not a regular file")) {
      _ = try LedgerRecording(contentsOfFile: "/dev/zero")
    }
    // A sparse file: its size, not its bytes, is what is refused.
    let huge = directory.appendingPathComponent("huge.jsonl")
    try Data().write(to: huge)
    #expect(truncate(huge.path, off_t(LedgerRecording.maximumSize + 1)) == 0)
    #expect(
      throws: RecordingError(
        line: nil, "cannot read \(huge.path): it holds 268435457 bytes, more than the 268435456 a recording may hold"
      )
    ) {
      _ = try LedgerRecording(contentsOfFile: huge.path)
    }
    // A file named with a '/' at its end, as a directory is, is not read as the file.
    let file = directory.appendingPathComponent("run.jsonl").path
    try Data("\(header)\n".utf8).write(to: URL(fileURLWithPath: file))
    #expect(try LedgerRecording(contentsOfFile: file).steps.isEmpty)
    #expect(
      throws: RecordingError(
        line: nil, "cannot read \(file)/: a directory on its path is a file (a file's path does not end in '/')"
      )
    ) {
      _ = try LedgerRecording(contentsOfFile: file + "/")
    }
  }

  @Test func aLineThatIsNotJSONIsRefusedByNumber() throws {
    let error = #expect(throws: RecordingError.self) { try read([header, step1, "{\"step\":2,", step2]) }
    #expect(error?.line == 3)
    #expect(error?.reason.hasPrefix("the step does not decode: not JSON") == true)
  }

  @Test func aStepThatDoesNotDecodeIsRefusedSayingWhere() {
    #expect(
      throws: RecordingError(line: 2, #"the step does not decode: no "origin""#)
    ) {
      try read([header, #"{"step":1,"action":{"add":{"_0":3}}}"#])
    }
  }

  @Test func aStepOutOfSequenceIsRefused() {
    #expect(throws: RecordingError(line: 2, "step 2 where step 1 was expected")) {
      try read([header, step2])
    }
  }

  @Test func aNewerVersionIsRefusedAtTheHeader() {
    let newer = header.replacingOccurrences(of: #""version":2"#, with: #""version":3"#)
    #expect(
      throws: RecordingError(line: 1, "the recording is of version 3, newer than this program reads (2)")
    ) {
      try read([newer, step1])
    }
  }

  @Test func anotherFormatIsRefusedAtTheHeader() {
    #expect(
      throws: RecordingError(
        line: 1,
        #"not a recording's header: it lacks "format":"composable-architecture-recording" or its version"#
      )
    ) {
      try read([#"{"format":"something-else","version":1}"#, step1])
    }
  }

  @Test func theErrorIsOneLineNamingTheLine() {
    #expect(RecordingError(line: 4, "step 9 where step 3 was expected").description
      == "line 4: step 9 where step 3 was expected")
  }
}
