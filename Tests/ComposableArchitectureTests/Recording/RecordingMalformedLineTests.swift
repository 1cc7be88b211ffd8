import ComposableArchitecture
import Foundation
import Testing

/// A recording edited by hand is refused in the person's words, at its line, whatever the edit: a key given
/// twice deep inside a state or an action, a header without its program, a value of the wrong kind, an origin
/// that is neither `user` nor `effect`, a line nested deeper than the decoder reads. Never the decoder's own
/// wording ("Cannot initialize…", "Expected to decode…", "The given data was not valid JSON").
@Suite(.timeLimit(.minutes(1)))
struct RecordingMalformedLineTests {
  private typealias LedgerRecording = Recording<LedgerState, LedgerAction>

  private let header =
    #"{"format":"composable-architecture-recording","version":2,"program":"ledger","snapshotInterval":2,"state":{"echoes":[],"isFetching":false,"total":0}}"#
  private let step = #"{"step":1,"origin":"user","action":{"add":{"_0":3}}}"#
  private let end = #"{"end":1,"state":{"echoes":[],"isFetching":false,"total":3}}"#

  private func read(_ lines: String..., program: String? = "ledger") throws(RecordingError) -> LedgerRecording {
    try LedgerRecording(data: Data(lines.map { $0 + "\n" }.joined().utf8), program: program)
  }

  // MARK: A key given twice, at any depth

