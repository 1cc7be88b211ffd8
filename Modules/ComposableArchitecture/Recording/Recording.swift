public import FoundationEssentials

/// A store's run as a ``Recorder`` wrote it: the initial state, then every action the store reduced, in
/// order, with where it came from, the effects its reducer returned and, every few steps, the state after it;
/// then, when the run ended normally, the state it ended in.
///
/// ## The format
///
/// A recording is UTF-8 text in JSON Lines: one JSON object per line, each line ended by `\n`. The first
/// line is the header; every other line is one step:
///
/// ```json
/// {"format":"composable-architecture-recording","version":2,"program":"primetime","snapshotInterval":10,"state":{…}}
/// {"step":1,"origin":"user","action":{…},"effects":{"run":1}}
/// {"step":2,"origin":"effect","action":{…}}
/// …
/// {"step":10,"origin":"user","action":{…},"state":{…}}
/// …
/// {"end":12,"state":{…}}
/// ```
///
/// - `format` is always `composable-architecture-recording`; `version` is the version of this format, 2
///   since steps hold their effects. A later version may add fields; a reader refuses a version newer than
///   it knows, and reads version 1 (no `effects`, no `end`) with ``Step/effects`` nil.
/// - `program`, when there, names the program that recorded (``Recorder/program``); a reader told which
///   program it reads for refuses another's recording before decoding its state, and one whose header names
///   no program (edited out, or made before recordings named their program: add `"program":"NAME"` to such a
///   header to read it). A reader that names no program reads any recording.
/// - `state` in the header is the state before the first step; `snapshotInterval` is N in the next point.
/// - Steps are numbered from 1 with no gap. `origin` is `user` or `effect` (see ``ActionOrigin``);
///   `action` is the action as its `Encodable` conformance encodes it; `effects` counts the effects the
///   reducer returned for it (see ``EffectSummary``), left out when there were none; a step whose number is
///   a multiple of N also holds `state`, the state right after the action was reduced.
/// - The last line, `end`, is there when the run ended normally (``Recorder/finish(with:)``): the number of
///   steps, and the state the run ended in.
/// - Values are encoded with `JSONEncoder`, keys sorted. What goes in is the state and the actions, nothing
///   else: a store's environment and dependencies (clients, keys, paths of its files) are never encoded.
///   Whatever a state or an action holds is in the recording, though, so a type that holds a secret must
///   leave it out of its encoding.
///
/// The reader refuses a recording, whole, at its first fault, with a ``RecordingError`` naming the line:
/// an empty file, a first line that is not a header of this format, a newer version, another program's
/// recording or one naming no program (when the reader names its program), a snapshot interval outside 1
/// through ``RecordingFormat/maximumSnapshotInterval``, a line that is not UTF-8 or not JSON, nests arrays and
/// objects more than 512 deep, or does not decode (a value of the wrong kind, an origin other than `user` or
/// `effect`, an action case the program does not have: said in words, with where in the line), a line with a
/// key its kind does not have, or with a key given twice in any of its objects, however deep in its state or
/// action (no recorder writes either; a hand edit does), a step out of sequence, an end that is not the last
/// line or miscounts the steps, and a last line without its `\n` (the file was cut short, as when the
/// recording program was killed in the middle of a write, wherever the cut is, in the header too).
public struct Recording<State, Action> {
  /// One action the store reduced.
  public struct Step {
    /// The step's number: 1 for the first action, increasing by 1.
    public var number: Int
    /// Whether the action was sent to the store or by one of its effects.
    public var origin: ActionOrigin
    /// The action.
    public var action: Action
    /// The state right after the action was reduced, on the steps the snapshot interval picks; else `nil`.
    public var state: State?
    /// The effects the reducer returned for the action, counted; `nil` in a recording of version 1, which
    /// did not record them.
    public var effects: EffectSummary?

    /// A step; `state` is the state after it, or `nil` when the recording holds none for it; `effects` what
    /// the reducer returned, or `nil` when unknown.
    public init(
      number: Int, origin: ActionOrigin, action: Action, state: State? = nil, effects: EffectSummary? = nil
    ) {
      self.number = number
      self.origin = origin
      self.action = action
      self.state = state
      self.effects = effects
    }
  }

  /// The version of the format this library writes, and the newest it reads: 2.
  public static var currentVersion: Int { RecordingLine.version }

  /// The version of the format the recording was written in (``currentVersion`` for one made here).
  public var version: Int
  /// The program that recorded, as its header names it; `nil` when the header names none.
  public var program: String?
  /// How many steps apart the states are recorded: the state follows step N, 2N, and so on.
  public var snapshotInterval: Int
  /// The state before the first step.
  public var initialState: State
  /// The actions the store reduced, in order.
  public var steps: [Step]
  /// The state the run ended in, after the last step; `nil` when the run did not end normally (or the
  /// recording is of version 1).
  public var finalState: State?

