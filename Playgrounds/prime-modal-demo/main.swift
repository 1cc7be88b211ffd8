
import ComposableArchitecture
import FavoriteList
import PrimeModal
import PrimeModalTerminal
import REPL
import Replay
import Platform

// The PrimeModal feature alone in the terminal: the Linux counterpart of the episodes' modal playground.

// Before anything can run long, so a signal puts the terminal back and ends the process cleanly.
StandardStreams.ensureOpen()
FileDescriptorLimit.ensureEnoughOrExit(name: "prime-modal-demo")
ThreadStacks.fitToAddressSpaceLimitOrExit(name: "prime-modal-demo")
TerminationSignals.install()

// `prime-modal-demo replay FILE`: replays or compares recordings, and exits.
if ReplayCommand<PrimeModalState, PrimeModalAction>.isRequested() {
  Options.replayCommand.runOrExit()
}

let options = Options.interface.optionsOrExit(initial: Options())
// The playground: each action with the change it made to the state, on standard output, while tracing is on.
let console = Console.standard
let trace = Trace(isOn: options.trace) { entry in console.print(Echo.escapedLines(entry)) }
let store = Store(
  initialValue: PrimeModalState(count: options.count, favoritePrimes: FavoriteList(options.favorites)),
  reducer: tracing(primeModalReducer, to: trace),
  environment: ()
)
// `--record FILE`: from here on, every action the store reduces is written to FILE; at the normal end, the state
// the session ended in.
let recorder = Options.replayCommand.recordOrExit(
  store, to: options.recordPath, snapshotInterval: options.snapshotInterval ?? 10, console: console)
let playground = Playground(
  PrimeModalFrontEnd(store: store),
  state: { Trace.describe(store.value) },
  isTracing: { trace.isOn },
  setTracing: { trace.isOn = $0 }
)
let repl = REPL(
  name: "prime-modal-demo",
  commands: playground.commands,
  banner: "Prime modal demo, about \(options.count): is it prime, and is it a favorite? Type 'help' for the commands.",
  prompt: { "\(playground.location)> " },
  isInteractive: TTY.standardInputIsTerminal,
  console: console
)
let status = await repl.run { command in await playground.run(command) }
recorder?.finish(with: store.value)
// A recording that stopped (said then, in one line) makes the status 1.
exit(StandardStreams.exitStatus(recorder?.error != nil ? 1 : status, name: "prime-modal-demo"))
