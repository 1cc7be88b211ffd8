
import ComposableArchitecture
import Counter
import CounterTerminal
import NthPrimeLive
import REPL
import Replay
import LineEditor
import Platform

// The Counter feature alone in the terminal: the Linux counterpart of the episodes' counter playground.

// Before anything can run long, so a signal puts the terminal back and ends the process cleanly.
StandardStreams.ensureOpen()
FileDescriptorLimit.ensureEnoughOrExit(name: "counter-demo")
ThreadStacks.fitToAddressSpaceLimitOrExit(name: "counter-demo")
TerminationSignals.install()

// `counter-demo replay FILE`: replays or compares recordings, and exits.
if ReplayCommand<CounterViewState, CounterViewAction>.isRequested() {
  Options.replayCommand.runOrExit()
}

let options = Options.interface.optionsOrExit(initial: Options())
let environment: NthPrimeClient =
  switch options.answer {
  case .computed: .wolframAlphaIfConfigured(computingAfter: options.delay)
  case let .always(prime): .answering(prime, after: options.delay)
  case .failure: .answering(nil, after: options.delay)
  }
// As in primetime: a long `nth` shows its progress on a line of its own at a terminal, erased before output.
let isInteractive = TTY.standardInputIsTerminal
let statusLine = StatusLine(isEnabled: isInteractive && TTY.standardOutputIsTerminal)
let console = statusLine.clearing(.standard)

// The playground: every action the store reduces, effects' answers included, with the change it made to the
// state, on standard output through the REPL's console (the progress line erased first), while tracing is on.
let trace = Trace(isOn: options.trace) { entry in console.print(entry) }
let store = Store(
  initialValue: CounterViewState(),
  reducer: tracing(counterViewReducer, to: trace),
  environment: environment
)
// `--record FILE`: from here on, every action the store reduces is written to FILE; at the normal end, the state
// the session ended in.
let recorder = Options.replayCommand.recordOrExit(
  store, to: options.recordPath, snapshotInterval: options.snapshotInterval ?? 10, console: console)
let frontEnd = CounterFrontEnd(store: store)
let playground = Playground(
  frontEnd,
  state: { Trace.describe(store.value) },
  isTracing: { trace.isOn },
  setTracing: { trace.isOn = $0 }
)

let progress = frontEnd.showProgress(on: statusLine)
let repl = REPL(
  name: "counter-demo",
  commands: playground.commands,
  banner: "Counter demo: count, ask for nth primes, keep favorite primes. Type 'help' for the commands.",
  prompt: { "\(playground.location)> " },
  isInteractive: isInteractive,
  console: console,
  onInterrupt: { Task { @MainActor in frontEnd.cancelNthPrime() } }
)
let status = await repl.run { command in await playground.run(command) }
recorder?.finish(with: store.value)
progress.cancel()
// A recording that stopped (said then, in one line) makes the status 1.
exit(StandardStreams.exitStatus(recorder?.error != nil ? 1 : status, name: "counter-demo"))