  /// Whether the recording shows that its run did not end normally: it is of a version that records the
  /// end (2 or later) and has none. The program was stopped by a signal or crashed, or the recording could
  /// not be written to the end; its replay checks the states of its snapshot steps only. Always false for
  /// version 1, which recorded no end.
  public var lacksItsEnd: Bool { version >= 2 && finalState == nil }

  /// A recording of `steps` from `initialState`, ended in `finalState` when it is given, made by `program`
  /// when it is given, in the format's current version unless `version` says otherwise.
  public init(
    initialState: State, snapshotInterval: Int, steps: [Step] = [], finalState: State? = nil,
    program: String? = nil, version: Int = Recording.currentVersion
  ) {
    self.version = version
    self.program = program
    self.initialState = initialState
    self.snapshotInterval = snapshotInterval
    self.steps = steps
    self.finalState = finalState
  }
}

extension Recording {
  /// The largest recording read, in bytes: 256 MiB, some two million steps of PrimeTime; a larger file is
  /// refused before it is read. A ``Recorder`` never writes more: near the limit it leaves the states out.
  public static var maximumSize: Int64 { 256 << 20 }
}

extension Recording: Sendable where State: Sendable, Action: Sendable {}
extension Recording.Step: Sendable where State: Sendable, Action: Sendable {}
extension Recording: Equatable where State: Equatable, Action: Equatable {}
extension Recording.Step: Equatable where State: Equatable, Action: Equatable {}

extension Recording where State: Decodable, Action: Decodable {
  /// Reads the recording in the file at `url`.
  ///
  /// Only a regular file of at most ``maximumSize`` bytes is read: a directory, a FIFO, a device or a larger
  /// file is refused before any of it is read, so a hostile path cannot make the reader wait or fill memory.
  ///
  /// - Throws: ``RecordingError``, naming the line at fault, when the file cannot be read or is not a whole
  ///   recording of this format at a version this library knows.
  ///
  /// - Parameters:
  ///   - url: the file's URL.
  ///   - program: the program reading, to refuse what another program recorded (a header naming another
  ///     `program`, or none) before its state is decoded; `nil` to read any program's.
  public init(contentsOf url: URL, program: String? = nil) throws(RecordingError) {
    try self.init(path: url.path, named: url.path, program: program)
  }

  /// Reads the recording in the file at `path`, which an error names as it is given (relative, say), not as
  /// an absolute path; see ``init(contentsOf:program:)``.
  public init(contentsOfFile path: String, program: String? = nil) throws(RecordingError) {
    try self.init(path: path, named: path, program: program)
  }

  private init(path: String, named name: String, program: String?) throws(RecordingError) {
    switch CLibrary.readRegularFile(path, maximumSize: Self.maximumSize) {
    case let .success(bytes):
      try self.init(data: Data(bytes), program: program)
    case let .failure(.failed(error)):
      throw RecordingError(line: nil, "cannot read \(name): \(error.readingReason)")
    case let .failure(.notARegularFile(isDirectory)):
      throw RecordingError(
        line: nil, "cannot read \(name): \(isDirectory ? "it is a directory" : "it is not a regular file")"
      )
    case let .failure(.tooLarge(size)):
      throw RecordingError(
        line: nil,
        "cannot read \(name): it holds \(size) bytes, more than the \(Self.maximumSize) a recording may hold"
      )
    }
  }

  /// What a recording whose last line lacks its newline is refused with, whichever line that is.
  private static var cutShortReason: String { "the line has no newline at its end: the recording was cut short" }

