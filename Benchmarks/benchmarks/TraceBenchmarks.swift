import ComposableArchitecture

/// The trace `primetime --log` and the demos' `--trace` write: what one entry costs on a large state, and
/// what a trace that is off adds to a send.
enum TraceBenchmarks {
  static var all: [Benchmark] {
    [entryAppendToAMillion, sendTraceOff]
  }

  /// A state like PrimeTime's with a million favourites.
  struct Favorites: Equatable {
    var count = 0
    var primes = Array(1...1_000_000)
    var isShowingModal = false
  }

  /// `trace.entry.append.1m`: the entry for an action that appends one element to a million: a comparison of
  /// the two arrays and a few lines, where a dump of the state would be a million lines.
  static var entryAppendToAMillion: Benchmark {
    Benchmark("trace.entry.append.1m") {
      let before = Favorites()
      var after = before
      after.primes.append(1_000_001)
      return { iterations in
        var total = 0
        for _ in 0..<iterations {
          total &+= Trace.entry(for: "append", from: before, to: after).utf8.count
        }
        blackHole(total)
      }
    }
  }

  /// `trace.off.send.depth3`: `store.send.depth3` with its reducer wrapped in `tracing` to a trace that is
  /// off: the difference between the two is what an idle trace costs.
  static var sendTraceOff: Benchmark {
    Benchmark("trace.off.send.depth3") {
      let trace = Trace(isOn: false) { blackHole($0) }
      let store = Store(initialValue: RootState(), reducer: tracing(rootReducer, to: trace), environment: ())
      let action = opaque(RootAction.incrementCounter)
      return { iterations in
        for _ in 0..<iterations {
          store.send(action)
        }
        blackHole(store.value.level1.level2.counter.count)
      }
    }
  }
}
