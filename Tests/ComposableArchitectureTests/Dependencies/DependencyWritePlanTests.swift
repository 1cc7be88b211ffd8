import ComposableArchitecture
import Testing

/// A client with two endpoints, so that overriding one through `\.planClient.greeting` must keep the other.
struct PlanClient: Sendable {
  var name: @Sendable () -> String
  var greeting: @Sendable () -> String

  static let mock = PlanClient(name: { "mock" }, greeting: { "hello from mock" })
}

extension PlanClient: DependencyKey {
  static let liveValue = PlanClient(name: { "live" }, greeting: { "hello from live" })
  static let testValue = PlanClient(name: { "test" }, greeting: { "hello from test" })
}

extension DependencyValues {
  var planClient: PlanClient {
    get { self[PlanClient.self] }
    set { self[PlanClient.self] = newValue }
  }
}

/// A `.dependency` chain learns what its writes do on its first reduce and replays that afterwards; these
/// pin that every later reduce sees exactly what running the writes would give.
@Suite(.timeLimit(.minutes(1)))
struct DependencyWritePlanTests {
  /// Reads the dependencies the way a feature would, on every reduce.
  struct Reader: ReducerProtocol, Sendable {
    @Dependency(\.depNumber) var number
    @Dependency(\.depLabel) var label
    @Dependency(\.planClient) var client
    @Dependency(\.context) var context

    func reduce(into state: inout [String], action: Void) -> Effect<Void> {
      state.append("\(number) \(label) \(client.name())/\(client.greeting()) \(context)")
      return .none
    }
  }

  private func reduceTwice<R: ReducerProtocol>(_ reducer: R) -> [String]
  where R.State == [String], R.Action == Void {
    var state: [String] = []
    _ = reducer.reduce(into: &state, action: ())
    _ = reducer.reduce(into: &state, action: ())
    return state
  }

  @Test func laterReducesSeeWhatTheFirstSaw() {
    let reducer = Reader()
      .dependency(\.depNumber, 1)
      .dependency(\.depLabel, "one")
      .dependency(\.depNumber, 2)
    #expect(reduceTwice(reducer) == ["1 one test/hello from test test", "1 one test/hello from test test"])
  }

  @Test func anOuterOverrideThatAppearsLaterIsKeptAndTheChainStillWins() {
    let reducer = Reader().dependency(\.depNumber, 1)
    var state: [String] = []
    _ = reducer.reduce(into: &state, action: ())
    withDependencies {
      $0.depNumber = 50
      $0.depLabel = "outer"
    } operation: {
      _ = reducer.reduce(into: &state, action: ())
    }
    #expect(state == ["1 default test/hello from test test", "1 outer test/hello from test test"])
  }

  @Test func aWriteThroughALongerPathStartsFromTheClientInEffectOnEveryReduce() {
    let reducer = Reader().dependency(\.planClient.greeting, { "stubbed" })
    var state: [String] = []
    _ = reducer.reduce(into: &state, action: ())
    withDependencies {
      $0.planClient = .mock
    } operation: {
      _ = reducer.reduce(into: &state, action: ())
    }
    #expect(state == ["0 default test/stubbed test", "0 default mock/stubbed test"])
  }

  @Test func theContextCanBeSetInTheChainAndIsReplayed() {
    let reducer = Reader().dependency(\.context, .preview).dependency(\.depNumber, 3)
    #expect(reduceTwice(reducer) == ["3 default live/hello from live preview", "3 default live/hello from live preview"])
  }

  @Test func reducesRacingToLearnThePlanAllSeeTheOverrides() async {
    let reducer = Reader().dependency(\.depNumber, 7).dependency(\.depLabel, "raced")
    let results = await withTaskGroup(of: [String].self) { group in
      for _ in 0..<8 {
        group.addTask { reduceTwice(reducer) }
      }
      var results: [[String]] = []
      for await result in group {
        results.append(result)
      }
      return results
    }
    #expect(results.count == 8)
    #expect(results.allSatisfy { $0 == ["7 raced test/hello from test test", "7 raced test/hello from test test"] })
  }
}