  /// Reads a recording from its bytes; see ``init(contentsOf:program:)``.
  public init(data: Data, program: String? = nil) throws(RecordingError) {
    // A byte-order mark an editor put before the header is passed over, as JSON readers pass it over.
    let text = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
    guard !text.isEmpty else {
      throw RecordingError(line: 1, "the recording is empty: no header")
    }
    var lines = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    // The text ends with a newline, so the split ends with an empty piece; anything else was cut short. That
    // is said once the header is known good, so that a file that is no recording is refused at its first line.
    let cutShort = lines.last?.isEmpty == false
    if !cutShort { lines.removeLast() }
    let decoder = JSONDecoder()
    let probe: RecordingLine.Probe
    do {
      probe = try decoder.decode(RecordingLine.Probe.self, from: Data(lines[0]))
    } catch {
      // A file cut inside its header: the start of a recording, and nothing after it, not even the newline.
      let start = RecordingFormat.headerPrefix.utf8
      if cutShort, lines.count == 1, lines[0].starts(with: start) || start.starts(with: lines[0]) {
        throw RecordingError(line: 1, Self.cutShortReason)
      }
      throw RecordingError(line: 1, "not a recording's header: \(RecordingLine.describe(error, in: lines[0]))")
    }
    guard probe.format == RecordingLine.format, let version = probe.version else {
      throw RecordingError(
        line: 1, "not a recording's header: it lacks \"format\":\"\(RecordingLine.format)\" or its version"
      )
    }
    guard version <= RecordingLine.version else {
      throw RecordingError(
        line: 1,
        "the recording is of version \(version), newer than this program reads (\(RecordingLine.version))"
      )
    }
    guard version >= 1 else {
      throw RecordingError(line: 1, "version \(version) does not exist: the header is damaged")
    }
    if let program {
      guard let recorder = probe.program else {
        throw RecordingError(
          line: 1,
          "the header lacks \"program\": a recording made by \(program) names it (\"program\":"
            + "\(RecordingLine.quoted(program))); if \(program) made this one, add that to its header"
        )
      }
      guard recorder == program else {
        throw RecordingError(line: 1, "the recording was made by \(recorder), not \(program): replay it with \(recorder)")
      }
    }
    let header: RecordingLine.Header<State>
    do {
      header = try decoder.decode(RecordingLine.Header<State>.self, from: Data(lines[0]))
    } catch {
      throw RecordingError(line: 1, "the header does not decode: \(RecordingLine.describe(error, in: lines[0]))")
    }
    guard header.snapshotInterval >= 1 else {
      throw RecordingError(line: 1, "the snapshot interval is \(header.snapshotInterval), not 1 or more")
    }
    guard header.snapshotInterval <= RecordingFormat.maximumSnapshotInterval else {
      throw RecordingError(
        line: 1,
        "the snapshot interval is \(header.snapshotInterval), more than the \(RecordingFormat.maximumSnapshotInterval) "
          + "a recording may have"
      )
    }
    if let fault = RecordingLine.keyFault(in: Data(lines[0]), allowed: RecordingLine.headerKeys, what: "the header") {
      throw RecordingError(line: 1, fault)
    }
    guard !cutShort else {
      throw RecordingError(line: lines.count, Self.cutShortReason)
    }
    var steps: [Step] = []
    steps.reserveCapacity(lines.count - 1)
    var finalState: State?
    for (index, text) in lines.enumerated().dropFirst() {
      let lineNumber = index + 1
      guard finalState == nil else {
        throw RecordingError(line: lineNumber, "a line after the end of the run")
      }
      let line: RecordingLine.BodyLine<State, Action>
      do {
        line = try decoder.decode(RecordingLine.BodyLine<State, Action>.self, from: Data(text))
      } catch {
        let what = JSONScanner.keys(at: [], in: Data(text))?.contains("end") == true ? "the end" : "the step"
        throw RecordingError(
          line: lineNumber, "\(what) does not decode: \(RecordingLine.describe(error, in: text))"
        )
      }
      let isEnd = line.end != nil
      if let fault = RecordingLine.keyFault(
        in: Data(text), allowed: isEnd ? RecordingLine.endKeys : RecordingLine.stepKeys,
        what: isEnd ? "the end" : "the step"
      ) {
        throw RecordingError(line: lineNumber, fault)
      }
      if let end = line.end {
        guard line.step == nil, let state = line.state else {
          throw RecordingError(line: lineNumber, "the end of the run needs \"state\" and no \"step\"")
        }
        guard end == steps.count else {
          throw RecordingError(line: lineNumber, "the end counts \(end) steps where there were \(steps.count)")
        }
        finalState = state
        continue
      }
      guard let number = line.step, let origin = line.origin, let action = line.action else {
        let missing = line.step == nil ? "step" : line.origin == nil ? "origin" : "action"
        throw RecordingError(line: lineNumber, "the step does not decode: no \"\(missing)\"")
      }
      guard number == steps.count + 1 else {
        throw RecordingError(line: lineNumber, "step \(number) where step \(steps.count + 1) was expected")
      }
      let effects = version >= 2 ? line.effects ?? EffectSummary.noEffect : nil
      steps.append(Step(number: number, origin: origin, action: action, state: line.state, effects: effects))
    }
    self.init(
      initialState: header.state, snapshotInterval: header.snapshotInterval, steps: steps, finalState: finalState,
      program: probe.program, version: version
    )
  }
}

extension Recording where State: Encodable, Action: Encodable {
  /// The recording's lines, each without its `\n`, as a ``Recorder`` writes them.
  ///
  /// - Throws: ``RecordingError`` when a state or an action cannot be encoded.
  public func lines() throws(RecordingError) -> [String] {
    let encoder = RecordingLine.encoder()
    var lines = [
      try RecordingLine.header(
        state: initialState, snapshotInterval: snapshotInterval, program: program, encoder: encoder
      )
    ]
    for step in steps {
      lines.append(
        try RecordingLine.step(
          step.number, origin: step.origin, action: step.action, state: step.state,
          effects: step.effects ?? .noEffect, encoder: encoder
        )
      )
    }
    if let finalState {
      lines.append(try RecordingLine.end(after: steps.count, state: finalState, encoder: encoder))
    }
    return lines
  }
}
