import ComposableArchitecture
import Counter
import CounterTerminal
import Dispatch
import FavoritePrimes
import FavoritePrimesLive
import FoundationEssentials
import LineEditor
import NthPrimeLive
import Platform
import PrimeTimeApp
import REPL
import Replay
import Synchronization

/// PrimeTime in the terminal: the app's store, run through the dependency system with the live (or, with
/// `--sandbox`, in-memory) storage, driven by a REPL. ``main()`` reads as the steps of a run, in order.
@main
@MainActor
struct PrimeTime {
  let environment = ProcessInfo.processInfo.environment
  let isInteractive = TTY.standardInputIsTerminal
  /// A long `nth` shows its progress on a line of its own, at a terminal only; any other output erases it first.
  let statusLine: StatusLine
  let console: Console
  var options = Options()
  /// The recording `--record` created, while the session has not started: a run stopped before it starts leaves
  /// no empty recording behind.
  var recordingNotStarted: String?

  init() {
    statusLine = StatusLine(isEnabled: isInteractive && TTY.standardOutputIsTerminal)
    console = statusLine.clearing(.standard)
  }

  static func main() async {
    // Before any file is opened, so none becomes standard output or error; before anything can run long, so a
    // signal ends the process cleanly.
    StandardStreams.ensureOpen()
    FileDescriptorLimit.ensureEnoughOrExit(name: "primetime")
    ThreadStacks.fitToAddressSpaceLimitOrExit(name: "primetime")
    TerminationSignals.install()

    var primetime = PrimeTime()
    primetime.replayIfAsked()
    primetime.readOptions()
    let recorder = primetime.makeRecording()
    let logFile = primetime.openLog()
    let storage = primetime.openStorage()
    let store = primetime.makeStore(storage: storage, logFile: logFile)
    primetime.record(store, to: recorder)
    let riskWatch = primetime.endAtASignal(store, storage: storage)
    let startProblems = await primetime.launch(store)
    let status = await primetime.runCommands(on: store, storage: storage)
    await primetime.leaveTheEndToASignal()
    let exitStatus = await primetime.end(
      store, storage: storage, commandsStatus: status, startProblems: startProblems, riskWatch: riskWatch,
      recorder: recorder, logFile: logFile
    )
    exit(exitStatus)
  }

  /// Ends the process before the session starts: one line on standard error, status 1.
  func stop(_ message: String) -> Never {
    // It may name a path as given, escape sequences and all: shown escaped, as every echoed path is.
    console.printError("primetime: \(Echo.escaped(message))")
    if let recordingNotStarted {
      unlink(recordingNotStarted)
    }
    exit(1)
  }

  /// `primetime replay FILE` and `primetime replay --diff OLD FILE`: replays or compares recordings, touching no
  /// database, history or network, and exits.
  func replayIfAsked() {
    if ReplayCommand<AppState, AppAction>.isRequested() {
      Options.replayCommand.runOrExit(console: console)
    }
  }

  /// The flags, or the process ends with the usage error; then what the environment must be for them.
  mutating func readOptions() {
    options = Options.interface(environment: environment).optionsOrExit(initial: Options())
    // A path variable that is not UTF-8 would be read as another path (with U+FFFD) and that directory made.
    if !options.sandbox, let variable = Options.variableNotUTF8() {
      stop("the environment variable \(variable) is not valid UTF-8; set it to a path that is.")
    }
  }

  /// The path of the database the run opens, or a plain run would (the sandbox's log and recording stay out of it).
  var databasePath: String? {
    options.databasePath ?? FavoritePrimesDatabase.defaultPath(environment: environment)
  }

