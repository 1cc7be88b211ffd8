import Synchronization

/// Writes a store's run as a ``Recording``, one line per action, as the store reduces them.
///
/// Give it to a root store with ``Store/record(to:fileID:line:)``: the header, with the store's current state, is
/// written then, and each action the store reduces from then on is written right after it is reduced,
/// before its effects run, as one line. Every `snapshotInterval` steps the line also holds the state; an
/// interval of 1 records the state after every step, so that a replay checks each one.
///
/// Lines go to `write` (without their `\n`), or to a file with ``init(path:snapshotInterval:program:whenStopped:)``. A value
/// that cannot be encoded, or a write to the file that fails, ends the recording: ``error`` says why, a
/// runtime warning is raised once (or the file recorder's `whenStopped` is called), and later actions are not
/// written (the file holds every line before).
///
/// The recording never grows past ``maximumSize``, the most a replay reads, so what is recorded can be replayed.
/// A line holding the state is written only while room is left for an end line as large and for a sixteenth of
/// the limit more; past that, steps are written without their states (a runtime warning says so, once), and
/// when even those no longer fit, the recording stops there, whole, without its end.
@MainActor
public final class Recorder<State: Encodable, Action: Encodable> {
  /// How many steps apart the state is recorded.
  public let snapshotInterval: Int
  /// The program recording, named in the header so that another program's replay refuses the recording
  /// (see ``Recording/init(contentsOf:program:)``); `nil` names none.
  public let program: String?
  /// How many steps have been written.
  public private(set) var stepCount = 0
  /// Why the recording ended early, if it did.
  public private(set) var error: RecordingError?
  /// The most bytes the recording may hold: ``Recording/maximumSize`` unless given.
  public let maximumSize: Int64
  /// How many bytes the lines written so far hold, their newlines included.
  public private(set) var size: Int64 = 0

  private let write: (String) -> RecordingError?
  /// Says that the recording stopped; a runtime warning when nil.
  private let stopped: ((RecordingError) -> Void)?
  private let encoder = RecordingLine.encoder()
  private var isStarted = false
  private var isFinished = false
  /// The room kept for the end line: the size of the last line that held the state.
  private var stateLineSize: Int64 = 0
  private var statesLeftOut = false

  /// A recorder that hands each line, without its `\n`, to `write`.
  ///
  /// - Parameters:
  ///   - snapshotInterval: how many steps apart the state is recorded; values below 1 count
  ///     as 1, values above ``RecordingFormat/maximumSnapshotInterval`` as that maximum.
  ///   - program: the program recording, for the header; `nil` names none.
  ///   - maximumSize: the most bytes the recording may hold.
  ///   - write: receives each line, on the store's actor, in order.
  public init(
    snapshotInterval: Int = 10,
    program: String? = nil,
    maximumSize: Int64 = Recording<State, Action>.maximumSize,
    write: @escaping (String) -> Void
  ) {
    self.snapshotInterval = min(max(snapshotInterval, 1), RecordingFormat.maximumSnapshotInterval)
    self.program = program
    self.maximumSize = maximumSize
    self.write = { line in
      write(line)
      return nil
    }
    stopped = nil
  }

  /// A recorder that writes the recording to a new file at `path`, readable and writable by its owner only
  /// (a recording holds what the person did).
  ///
  /// An existing file is never replaced, so a mistyped path cannot destroy a database or another recording.
  ///
  /// - Parameters:
  ///   - path: the new file's path.
  ///   - snapshotInterval: how many steps apart the state is recorded; values below 1 count
  ///     as 1, values above ``RecordingFormat/maximumSnapshotInterval`` as that maximum.
  ///   - program: the program recording, for the header; `nil` names none.
  ///   - whenStopped: says, to the person running the program, that the recording stopped (a write failed:
  ///     a full disk, a file size limit) and why; called once, on the store's actor. Nil raises a runtime
  ///     warning instead, which is a developer's message.
  /// - Throws: ``RecordingError`` when the file cannot be created, or already exists.
  public init(
    path: String, snapshotInterval: Int = 10, program: String? = nil,
    whenStopped: ((RecordingError) -> Void)? = nil
  ) throws(RecordingError) {
    let file: RecordingFile
    switch CLibrary.createNewFile(path) {
    case .success(let descriptor): file = RecordingFile(descriptor: descriptor)
    case .failure(let error): throw RecordingError(line: nil, "cannot create \(path): \(error)")
    }
    self.snapshotInterval = min(max(snapshotInterval, 1), RecordingFormat.maximumSnapshotInterval)
    self.program = program
    self.maximumSize = Recording<State, Action>.maximumSize
    self.write = { line in
      file.append(line + "\n").map { RecordingError(line: nil, "cannot write to \(path): \($0)") }
    }
    stopped = whenStopped
  }

  /// Writes the header, with `state` as the state before the first step. ``Store/record(to:fileID:line:)`` calls it.
  public func start(from state: State) {
    guard !isStarted, error == nil else { return }
    isStarted = true
    emit { () throws(RecordingError) in
      let header = try RecordingLine.header(
        state: state, snapshotInterval: snapshotInterval, program: program, encoder: encoder
      )
      try ensureRoom(for: header, keeping: Self.size(of: header), what: "its first state")
      stateLineSize = Self.size(of: header)
      return header
    }
  }

