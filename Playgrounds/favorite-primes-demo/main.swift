#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

import ComposableArchitecture
import FavoritePrimes
import FavoritePrimesTerminal
import Terminal

// The FavoritePrimes feature alone in the terminal, through the front end the app runs too: the Linux
// counterpart of the episodes' favorite primes playground, with the saved list in memory instead of on disk.

// Before anything can run long, so a signal puts the terminal back and ends the process cleanly.
StandardStreams.ensureOpen()
TerminationSignals.install()

let options = optionsOrExit(
  Options.parse(Array(CommandLine.arguments.dropFirst())),
  name: "favorite-primes-demo",
  usage: Options.usage
)
// The protocol-style reducer, with the client the flags ask for as its dependency.
let frontEnd = FavoritePrimesFrontEnd(
  store: Store(
    initialState: FavoritePrimesState(favoritePrimes: [2, 3, 5, 7]),
    reducer: FavoritePrimes().dependency(\.favoritePrimesClient, .demo(options))
  )
)
let repl = REPL(
  name: "favorite-primes-demo",
  commands: frontEnd.commands,
  banner: "Favorite primes demo: list, delete, save and load. Type 'help' for the commands.",
  prompt: { "\(frontEnd.location)> " }
)
let status = await repl.run { command in await frontEnd.run(command) }
exit(StandardStreams.exitStatus(status, name: "favorite-primes-demo"))
