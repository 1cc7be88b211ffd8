import CSQLite
import ComposableArchitecture
import Counter
import CounterTerminal
import FavoritePrimes
import FavoritePrimesLive
import Foundation
import NthPrimeLive
import PrimeModal
import PrimeTimeApp
import REPL

/// PrimeTime's own store, as `primetime` runs it, changing the favourites of a database that already holds
/// many: what one `fav` or `unfav` costs, autosave included, as the list grows.
///
/// `app.fav.at-<N>`: one operation is one change through the counter's modal (saving a prime that is not a
/// favourite, then removing it again, alternately), each awaited until its autosave has reached the
/// database (WAL, `synchronous=FULL`, so each includes a commit that waits for the disk). The database starts
/// with the first N primes as favourites, each with its "added" event. The target is the ratio of the
/// 100k figure to the 100 one: a change must cost the same whatever the list holds.
///
/// `app.send.incr` and `app.command.incr`: the in-process side of `Benchmarks/compare-script.sh`, which sets
/// `primetime --sandbox` reading 100,000 lines of `+` beside them. The store is the one `primetime --sandbox`
/// runs (favourites and activity in memory). `app.send.incr`: one operation sends the action a `+` sends and
/// awaits its effects, as the baseline ("the same actions sent to the app's store"). `app.command.incr`:
/// one operation is the line `+` parsed with the app's command table and run by ``AppFrontEnd``, which sends
/// that action and renders the counter: everything the piped run does for a line but reading and writing.
/// `app.parse.incr` and `app.render.counter` are the first and the last part of that alone: the line parsed,
/// and the counter screen drawn.
enum AppBenchmarks {
  static var all: [Benchmark] {
    [
      sendIncrement, commandIncrement, parseIncrement, renderCounterScreen, favorite(at: 100, named: "100"),
      favorite(at: 100_000, named: "100k"),
    ]
  }

  /// The store `primetime --sandbox` runs (``Store/primeTime(favoritePrimes:activity:nthPrime:log:)``, with no
  /// log), with an observer of every state, as the executable's signal cleanup has.
  @MainActor
  static func sandboxStore() -> Store<AppState, AppAction> {
    let memory = FavoritePrimesMemory()
    let store = Store.primeTime(favoritePrimes: .inMemory(memory), activity: .inMemory(memory), nthPrime: .offline)
    store.observe { state in blackHole(state.favorites.favoritePrimes.hasUnsavedChanges) }
    return store
  }

  static var sendIncrement: Benchmark {
    Benchmark("app.send.incr", preparing: {
      let store = sandboxStore()
      await store.send(.launched).finish()
      let action = opaque(AppAction.counterView(.counter(.incrTapped)))
      return { iterations in
        for _ in 0..<iterations {
          await store.send(action).finish()
        }
        blackHole(store.value.counter.count)
      }
    })
  }

  static var commandIncrement: Benchmark {
    Benchmark("app.command.incr", preparing: {
      let store = sandboxStore()
      await store.send(.launched).finish()
      let app = AppFrontEnd(store: store)
      let line = opaque("+")
      return { iterations in
        var lines = 0
        for _ in 0..<iterations {
          guard case let .success(command) = app.commands.parse(line) else {
            BenchmarkFiles.fail("app.command.incr: '+' is no command")
          }
          if case let .output(output) = await app.run(command) {
            lines += output.count
          }
        }
        blackHole(lines)
      }
    })
  }

  static var parseIncrement: Benchmark {
    Benchmark("app.parse.incr") {
      let commands = AppCommand.table
      let line = opaque("+")
      return { iterations in
        var parsed = 0
        for _ in 0..<iterations {
          if case .success = commands.parse(line) { parsed += 1 }
        }
        blackHole(parsed)
      }
    }
  }

  static var renderCounterScreen: Benchmark {
    Benchmark("app.render.counter") {
      let state = opaque(CounterViewState(counter: Counter.CounterState(count: 7)))
      return { iterations in
        var lines = 0
        for _ in 0..<iterations {
          lines += renderCounter(state).count
        }
        blackHole(lines)
      }
    }
  }

  /// The prime the benchmark saves and removes: larger than every seeded favourite.
  static let changedPrime = 2_147_483_647

  static func favorite(at count: Int, named suffix: String) -> Benchmark {
    let name = "app.fav.at-\(suffix)"
    return Benchmark(name, preparing: {
      let path = seededDatabase(name: name, favorites: count)
      let database: FavoritePrimesDatabase
      do {
        database = try FavoritePrimesDatabase(path: path)
      } catch {
        BenchmarkFiles.fail("cannot open \(path): \(error)")
      }
      let store = Store.primeTime(favoritePrimes: .live(database), activity: .live(database), nthPrime: .offline)
      await store.send(.launched).finish()
      guard store.value.favorites.favoritePrimes.count == count else {
        BenchmarkFiles.fail("\(name): the store loaded \(store.value.favorites.favoritePrimes.count) favourites, not \(count)")
      }
      await store.send(.counterView(.counter(.countEntered(changedPrime)))).finish()
      return { iterations in
        for _ in 0..<iterations {
          let isFavorite = store.value.favorites.favoritePrimes.last == changedPrime
          let action: PrimeModalAction = isFavorite ? .removeFavoritePrimeTapped : .saveFavoritePrimeTapped
          await store.send(.counterView(.primeModal(.presented(action)))).finish()
        }
        if let problem = store.value.favorites.problem {
          BenchmarkFiles.fail("\(name): a save failed: \(problem)")
        }
        blackHole(store.value.favorites.favoritePrimes.count)
      }
    })
  }

  /// A PrimeTime database in a fresh scratch directory holding the first `count` primes as favourites, in
  /// order, each with an "added" event: made by the app's own open (so the schema is this build's), then
  /// filled with plain SQL in one transaction.
  @MainActor
  static func seededDatabase(name: String, favorites count: Int) -> String {
    let path = BenchmarkFiles.directory(for: name).appendingPathComponent("primetime.sqlite3").path
    do {
      try FavoritePrimesDatabase(path: path).close().map { throw $0 }
    } catch {
      BenchmarkFiles.fail("cannot create \(path): \(error)")
    }
    var handle: OpaquePointer?
    guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let handle else {
      BenchmarkFiles.fail("cannot open \(path) to fill it")
    }
    defer { sqlite3_close(handle) }
    var statements: [String] = ["BEGIN"]
    let primes = firstPrimes(count)
    for (position, prime) in primes.enumerated() {
      statements.append("INSERT INTO favorite (position, prime) VALUES (\(position), \(prime))")
      statements.append(
        "INSERT INTO activity_event (kind, prime, date) VALUES ('added', \(prime), \(1_700_000_000_000 + position))")
    }
    statements.append("COMMIT")
    guard sqlite3_exec(handle, statements.joined(separator: ";\n"), nil, nil, nil) == SQLITE_OK else {
      BenchmarkFiles.fail("cannot fill \(path): \(String(cString: sqlite3_errmsg(handle)))")
    }
    return path
  }

  /// The first `count` primes, by a sieve of Eratosthenes grown until it holds enough.
  static func firstPrimes(_ count: Int) -> [Int] {
    var limit = 64
    while true {
      var composite = [Bool](repeating: false, count: limit + 1)
      var primes: [Int] = []
      for candidate in 2...limit where !composite[candidate] {
        primes.append(candidate)
        if primes.count == count { return primes }
        var multiple = candidate * candidate
        while multiple <= limit {
          composite[multiple] = true
          multiple += candidate
        }
      }
      limit *= 2
    }
  }
}