  /// `--record FILE`: checked before anything is opened or made, so a refused run changes nothing; made before
  /// the log and the database are opened, so a file it can't make stops PrimeTime before any log, database or
  /// directory is created or changed (a log or database refused after it removes it). It starts with the store.
  mutating func makeRecording() -> Recorder<AppState, AppAction>? {
    guard let path = options.recordPath else { return nil }
    // The history in the sandbox too, which keeps none: the next session that is not sandboxed appends to it.
    let history = StateDirectory.historyFile(environment: environment)
    if let refusal = RecordingPath.refusal(
      path, databasePath: databasePath, logPath: options.logPath, historyPath: history)
    {
      stop(refusal + ".")
    }
    do {
      let recorder = try ReplayCommand<AppState, AppAction>.recorder(
        at: path, snapshotInterval: options.snapshotInterval ?? 10, program: Options.replayCommand.program
      )
      recordingNotStarted = path
      return recorder
    } catch {
      stop(error.description + ".")
    }
  }

  /// `--log FILE`: never the database or one of its files (in the sandbox, those a plain run opens next).
  func openLog() -> LogFile? {
    guard let path = options.logPath else { return nil }
    do {
      return try LogFile(path: path, databasePath: databasePath, protecting: protectedFromTheLog, report: { [console] in
        console.printError("primetime: \($0)")
      })
    } catch {
      stop(error.description)
    }
  }

  /// The database, or memory for `--sandbox`. Until the store exists, a signal only closes the database before
  /// the process ends; ``endAtASignal(_:storage:)`` replaces that cleanup.
  func openStorage() -> Storage {
    let storage: Storage
    if options.sandbox {
      storage = .sandbox(isRecorded: options.recordPath != nil)
    } else {
      guard let path = databasePath else {
        stop(
          "can't tell where to keep the database: neither XDG_DATA_HOME nor HOME is an absolute path. "
            + "Use '--db PATH', or '--sandbox' to keep nothing."
        )
      }
      // The default database lives below the home: a home that does not exist is not made for it.
      if options.databasePath == nil, let home = BaseDirectories.missingHomeOfDataHome(environment: environment) {
        stop(
          "the home directory \(home) ($HOME) does not exist, so there is nowhere to keep the database; pass "
            + "'--db PATH', or set XDG_DATA_HOME to a directory."
        )
      }
      do {
        let database = try FavoritePrimesDatabase(path: path)
        // What a backup or an export killed half-way (kill -9) left beside the database.
        database.removeStaleHiddenFiles()
        storage = .database(database)
      } catch {
        stop("\(error)")
      }
    }
    TerminationSignals.setCleanup { [storage] in storage.close() }
    return storage
  }

  /// The app's store over the live dependencies (`storage`'s clients, Wolfram|Alpha when configured), traced to
  /// the log when there is one.
  func makeStore(storage: Storage, logFile: LogFile?) -> Store<AppState, AppAction> {
    var log: (@Sendable (String) -> Void)?
    if let logFile {
      log = { [statusLine] line in
        // On standard error the log shares the terminal with the progress line: erase it before each entry.
        if logFile.isStandardError {
          statusLine.clear()
        }
        logFile.write(line)
      }
    }
    return .primeTime(
      favoritePrimes: storage.favoritePrimes(protecting: protectedFiles),
      activity: storage.activity,
      nthPrime: .wolframAlphaIfConfigured(environment: environment),
      log: log
    )
  }

  /// `--record FILE`: from here on, every action the store reduces is written to FILE; at the normal end, the
  /// state the session ended in.
  mutating func record(_ store: Store<AppState, AppAction>, to recorder: Recorder<AppState, AppAction>?) {
    guard let recorder else { return }
    store.record(to: recorder)
    recordingNotStarted = nil
  }