  @Test func aKeyGivenTwiceInsideAStepsStateIsRefusedNamingWhere() {
    let tampered =
      #"{"step":1,"origin":"user","action":{"add":{"_0":3}},"state":{"echoes":[],"isFetching":false,"total":3,"total":9}}"#
    #expect(throws: RecordingError(line: 2, #"the step has the key "total" twice at state"#)) {
      try read(header, tampered, end)
    }
  }

  @Test func aKeyGivenTwiceInsideAnActionIsRefusedNamingWhere() {
    let tampered = #"{"step":1,"origin":"user","action":{"fetched":{"total":3,"total":18}}}"#
    #expect(throws: RecordingError(line: 2, #"the step has the key "total" twice at action.fetched"#)) {
      try read(header, tampered, end)
    }
  }

  @Test func aKeyGivenTwiceInsideTheInitialStateIsRefused() {
    let tampered = header.replacingOccurrences(of: #""total":0"#, with: #""total":0,"t\u006ftal":5"#)
    #expect(throws: RecordingError(line: 1, #"the header has the key "total" twice at state"#)) {
      try read(tampered, step, end)
    }
  }

  @Test func aKeyGivenTwiceInsideTheFinalStateIsRefused() {
    let tampered = #"{"end":1,"state":{"echoes":[],"isFetching":false,"isFetching":true,"total":3}}"#
    #expect(throws: RecordingError(line: 3, #"the end has the key "isFetching" twice at state"#)) {
      try read(header, step, tampered)
    }
  }

  /// Deeper still: in an object inside an array the state's decoding skips, the path names the element.
  @Test func aKeyGivenTwiceDeepInsideIsRefusedWithItsPath() {
    let tampered =
      #"{"end":1,"state":{"echoes":[],"isFetching":false,"total":3,"notes":[{"a":1},{"b":{"c":[1,{"d":2,"d":3}]}}]}}"#
    #expect(throws: RecordingError(line: 3, #"the end has the key "d" twice at state.notes[1].b.c[1]"#)) {
      try read(header, step, tampered)
    }
  }

  /// The same key in two objects, or a key's name as a string value, is no repetition.
  @Test func equalKeysInDifferentObjectsAreNoRepetition() throws {
    let step =
      #"{"step":1,"origin":"user","action":{"echoTapped":{"_0":"total"}},"state":{"echoes":["total","total"],"isFetching":false,"total":0}}"#
    let recording = try read(header, step)
    #expect(recording.steps.first?.action == .echoTapped("total"))
  }

  // MARK: The program

  @Test func aHeaderWithoutItsProgramIsRefusedByAReaderThatNamesOne() {
    let tampered = header.replacingOccurrences(of: #""program":"ledger","#, with: "")
    #expect(
      throws: RecordingError(
        line: 1,
        #"the header lacks "program": a recording made by ledger names it ("program":"ledger"); if ledger made "#
          + "this one, add that to its header"
      )
    ) {
      try read(tampered, step, end)
    }
    #expect(throws: Never.self) { try read(tampered, step, end, program: nil) }
  }

  @Test func aProgramOfNullIsNoProgram() {
    let tampered = header.replacingOccurrences(of: #""program":"ledger""#, with: #""program":null"#)
    let error = #expect(throws: RecordingError.self) { try read(tampered, step, end) }
    #expect(error?.line == 1)
    #expect(error?.reason.hasPrefix(#"the header lacks "program""#) == true)
  }

  // MARK: Values of the wrong kind, in words

  @Test func anOriginThatIsNeitherUserNorEffectIsNamedInWords() {
    let tampered = #"{"step":1,"origin":"robot","action":{"add":{"_0":3}}}"#
    #expect(
      throws: RecordingError(line: 2, #"the step does not decode: its origin is "robot", where "user" or "effect" belongs"#)
    ) {
      try read(header, tampered, end)
    }
    let number = #"{"step":1,"origin":7,"action":{"add":{"_0":3}}}"#
    #expect(
      throws: RecordingError(line: 2, #"the step does not decode: its origin is 7, where "user" or "effect" belongs"#)
    ) {
      try read(header, number, end)
    }
  }

  @Test func aValueOfTheWrongKindIsNamedWithWhereItIs() {
    let string = #"{"step":1,"origin":"user","action":{"add":{"_0":"three"}}}"#
    #expect(
      throws: RecordingError(line: 2, #"the step does not decode: "three" at action.add._0, where a number belongs"#)
    ) {
      try read(header, string, end)
    }
    let array = #"{"step":1,"origin":"user","action":{"add":{"_0":3}},"state":[1]}"#
    #expect(throws: RecordingError(line: 2, "the step does not decode: an array at state, where an object belongs")) {
      try read(header, array, end)
    }
    let flag = #"{"end":1,"state":{"echoes":[],"isFetching":1,"total":3}}"#
    #expect(throws: RecordingError(line: 3, "the end does not decode: 1 at state.isFetching, where true or false belongs")) {
      try read(header, step, flag)
    }
  }

  @Test func aNullWhereAValueBelongsIsNamed() {
    let tampered = #"{"step":1,"origin":"user","action":{"add":{"_0":null}}}"#
    #expect(throws: RecordingError(line: 2, "the step does not decode: null at action.add._0, where a number belongs")) {
      try read(header, tampered, end)
    }
  }

  @Test func aLineThatIsNotJSONSaysSoWithoutTheDecodersWords() {
    #expect(throws: RecordingError(line: 2, "the step does not decode: not JSON")) {
      try read(header, #"{"step":1,"origin":"#, end)
    }
  }

  // MARK: Nesting

  /// However deep a line nests (a hundred thousand, a million arrays or objects), it is refused as nested too
  /// deeply, not as "not JSON", and nothing overflows the stack.
  @Test(arguments: [513, 100_000, 1_000_000])
  func aLineNestedTooDeeplyIsRefusedAsSuch(depth: Int) {
    let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
    for value in [arrays, objects] {
      let step = #"{"step":1,"origin":"user","action":"# + value + "}"
      #expect(
        throws: RecordingError(
          line: 2,
          "the step does not decode: it nests arrays and objects \(depth + 1) deep, more than the 512 a line may have"
        )
      ) {
        try read(header, step, end)
      }
    }
    let deepHeader = String(header.dropLast()) + #","x":"# + arrays + "}"
    #expect(
      throws: RecordingError(
        line: 1,
        "not a recording's header: it nests arrays and objects \(depth + 1) deep, more than the 512 a line may have"
      )
    ) {
      try read(deepHeader, step, end)
    }
  }

  /// At the decoder's limit, a line still reads (the key checks walk it without recursing).
  @Test func aLineNestedToTheLimitIsRead() throws {
    let depth = 510
    let notes = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let step =
      #"{"step":1,"origin":"user","action":{"add":{"_0":3}},"state":{"echoes":[],"isFetching":false,"notes":"# + notes
      + #","total":3}}"#
    #expect(try read(header, step).steps.count == 1)
  }

  /// A line nested to the limit with a number that does not fit is told apart from bad JSON without
  /// overflowing the stack.
  @Test func aNumberThatDoesNotFitInALineNestedToTheLimitIsNamed() {
    let depth = 510
    let notes = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let step =
      #"{"step":1,"origin":"user","action":{"add":{"_0":1.5}},"state":{"echoes":[],"isFetching":false,"notes":"#
      + notes + #","total":3}}"#
    #expect(
      throws: RecordingError(
        line: 2,
        "the step does not decode: a number that does not fit where it is: too large, or not whole where a whole "
          + "number belongs"
      )
    ) {
      try read(header, step)
    }
  }
}
