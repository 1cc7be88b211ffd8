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

// The Counter feature alone in the terminal: the Linux counterpart of the episodes' counter playground.

let options: Options
switch Options.parse(Array(CommandLine.arguments.dropFirst())) {
case .success(.run(let parsed)):
  options = parsed
case .success(.help):
  Console.standard.print(Options.usage)
  exit(0)
case .failure(let error):
  Console.standard.printError("counter-demo: \(error.message). Try 'counter-demo --help'.")
  exit(Options.usageErrorStatus)
}

let store = Store(
  initialValue: CounterViewState(),
  reducer: counterViewReducer,
  environment: CounterEnvironment.computing(after: options.delay)
)
let repl = REPL(
  name: "counter-demo",
  commands: Command.table,
  banner: "Counter demo: count, ask for nth primes, keep favorite primes. Type 'help' for the commands.",
  prompt: { "count \(store.value.count)> " },
  isInteractive: TTY.standardInputIsTerminal,
  console: .standard
)
exit(await repl.run { command in await command.run(in: store) })
