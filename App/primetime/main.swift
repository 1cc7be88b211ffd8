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

// PrimeTime in the terminal: the app's store, run through the dependency system with the live (or, with
// --sandbox, in-memory) storage, driven by a REPL.

// Before any file is opened, so none becomes standard output or error; before anything can run long, so a
// signal ends the process cleanly.
StandardStreams.ensureOpen()
ThreadStacks.fitToAddressSpaceLimitOrExit(name: "primetime")
TerminationSignals.install()

let processEnvironment = ProcessInfo.processInfo.environment
let isInteractive = TTY.standardInputIsTerminal
// A long `nth` shows its progress on a line of its own, at a terminal only; any other output erases it first.
let statusLine = StatusLine(isEnabled: isInteractive && TTY.standardOutputIsTerminal)
let console = statusLine.clearing(.standard)

// `primetime replay FILE` and `primetime replay --diff OLD FILE`: replay or compare recordings, touching no
// database, history or network, and exit.
if ReplayCommand<AppState, AppAction>.isRequested() {
  Options.replayCommand.runOrExit(console: console)
}

let options = Options.interface(environment: processEnvironment).optionsOrExit(initial: Options())

/// The recording `--record` created, while the session has not started: a run stopped before it starts leaves
/// no empty recording behind.
var recordingNotStarted: String?

/// Ends the process before the session starts: one line on standard error, status 1.
@MainActor func stop(_ message: String) -> Never {
  // It may name a path as given, escape sequences and all: shown escaped, as every echoed path is.
  console.printError("primetime: \(Echo.escaped(message))")
  if let recordingNotStarted {
    unlink(recordingNotStarted)
  }
  exit(1)
}

// A path variable that is not UTF-8 would be read as another path (with U+FFFD) and that directory made.
if !options.sandbox, let variable = Options.variableNotUTF8() {
  stop("the environment variable \(variable) is not valid UTF-8; set it to a path that is.")
}

// `--record FILE` is checked before anything is opened or made: a refused run changes nothing.
if let path = options.recordPath {
  let database = options.databasePath ?? FavoritePrimesDatabase.defaultPath(environment: processEnvironment)
  // The history in the sandbox too, which keeps none: the next session that is not sandboxed appends to it.
  let history = StateDirectory.historyFile(environment: processEnvironment)
  if let refusal = RecordingPath.refusal(path, databasePath: database, logPath: options.logPath, historyPath: history) {
    stop(refusal + ".")
  }
}

// The recording is made before the log and the database are opened, so a file it can't make stops PrimeTime
// before any log, database or directory is created or changed (a log or database refused after it removes it);
// it starts with the store.
var recorder: Recorder<AppState, AppAction>?
if let path = options.recordPath {
  do {
    recorder = try ReplayCommand<AppState, AppAction>.recorder(
      at: path, snapshotInterval: options.snapshotInterval ?? 10, program: Options.replayCommand.program
    )
    recordingNotStarted = path
  } catch {
    stop(error.description + ".")
  }
}

let logFile: LogFile?
if let path = options.logPath {
  // The log never goes into the database or its files: in the sandbox, the one a plain run opens next.
  let database = options.databasePath ?? FavoritePrimesDatabase.defaultPath(environment: processEnvironment)
  do {
    logFile = try LogFile(path: path, databasePath: database, report: { console.printError("primetime: \($0)") })
  } catch {
    stop(error.description)
  }
} else {
  logFile = nil
}

let storage: Storage
if options.sandbox {
  storage = .sandbox(FavoritePrimesMemory())
} else {
  guard let path = options.databasePath ?? FavoritePrimesDatabase.defaultPath(environment: processEnvironment)
  else {
    stop(
      "can't tell where to keep the database: neither XDG_DATA_HOME nor HOME is an absolute path. "
        + "Use '--db PATH', or '--sandbox' to keep nothing."
    )
  }
  do {
    storage = .database(try FavoritePrimesDatabase(path: path))
  } catch {
    stop("\(error)")
  }
}

// Until the store exists, a signal only closes the database before the process ends; the cleanup set once the
// store exists (below) replaces this one.
TerminationSignals.setCleanup { [storage] in storage.close() }

