public import ComposableArchitecture
public import Platform

extension ReplayCommand {
  /// A recorder writing to a new file at `path` (mode 0600), for `--record FILE`, with the state every
  /// `snapshotInterval` steps; its header names `program` (pass the ``program`` of this subcommand, whose
  /// replay then reads it).
  ///
  /// A write that fails later (a full disk, a file size limit) stops the recording with one line on standard
  /// error, `PROGRAM: the recording stopped: …`.
  ///
  /// - Throws: ``RecordingError`` saying, in a sentence without its full stop, what is wrong and what to do:
  ///   the file exists (``RecordingFile/refusal(at:)``; the file is created with `O_EXCL`, so one made
  ///   meanwhile is refused too), or it can't be created (a directory that does not exist, permission denied).
  @MainActor
  public static func recorder(at path: String, snapshotInterval: Int = 10, program: String?) throws(RecordingError)
    -> Recorder<State, Action>
  {
    if let refusal = RecordingFile.refusal(at: path) {
      throw RecordingError(line: nil, refusal)
    }
    do {
      return try Recorder(path: path, snapshotInterval: snapshotInterval, program: program) { error in
        // The person's line, not a developer's runtime warning; the status is then 1 (`Recorder.error`).
        Console.standard.printError(
          "\(program ?? "recording"): the recording stopped: \(Echo.escaped(error.description)); the steps before "
            + "it are kept and replay.")
      }
    } catch {
      // The recorder's reason is `cannot create PATH: REASON`.
      let prefix = "cannot create \(path): "
      let reason = error.reason.hasPrefix(prefix) ? String(error.reason.dropFirst(prefix.count)) : error.reason
      // A file made since the check above, which `O_EXCL` refused, is refused as an existing one.
      if let refusal = RecordingFile.refusal(at: path) {
        throw RecordingError(line: nil, refusal)
      }
      throw RecordingError(
        line: nil, "can't create the recording file \(path): \(reason); choose another path for '--record'"
      )
    }
  }

  /// Records every action `store` reduces from now on to a new file at `path`, with the state every
  /// `snapshotInterval` steps (nothing when `path` is nil); when
  /// the file can't be made, says why in one line (``recorder(at:snapshotInterval:program:)``'s error) and ends the process with status 1.
  ///
  /// Returns the recorder, for the program to end the recording with the state it ended in
  /// (`Recorder.finish(with:)`) at its normal end; nil when `path` is.
  @MainActor
  @discardableResult
  public func recordOrExit(
    _ store: Store<State, Action>, to path: String?, snapshotInterval: Int = 10, console: Console = .standard
  ) -> Recorder<State, Action>? {
    guard let path else { return nil }
    do {
      let recorder = try Self.recorder(at: path, snapshotInterval: snapshotInterval, program: program)
      store.record(to: recorder)
      return recorder
    } catch {
      console.printError("\(program): \(Echo.escaped(error.description)).")
      exit(1)
    }
  }
}