  /// Writes the next step: `action`, which came from `origin`, left the state at `state` and returned
  /// `effects`.
  ///
  /// Before ``start(from:)`` the step is not written and a runtime warning says so; after ``finish(with:)``
  /// too.
  public func record(_ action: Action, origin: ActionOrigin, state: State, effects: EffectSummary = .noEffect) {
    guard error == nil, isWritable(what: "an action") else { return }
    let number = stepCount + 1
    emit { () throws(RecordingError) in
      if number % snapshotInterval == 0 {
        let line = try RecordingLine.step(
          number, origin: origin, action: action, state: state, effects: effects, encoder: encoder
        )
        // Room for this line, an end line as large (the run's last state) and a sixteenth of the limit for the
        // steps after the states are left out.
        if hasRoom(for: line, keeping: Self.size(of: line) + maximumSize / 16) {
          stateLineSize = Self.size(of: line)
          return line
        }
        leaveStatesOut()
      }
      let line = try RecordingLine.step(
        number, origin: origin, action: action, state: State?.none, effects: effects, encoder: encoder
      )
      try ensureRoom(for: line, keeping: stateLineSize, what: "this step")
      return line
    }
    if error == nil {
      stepCount = number
    }
  }

  /// Ends the recording with the state the run ended in, so that a replay checks it whatever the snapshot
  /// interval: call it when the run is over (a program at its normal end). Nothing is written after it.
  ///
  /// A recording without this last line (a run ended by a signal, or a recorder never finished) is still
  /// whole; its replay checks the states of its snapshot steps only.
  public func finish(with state: State) {
    guard error == nil, isWritable(what: "the end of the run") else { return }
    isFinished = true
    emit { () throws(RecordingError) in
      let line = try RecordingLine.end(after: stepCount, state: state, encoder: encoder)
      try ensureRoom(for: line, keeping: 0, what: "the state the run ended in")
      return line
    }
  }

  /// Whether the recording is between its header and its end; a runtime warning when it is not.
  private func isWritable(what: String) -> Bool {
    if !isStarted {
      RuntimeWarning.report("A Recorder was given \(what) before its header: call start(from:) first.")
      return false
    }
    if isFinished {
      RuntimeWarning.report("A Recorder was given \(what) after finish(with:); the recording is over.")
      return false
    }
    return true
  }

  /// The bytes `line` takes in the file, with its newline.
  private static func size(of line: String) -> Int64 { Int64(line.utf8.count) + 1 }

  /// Whether `line` fits with `reserve` bytes left over.
  private func hasRoom(for line: String, keeping reserve: Int64) -> Bool {
    size + Self.size(of: line) + reserve <= maximumSize
  }

  /// Throws, ending the recording, unless `line` fits with `reserve` bytes left over.
  private func ensureRoom(for line: String, keeping reserve: Int64, what: String) throws(RecordingError) {
    guard hasRoom(for: line, keeping: reserve) else {
      throw RecordingError(
        line: nil, "it reached the \(maximumSize) bytes a replay reads, so \(what) and later steps are not recorded"
      )
    }
  }

  /// Says once that states are left out from here on.
  private func leaveStatesOut() {
    guard !statesLeftOut else { return }
    statesLeftOut = true
    RuntimeWarning.report(
      "The recording is near the \(maximumSize) bytes a replay reads: later steps are recorded without their "
        + "states, so a replay checks fewer of them."
    )
  }

  private func emit(_ line: () throws(RecordingError) -> String) {
    let failure: RecordingError?
    do throws(RecordingError) {
      let text = try line()
      failure = write(text)
      if failure == nil {
        size += Self.size(of: text)
      }
    } catch {
      failure = error
    }
    if let failure {
      error = failure
      if let stopped {
        stopped(failure)
      } else {
        RuntimeWarning.report("The recording stopped: \(failure)")
      }
    }
  }
}

/// The file a ``Recorder`` writes, closed when the recorder goes away.
///
/// Sendable: the descriptor is a constant and the length an atomic; writes come from the recorder's actor only.
private final class RecordingFile: Sendable {
  let descriptor: Int32
  /// How many bytes the whole lines written so far hold: the file is new, so where the next line starts.
  private let length = Atomic<Int64>(0)

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  deinit {
    CLibrary.closeDescriptor(descriptor)
  }

  /// Writes all of `text`; the reason when a write fails, after cutting off the part of `text` it wrote, so
  /// that the file still ends with a whole line (a full disk or a file size limit stops a write partway).
  func append(_ text: String) -> String? {
    guard let failure = CLibrary.writeWhole(text, to: descriptor) else {
      length.add(Int64(text.utf8.count), ordering: .relaxed)
      return nil
    }
    CLibrary.truncate(descriptor, to: length.load(ordering: .relaxed))
    return failure.writingReason
  }
}
