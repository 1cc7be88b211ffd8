import ComposableArchitecture

// Four benchmark-local dependencies, each an `Int`, declared the way a feature module declares one: a key
// type and an accessor on `DependencyValues`. They give the same value in every context, so reading one
// without an override never reports a runtime warning, even if the process is taken for a test.

/// The key of `\.benchmarkKey1`.
private enum BenchmarkKey1: DependencyKey {
  static let liveValue = 0
  static let testValue = 0
}

/// The key of `\.benchmarkKey2`.
private enum BenchmarkKey2: DependencyKey {
  static let liveValue = 0
  static let testValue = 0
}

/// The key of `\.benchmarkKey3`.
private enum BenchmarkKey3: DependencyKey {
  static let liveValue = 0
  static let testValue = 0
}

/// The key of `\.benchmarkKey4`.
private enum BenchmarkKey4: DependencyKey {
  static let liveValue = 0
  static let testValue = 0
}

/// A client as a feature declares one: a struct of closures, whose live value is built by code the compiler
/// cannot fold away.
private struct BenchmarkClient: Sendable {
  var fetch: @Sendable () -> Int
}

/// The key of `\.benchmarkClient`: a `static let` live value, built once by the language itself.
private enum BenchmarkClientKey: DependencyKey {
  static let liveValue = BenchmarkClient(fetch: makeFetch(opaque(1)))
  static let testValue = liveValue
}

/// An endpoint returning `value`, made out of line so that the live value is a real build.
@inline(never)
private func makeFetch(_ value: Int) -> @Sendable () -> Int {
  { value }
}

extension DependencyValues {
  /// The client the client read benchmark reads.
  fileprivate var benchmarkClient: BenchmarkClient {
    get { self[BenchmarkClientKey.self] }
    set { self[BenchmarkClientKey.self] = newValue }
  }

  /// The dependency the read benchmarks read.
  fileprivate var benchmarkKey1: Int {
    get { self[BenchmarkKey1.self] }
    set { self[BenchmarkKey1.self] = newValue }
  }

  /// A second dependency, overridden alongside the first.
  fileprivate var benchmarkKey2: Int {
    get { self[BenchmarkKey2.self] }
    set { self[BenchmarkKey2.self] = newValue }
  }

  /// A third dependency, overridden alongside the first.
  fileprivate var benchmarkKey3: Int {
    get { self[BenchmarkKey3.self] }
    set { self[BenchmarkKey3.self] = newValue }
  }

  /// A fourth dependency, overridden alongside the first.
  fileprivate var benchmarkKey4: Int {
    get { self[BenchmarkKey4.self] }
    set { self[BenchmarkKey4.self] = newValue }
  }
}

/// A small protocol-style reducer that reads `\.benchmarkKey1` through `@Dependency` on every action and adds
/// it, times the action, to its state.
private struct DependencyReadingReducer: ReducerProtocol {
  struct State {
    var total = 0
  }

  typealias Action = Int

  @Dependency(\.benchmarkKey1) var value

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.total &+= value &* action
    return .none
  }
}

/// The cost of the dependency system: reading a dependency, overriding dependencies for a scope, and running
/// a protocol-style reducer under `.dependency` overrides.
///
/// Reads sum what they read into a local that goes to ``blackHole(_:)`` after the loop; scopes count their
/// operations the same way; reducers accumulate into their state. Override values pass through ``opaque(_:)``
/// so they cannot be constant-folded.
enum DependencyBenchmarks {
  /// Every dependency benchmark, in the order they run.
  static var all: [Benchmark] {
    [
      readOverridden, readDefault, readDefaultClient, readPropertyWrapper, withEmpty, withOne, reducerOverride1,
      reducerOverride4Fused, nested4,
    ]
  }

  /// One read of `DependencyValues.current.benchmarkKey1` while an enclosing `withDependencies` overrides it.
  static var readOverridden: Benchmark {
    Benchmark("deps.read.overridden") {
      let value = opaque(1)
      return { iterations in
        withDependencies {
          $0.benchmarkKey1 = value
        } operation: {
          var sum = 0
          for _ in 0..<iterations {
            sum &+= DependencyValues.current.benchmarkKey1
          }
          blackHole(sum)
        }
      }
    }
  }