  /// A signal ends the session as `quit` does: the app's quit action gives unsaved favourites their last save,
  /// after the save running, if one is (``AppState/ending``); then the database is closed, and the farewell says
  /// if changes are lost; all within TerminationSignals' bound, which ends the process whatever happens here.
  ///
  /// Returns the observation that keeps what the farewell reads current (cancel it at the normal end): whether
  /// favourites are not known to be stored (unsaved, or a save running), as of the last action the store
  /// reduced, since the farewell must not wait for the main actor.
  func endAtASignal(_ store: Store<AppState, AppAction>, storage: Storage) -> StoreObservation {
    let changesAtRisk = ChangesAtRisk()
    let observation = store.observe { [changesAtRisk] state in
      changesAtRisk.update(state.favorites.favoritePrimes.hasUnsavedChanges || state.favorites.favoritePrimes.isSaving)
      // What the end's stop of an import or backup left to say (the quit action stops it).
      switch state.favorites.notice {
      case .importStopped, .backupStopped: changesAtRisk.updateStopped(state.favorites.notice?.description)
      default: changesAtRisk.updateStopped(nil)
      }
    }
    TerminationSignals.setCleanup { [storage] in
      // Within TerminationSignals' 7 seconds, leaving time to close.
      let deadline = ContinuousClock.now + .seconds(6)
      let ended = DispatchSemaphore(value: 0)
      // On the main actor: a command that passed the REPL's `isEnding` check before the signal has then been
      // reduced, since the check and the command's send run in one turn of the main actor.
      Task { @MainActor in
        await store.send(.quitRequested).finish()
        // A save that was running at the signal ends (its last try too) by actions its own command awaits.
        while !store.value.hasEnded, ContinuousClock.now < deadline {
          try? await Task.sleep(for: .milliseconds(5))
        }
        ended.signal()
      }
      let left = max(deadline - ContinuousClock.now, .zero)
      _ = ended.wait(timeout: .now() + .milliseconds(Int(left / .milliseconds(1))))
      storage.close()
    }
    TerminationSignals.setFarewell { [changesAtRisk, storage, statusLine] in
      // The waiting line of an `nth` cut short goes first, so what follows, and the shell's prompt, start clean.
      statusLine.clear { writeAll($0, to: STDOUT_FILENO) }
      if changesAtRisk.value {
        writeAll("primetime: \(FavoritePrimesState.unsavedChangesLostMessage)\n", to: STDERR_FILENO)
      }
      // An import or backup the signal stopped: what it left as it was.
      if let stopped = changesAtRisk.stopped {
        writeAll("primetime: \(Echo.escaped(stopped))\n", to: STDERR_FILENO)
      }
      // Changes a full disk kept out of the main file are only in its -wal: say where.
      if let closeFailure = storage.closeFailure {
        writeAll("primetime: \(Echo.escaped(closeFailure))\n", to: STDERR_FILENO)
      }
    }
    return observation
  }

  /// Loads the favourites and the latest activity, and says on standard error what failed; returns those lines.
  func launch(_ store: Store<AppState, AppAction>) async -> [String] {
    await store.send(.launched).finish()
    let startProblems = [
      store.value.favorites.problem?.description,
      store.value.activity.problem?.description,
    ].compactMap { $0 }
    for problem in startProblems {
      console.printError("primetime: \(Echo.escaped(problem))")
    }
    return startProblems
  }

  /// What a terminal shows first, in two lines that fit its width: what PrimeTime is and how to start, then where
  /// the favourites go (``Storage/summary(home:columns:)``).
  func banner(for storage: Storage) -> String {
    let columns = TTY.columns(of: 1)  // standard output
    return [
      "PrimeTime: count, find primes, keep favorites. Type 'help' for the commands.",
      storage.summary(home: environment["HOME"], columns: columns),
    ].map(Echo.escaped).joined(separator: "\n")
  }

  /// Where the line editor keeps the history: none in the sandbox, nor when it would be below a home that does
  /// not exist (which is not made for it: a warning at a terminal says so).
  func historyFileToKeep() -> String? {
    guard !options.sandbox else { return nil }
    if let home = BaseDirectories.missingHomeOfStateHome(environment: environment) {
      if isInteractive, LineEditor.isAvailable {
        console.printError(
          "primetime: warning: the home directory \(Echo.escaped(home)) ($HOME) does not exist, so history will "
            + "not be saved; set XDG_STATE_HOME to a directory to keep it.")
      }
      return nil
    }
    return StateDirectory.historyFile(environment: environment)
  }