let reducer = logFile == nil ? primeTimeReducer : tracing(primeTimeReducer, to: { Trace(write: $0.log) })
let store = Store(
  initialState: AppState(),
  reducer: Reduce(reducer, environment: AppEnvironment.init(dependencies:))
    .dependency(\.context, .live)
    .dependency(\.favoritePrimesClient, storage.favoritePrimes)
    .dependency(\.activityClient, storage.activity)
    .dependency(\.nthPrimeClient, .wolframAlphaIfConfigured(environment: processEnvironment))
    .dependency(\.appLog, { line in
      // On standard error the log shares the terminal with the progress line: erase it before each entry.
      if logFile?.isStandardError == true {
        statusLine.clear()
      }
      logFile?.write(line)
    })
)

// `--record FILE`: from here on, every action the store reduces is written to FILE; at the normal end, the
// state the session ended in.
if let recorder {
  store.record(to: recorder)
  recordingNotStarted = nil
}

// Whether favourites are not known to be stored (unsaved, or a save running), as of the last action the store
// reduced: for the farewell, which must not wait for the main actor.
let changesAtRisk = Atomic<Bool>(false)
let riskWatch = store.observe { state in
  changesAtRisk.store(state.favoritePrimes.hasUnsavedChanges || state.favoritePrimes.isSaving, ordering: .relaxed)
}

// A signal ends the session as `quit` does: the app's quit action gives unsaved favourites their last save, after
// the save running, if one is (``AppState/ending``); then the database is closed, and the farewell says if changes
// are lost; all within TerminationSignals' bound, which ends the process whatever happens here.
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
TerminationSignals.setFarewell {
  if changesAtRisk.load(ordering: .relaxed) {
    writeAll("primetime: \(FavoritePrimesState.unsavedChangesLostMessage)\n", to: STDERR_FILENO)
  }
  // Changes a full disk kept out of the main file are only in its -wal: say where.
  if let closeFailure = storage.closeFailure {
    writeAll("primetime: \(Echo.escaped(closeFailure))\n", to: STDERR_FILENO)
  }
}

await store.send(.launched).finish()
let startProblems = [
  store.value.favoritePrimesProblem?.description,
  store.value.activityFeedProblem?.description,
].compactMap { $0 }
for problem in startProblems {
  console.printError("primetime: \(Echo.escaped(problem))")
}

let app = AppFrontEnd(store: store)
// The counter's progress line, as counter-demo shows it; not watched at all where it is never shown (piped), so
// a script's commands do not pay for it.
let progress = statusLine.isEnabled ? app.counter.showProgress(on: statusLine) : nil
let repl = REPL(
  name: "primetime",
  commands: app.commands,
  banner: Echo.escaped(
    "PrimeTime: count, ask about primes, keep favorites. \(storage.summary) Type 'help' for the commands."),
  prompt: { "\(app.location)> " },
  isInteractive: isInteractive,
  console: console,
  historyFile: options.sandbox ? nil : StateDirectory.historyFile(environment: processEnvironment),
  onInterrupt: { Task { @MainActor in app.counter.cancelNthPrime() } }
)
let status = await repl.run { command in
  // Once a signal is ending the process, lines still read are not run: they could only change favourites
  // that can no longer be saved.
  guard !TerminationSignals.isEnding else { return .output([]) }
  let result = await app.run(command)
  // A command that was running when a signal began ending the process says nothing more: the signal's end
  // tries its save once more and says whether anything is lost, which is what then holds.
  return TerminationSignals.isEnding ? .output([]) : result
}
progress?.cancel()
// Favourites an earlier save could not store get one last try before the database is closed.
await store.send(.quitRequested).finish()
riskWatch.cancel()
recorder?.finish(with: store.value)
// Changes a full disk kept out of the main file are only in its -wal: say where, and fail.
let closeFailure = storage.close()
if let closeFailure {
  console.printError("primetime: \(Echo.escaped(closeFailure))")
}
// Favourites that could not be saved are lost now: say so, and fail.
let changesLost = store.value.favoritePrimes.hasUnsavedChanges
if changesLost {
  console.printError("primetime: \(FavoritePrimesState.unsavedChangesLostMessage)")
}
// A log that could not be written, or a standard output that could not (reported here), makes the status 1.
let sessionStatus = changesLost || closeFailure != nil || !(startProblems.isEmpty || isInteractive) ? 1 : status
// So does a recording that stopped (said when it did, in a runtime warning; the file holds every whole line).
let logOrRecordingFailed = logFile?.hasFailed == true || recorder?.error != nil
exit(StandardStreams.exitStatus(logOrRecordingFailed ? 1 : sessionStatus, name: "primetime"))
