#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

import ComposableArchitecture
import FavoritePrimes
import Terminal

// The FavoritePrimes feature alone in the terminal: the Linux counterpart of the episodes' favorite primes
// playground, with the saved list in memory instead of on disk.

// Before anything can run long, so a signal puts the terminal back and ends the process cleanly.
StandardStreams.ensureOpen()
TerminationSignals.install()

_ = optionsOrExit(
  Options.parse(Array(CommandLine.arguments.dropFirst())),
  name: "favorite-primes-demo",
  usage: Options.usage
)

let store = Store(
  initialValue: FavoritePrimesState(favoritePrimes: [2, 3, 5, 7]),
  reducer: favoritePrimesReducer,
  environment: FavoritePrimesClient.inMemory([2, 31])
)
let repl = REPL(
  name: "favorite-primes-demo",
  commands: Command.table,
  banner: "Favorite primes demo: list, delete, save and load. Type 'help' for the commands.",
  prompt: { "favorites> " },
  isInteractive: TTY.standardInputIsTerminal,
  console: .standard
)
let status = await repl.run { command in await command.run(in: store) }
exit(StandardStreams.exitStatus(status, name: "favorite-primes-demo"))