  /// One read of `DependencyValues.current.benchmarkKey1` with nothing overridden: the live default value.
  static var readDefault: Benchmark {
    Benchmark("deps.read.default") {
      { iterations in
        var sum = 0
        for _ in 0..<iterations {
          sum &+= DependencyValues.current.benchmarkKey1
        }
        blackHole(sum)
      }
    }
  }

  /// One read of `DependencyValues.current.benchmarkClient` with nothing overridden, and a call of its endpoint:
  /// the live default value of a client, which unlike `benchmarkKey1`'s literal `0` the compiler cannot fold
  /// into the read.
  static var readDefaultClient: Benchmark {
    Benchmark("deps.read.default-client") {
      { iterations in
        var sum = 0
        for _ in 0..<iterations {
          sum &+= DependencyValues.current.benchmarkClient.fetch()
        }
        blackHole(sum)
      }
    }
  }

  /// One read of `\.benchmarkKey1` through a `@Dependency` wrapper made once, with nothing overridden.
  static var readPropertyWrapper: Benchmark {
    Benchmark("deps.read.property-wrapper") {
      let reader = DependencyReader()
      return { iterations in
        var sum = 0
        for _ in 0..<iterations {
          sum &+= reader.value
        }
        blackHole(sum)
      }
    }
  }

  /// One `withDependencies({ _ in }) { }` call, whose operation only counts that it ran.
  static var withEmpty: Benchmark {
    Benchmark("deps.with.empty") {
      { iterations in
        var calls = 0
        for _ in 0..<iterations {
          withDependencies({ _ in }) { calls &+= 1 }
        }
        blackHole(calls)
      }
    }
  }

  /// One `withDependencies({ $0.benchmarkKey1 = 1 }) { }` call, whose operation only counts that it ran.
  static var withOne: Benchmark {
    Benchmark("deps.with.one") {
      let value = opaque(1)
      return { iterations in
        var calls = 0
        for _ in 0..<iterations {
          withDependencies({ $0.benchmarkKey1 = value }) { calls &+= 1 }
        }
        blackHole(calls)
      }
    }
  }

  /// One `reduce(into:action:)` of a reducer reading `@Dependency(\.benchmarkKey1)`, under one `.dependency`.
  static var reducerOverride1: Benchmark {
    Benchmark("deps.reducer.override1") {
      let reducer = DependencyReadingReducer()
        .dependency(\.benchmarkKey1, opaque(1))
      return reducing(with: reducer)
    }
  }

  /// One `reduce(into:action:)` of the same reducer under four chained `.dependency` calls on four keys.
  static var reducerOverride4Fused: Benchmark {
    Benchmark("deps.reducer.override4-fused") {
      let reducer = DependencyReadingReducer()
        .dependency(\.benchmarkKey1, opaque(1))
        .dependency(\.benchmarkKey2, opaque(2))
        .dependency(\.benchmarkKey3, opaque(3))
        .dependency(\.benchmarkKey4, opaque(4))
      return reducing(with: reducer)
    }
  }

  /// Four nested `withDependencies` calls, each overriding another key, the innermost reading `benchmarkKey1`.
  static var nested4: Benchmark {
    Benchmark("deps.nested4") {
      let values = (opaque(1), opaque(2), opaque(3), opaque(4))
      return { iterations in
        var sum = 0
        for _ in 0..<iterations {
          withDependencies({ $0.benchmarkKey1 = values.0 }) {
            withDependencies({ $0.benchmarkKey2 = values.1 }) {
              withDependencies({ $0.benchmarkKey3 = values.2 }) {
                withDependencies({ $0.benchmarkKey4 = values.3 }) {
                  sum &+= DependencyValues.current.benchmarkKey1
                }
              }
            }
          }
        }
        blackHole(sum)
      }
    }
  }

  /// The timed body for a `.dependency`-wrapped `reducer`: `iterations` reduces of the same action, each
  /// dropping the (empty) effect, on state that lives across runs.
  @MainActor
  private static func reducing<R: ReducerProtocol>(
    with reducer: R
  ) -> @MainActor (Int) -> Void where R.State == DependencyReadingReducer.State, R.Action == Int {
    var state = DependencyReadingReducer.State()
    let action = opaque(1)
    return { iterations in
      for _ in 0..<iterations {
        _ = reducer.reduce(into: &state, action: action)
      }
      blackHole(state.total)
    }
  }
}

/// Holds a `@Dependency` wrapper, as a feature would, made once outside the timed loop.
private struct DependencyReader {
  @Dependency(\.benchmarkKey1) var value
}