  /// The REPL over the app's front end, until `quit`, Ctrl-D or the end of piped input; returns its status.
  func runCommands(on store: Store<AppState, AppAction>, storage: Storage) async -> Int32 {
    let app = AppFrontEnd(store: store)
    // The counter's progress line, as counter-demo shows it; not watched at all where it is never shown (piped),
    // so a script's commands do not pay for it.
    let progress = statusLine.isEnabled ? app.counter.showProgress(on: statusLine) : nil
    defer { progress?.cancel() }
    // An import's or backup's waiting line, the same way.
    let favoritesProgress = statusLine.isEnabled ? app.favorites.showProgress(on: statusLine) : nil
    defer { favoritesProgress?.cancel() }
    let repl = REPL(
      name: "primetime",
      commands: app.commands,
      banner: banner(for: storage),
      prompt: { "\(app.location)> " },
      isInteractive: isInteractive,
      console: console,
      historyFile: historyFileToKeep(),
      onInterrupt: { Task { @MainActor in app.store.send(.interruptTapped) } }
    )
    return await repl.run { command in
      // Once a signal is ending the process, lines still read are not run: they could only change favourites
      // that can no longer be saved.
      guard !TerminationSignals.isEnding else { return .output([]) }
      let result = await app.run(command)
      // A command that was running when a signal began ending the process says nothing more: the signal's end
      // tries its save once more and says whether anything is lost, which is what then holds.
      return TerminationSignals.isEnding ? .output([]) : result
    }
  }

  /// Once a signal has begun ending the process, its end is the one that holds: the commands stop (input that
  /// ends meanwhile, a pipe closed say, must not make a normal exit with status 0 under it), and the signal's
  /// cleanup saves, closes and exits with the signal's status within TerminationSignals' bound, which bounds
  /// this wait too.
  func leaveTheEndToASignal() async {
    while TerminationSignals.isEnding {
      try? await Task.sleep(for: .milliseconds(100))
    }
  }

  /// The normal end: the app's quit action (the last save of what an earlier save could not store), the
  /// recording's end, the database closed; then the exit status, read from the state and what failed.
  func end(
    _ store: Store<AppState, AppAction>, storage: Storage, commandsStatus: Int32, startProblems: [String],
    riskWatch: StoreObservation, recorder: Recorder<AppState, AppAction>?, logFile: LogFile?
  ) async -> Int32 {
    await store.send(.quitRequested).finish()
    riskWatch.cancel()
    recorder?.finish(with: store.value)
    // Changes a full disk kept out of the main file are only in its -wal: say where, and fail.
    let closeFailure = storage.close()
    if let closeFailure {
      console.printError("primetime: \(Echo.escaped(closeFailure))")
    }
    // Favourites that could not be saved are lost now: say so, and fail.
    let changesLost = store.value.favorites.favoritePrimes.hasUnsavedChanges
    if changesLost {
      console.printError("primetime: \(FavoritePrimesState.unsavedChangesLostMessage)")
    }
    // A log that could not be written, or a standard output that could not (reported here), makes the status 1.
    let failed = changesLost || closeFailure != nil || !(startProblems.isEmpty || isInteractive)
    // So does a recording that stopped (said when it did, in one line; the file holds every whole line).
    let logOrRecordingFailed = logFile?.hasFailed == true || recorder?.error != nil
    return StandardStreams.exitStatus(logOrRecordingFailed || failed ? 1 : commandsStatus, name: "primetime")
  }
}

/// Whether favourites are not known to be stored, as of the last state the store showed an observation, and
/// what the end said of an import or backup it stopped: what a signal's farewell reads from any thread without
/// waiting for the main actor.
final class ChangesAtRisk: Sendable {
  private let flag = Atomic<Bool>(false)
  private let stoppedNotice = Mutex<String?>(nil)

  /// The line saying what was stopped, if an import or backup was.
  var stopped: String? { stoppedNotice.withLock { $0 } }

  /// Sets the line saying what was stopped.
  func updateStopped(_ line: String?) {
    stoppedNotice.withLock { $0 = line }
  }

  /// The flag as last set.
  var value: Bool { flag.load(ordering: .relaxed) }

  /// Sets the flag.
  func update(_ atRisk: Bool) {
    flag.store(atRisk, ordering: .relaxed)
  }
}
