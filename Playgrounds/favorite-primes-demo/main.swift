
import ComposableArchitecture
import FavoritePrimes
import FavoritePrimesTerminal
import REPL
import Replay
import Platform

// The FavoritePrimes feature alone in the terminal, through the front end the app runs too: the Linux
// counterpart of the episodes' favorite primes playground, with the saved list in memory instead of on disk.

// Before anything can run long, so a signal puts the terminal back and ends the process cleanly.
StandardStreams.ensureOpen()
FileDescriptorLimit.ensureEnoughOrExit(name: "favorite-primes-demo")
ThreadStacks.fitToAddressSpaceLimitOrExit(name: "favorite-primes-demo")
TerminationSignals.install()

// `favorite-primes-demo replay FILE`: replays or compares recordings, and exits.
if ReplayCommand<FavoritePrimesState, FavoritePrimesAction>.isRequested() {
  Options.replayCommand.runOrExit()
}

let options = Options.interface.optionsOrExit(initial: Options())
// The protocol-style reducer, with the client the flags ask for as its dependency, traced while the trace is
// on: every action, the client's answers included, with the change it made to the state.
let trace = Trace(isOn: options.trace) { entry in Console.standard.print(Echo.escapedLines(entry)) }
let store = Store(
  initialState: FavoritePrimesState(favoritePrimes: [2, 3, 5, 7]),
  reducer: FavoritePrimes().dependency(\.favoritePrimesClient, .demo(options)).traced(to: trace)
)
// `--record FILE`: from here on, every action the store reduces is written to FILE; at the normal end, the state
// the session ended in.
let recorder = Options.replayCommand.recordOrExit(
  store, to: options.recordPath, snapshotInterval: options.snapshotInterval ?? 10)
let playground = Playground(
  FavoritePrimesFrontEnd(store: store, storage: .demo),
  state: { Trace.describe(store.value) },
  isTracing: { trace.isOn },
  setTracing: { trace.isOn = $0 }
)
let repl = REPL(
  name: "favorite-primes-demo",
  commands: playground.commands,
  banner: "Favorite primes demo: list, delete, save and load. Type 'help' for the commands.",
  prompt: { "\(playground.location)> " }
)
let status = await repl.run { command in await playground.run(command) }
// As primetime's quit does: changes no save has stored get one last save; when it fails too, they are lost, and
// one line says so.
if store.value.hasUnsavedChanges {
  await store.send(.saveButtonTapped).finish()
}
recorder?.finish(with: store.value)
let changesLost = store.value.hasUnsavedChanges
if changesLost {
  Console.standard.printError("favorite-primes-demo: \(FavoritePrimesState.unsavedChangesLostMessage)")
}
// Changes lost, or a recording that stopped (said then, in one line), make the status 1.
exit(
  StandardStreams.exitStatus(changesLost || recorder?.error != nil ? 1 : status, name: "favorite-primes-demo"))
