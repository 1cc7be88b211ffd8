#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

import ComposableArchitecture
import Counter
import Terminal
import WolframAlpha

// The Counter feature alone in the terminal: the Linux counterpart of the episodes' counter playground.

// Before anything can run long, so a signal puts the terminal back and ends the process cleanly.
StandardStreams.ensureOpen()
TerminationSignals.install()

let options = optionsOrExit(
  Options.parse(Array(CommandLine.arguments.dropFirst())),
  name: "counter-demo",
  usage: Options.usage
)

let store = Store(
  initialValue: CounterViewState(),
  reducer: counterViewReducer,
  environment: CounterEnvironment.wolframAlphaIfConfigured(otherwise: .computing(after: options.delay))
)
let repl = REPL(
  name: "counter-demo",
  commands: Command.table,
  banner: "Counter demo: count, ask for nth primes, keep favorite primes. Type 'help' for the commands.",
  prompt: { "count \(store.value.count)> " },
  isInteractive: TTY.standardInputIsTerminal,
  console: .standard,
  onInterrupt: { Task { @MainActor in store.send(.counter(.nthPrimeCancelButtonTapped)) } }
)
let status = await repl.run { command in await command.run(in: store) }
exit(StandardStreams.exitStatus(status, name: "counter-demo"))
