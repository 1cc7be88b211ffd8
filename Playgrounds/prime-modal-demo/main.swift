#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

import ComposableArchitecture
import PrimeModal
import PrimeModalTerminal
import Terminal

// The PrimeModal feature alone in the terminal: the Linux counterpart of the episodes' modal playground.

// Before anything can run long, so a signal puts the terminal back and ends the process cleanly.
StandardStreams.ensureOpen()
TerminationSignals.install()

let options = optionsOrExit(
  Options.parse(Array(CommandLine.arguments.dropFirst())),
  name: "prime-modal-demo",
  usage: Options.usage
)
let store = Store(
  initialValue: PrimeModalState(count: options.count, favoritePrimes: options.favorites),
  reducer: primeModalReducer,
  environment: ()
)
let frontEnd = PrimeModalFrontEnd(store: store)
let repl = REPL(
  name: "prime-modal-demo",
  commands: frontEnd.commands,
  banner: "Prime modal demo, about \(options.count): is it prime, and is it a favorite? Type 'help' for the commands.",
  prompt: { "\(frontEnd.location)> " },
  isInteractive: TTY.standardInputIsTerminal,
  console: .standard
)
let status = await repl.run { command in await frontEnd.run(command) }
exit(StandardStreams.exitStatus(status, name: "prime-modal-demo"))
