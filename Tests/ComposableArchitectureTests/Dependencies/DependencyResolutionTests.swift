import ComposableArchitecture
import Testing

/// A value whose test value is built from another dependency, `\.depNumber`, when the default is made.
enum DepDerivedKey: TestDependencyKey {
  static var testValue: String { "derived from \(DependencyValues.current.depNumber)" }
}

/// A client of two synchronous endpoints with a quiet test value, for writes into one endpoint.
struct DepGreeter: Sendable {
  var hello: @Sendable () -> String
  var bye: @Sendable () -> String
}

extension DepGreeter: TestDependencyKey {
  static let testValue = DepGreeter(hello: { "hello (test)" }, bye: { "bye (test)" })
}

extension DependencyValues {
  var depDerived: String {
    get { self[DepDerivedKey.self] }
    set { self[DepDerivedKey.self] = newValue }
  }

  var depGreeter: DepGreeter {
    get { self[DepGreeter.self] }
    set { self[DepGreeter.self] = newValue }
  }
}

/// A model that reads dependencies by key type rather than by key path.
final class DepKeyTypeModel {
  @Dependency(DepNumberKey.self) var number
  @Dependency(DepContextualKey.self) var contextual
  @Dependency(DepGreeter.self) var greeter
}

/// A model that reads a default built from another dependency.
final class DepDerivedModel {
  @Dependency(\.depDerived) var derived
}

/// Records what `\.depNumber` and `\.depGreeter` are during each reduce.
struct DepGreeterRecorder: ReducerProtocol, Sendable {
  typealias State = [String]
  typealias Action = Void

  @Dependency(\.depNumber) var number
  @Dependency(\.depGreeter) var greeter

  func reduce(into state: inout [String], action: Void) -> Effect<Void> {
    state.append("\(number) \(greeter.hello()) \(greeter.bye())")
    return .none
  }
}

/// How a dependency is resolved: which override wins, how defaults are made, and how a key is named.
@Suite(.timeLimit(.minutes(2)))
struct DependencyResolutionTests {
  private func run<R: ReducerProtocol>(_ reducer: R) -> [String] where R.State == [String], R.Action == Void {
    var state: [String] = []
    _ = reducer.reduce(into: &state, action: ())
    return state
  }

  // MARK: withDependencies(from:)

  @Test func theCallSitesOverridesWinOverTheValuesInheritedFromTheParent() {
    let parent = withDependencies {
      $0.depNumber = 1
      $0.depLabel = "parent"
    } operation: {
      DepModel()
    }

    let child = withDependencies(from: parent) {
      $0.depNumber = 2
    } operation: {
      DepModel()
    }

    #expect(child.number == 2)
    #expect(child.label == "parent")
  }

  @Test func theCallSitesOverridesWinOverTheValuesInheritedFromTheParentAsynchronously() async {
    let parent = withDependencies {
      $0.depNumber = 1
    } operation: {
      DepModel()
    }

    let child = await withDependencies(from: parent) {
      $0.depNumber = 3
    } operation: {
      await Task.yield()
      return DepModel()
    }

    #expect(child.number == 3)
  }

  // MARK: @Dependency(Key.self)

  @Test func aDependencyNamedByItsKeyTypeReadsThatKey() {
    let model = withDependencies {
      $0.depNumber = 4
    } operation: {
      DepKeyTypeModel()
    }

    #expect(model.number == 4)
    #expect(model.contextual == "test")
    #expect(model.greeter.hello() == "hello (test)")
  }

  // MARK: Defaults that read other dependencies

  @Test func aDefaultReadThroughAWrapperResolvesTheDependenciesItReadsWithTheWrappersOverrides() {
    let model = withDependencies {
      $0.depNumber = 5
    } operation: {
      DepDerivedModel()
    }

    // Read outside the scope: only the values the wrapper captured carry the override.
    #expect(model.derived == "derived from 5")
  }

  @Test func aDefaultReadFromValuesResolvesTheDependenciesItReadsWithThoseValues() {
    var values = DependencyValues.current
    // A cache of their own: the test's would keep the first default made, for every read of the test.
    values.cacheDefaultValues(for: "aDefaultReadFromValuesResolvesTheDependenciesItReadsWithThoseValues")
    values.depNumber = 6

    #expect(values.depDerived == "derived from 6")
    #expect(DependencyValues.current.depDerived == "derived from 0")
  }

  // MARK: .transformDependency

  @Test func transformDependencyChangesOneEndpointAndKeepsTheOthers() {
    let reducer = DepGreeterRecorder()
      .transformDependency(\.depGreeter) { greeter in
        greeter.hello = { "hello (stub)" }
      }

    #expect(run(reducer) == ["0 hello (stub) bye (test)"])
  }

  @Test func transformDependencyFusesWithDependencyAndAppliesInnermostLast() {
    let reducer = DepGreeterRecorder()
      .transformDependency(\.depNumber) { $0 += 1 }
      .dependency(\.depNumber, 10)
      .transformDependency(\.depGreeter) { $0.bye = { "bye (stub)" } }

    #expect(
      ObjectIdentifier(type(of: reducer)) == ObjectIdentifier(DependencyKeyWritingReducer<DepGreeterRecorder>.self)
    )
    // The outer `.dependency` sets 10, then the inner transform adds one.
    #expect(run(reducer) == ["11 hello (test) bye (stub)"])
  }

  @Test func transformDependencyBuildsOnTheValueInEffectAtEachReduce() {
    let reducer = DepGreeterRecorder()
      .transformDependency(\.depNumber) { $0 += 1 }
      .dependency(\.depLabel, "fused")

    let first = withDependencies { $0.depNumber = 5 } operation: { run(reducer) }
    let second = withDependencies { $0.depNumber = 7 } operation: { run(reducer) }

    #expect(first == ["6 hello (test) bye (test)"])
    #expect(second == ["8 hello (test) bye (test)"])
  }
}
