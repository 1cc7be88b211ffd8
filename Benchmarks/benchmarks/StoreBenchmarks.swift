import ComposableArchitecture

/// The benchmarks this executable runs, in the order it runs them.
enum StoreBenchmarks {
  /// Every benchmark, the store's, then ``ForEachBenchmarks/all``, ``NavigationBenchmarks/all``,
  /// ``DependencyBenchmarks/all`` and the rest; the CLI filters this list by name.
  static var all: [Benchmark] {
    [sendDepth3, baselineDepth3] + scopeDepths.map(scopedSend(depth:)) + ForEachBenchmarks.all
      + NavigationBenchmarks.all + DependencyBenchmarks.all + SQLiteBenchmarks.all + AppBenchmarks.all + NthPrimeBenchmarks.all + TraceBenchmarks.all
  }

  /// The scope depths `store.scope.send.depth<N>` is measured at.
  static let scopeDepths = [1, 5, 10]

  /// One no-effect action through a root store whose reducer is 3 pullbacks and 3 combines deep.
  static var sendDepth3: Benchmark {
    Benchmark("store.send.depth3") {
      let store = Store(initialValue: RootState(), reducer: rootReducer, environment: ())
      let action = opaque(RootAction.incrementCounter)
      return { iterations in
        for _ in 0..<iterations {
          store.send(action)
        }
        blackHole(store.value.level1.level2.counter.count)
      }
    }
  }

  /// The same mutation on the same nested state, as one plain function call: no store, no reducer closures.
  static var baselineDepth3: Benchmark {
    Benchmark("baseline.send.depth3") {
      var state = RootState()
      let action = opaque(RootAction.incrementCounter)
      return { iterations in
        for _ in 0..<iterations {
          baselineReduce(&state, action)
        }
        blackHole(state.level1.level2.counter.count)
      }
    }
  }

  /// One no-effect action through a store scoped `depth` times from a root store of a plain counter.
  ///
  /// Each scope maps state and actions with the identity, so the time above depth 1's is the cost of the
  /// scoping itself. Sending never reads the state, so only the action side of the scopes is exercised.
  static func scopedSend(depth: Int) -> Benchmark {
    Benchmark("store.scope.send.depth\(depth)") {
      let root = Store(initialValue: CounterState(), reducer: counterReducer, environment: ())
      var store = root
      for _ in 0..<depth {
        store = store.scope(value: { $0 }, action: { $0 })
      }
      let scoped = store
      let action = opaque(CounterAction.increment)
      return { iterations in
        for _ in 0..<iterations {
          scoped.send(action)
        }
        blackHole(root.value.count)
      }
    }
  }
}
