import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

/// Returns effects whose `map` transforms read `\.semNumber`, made in different dependency scopes.
struct SemMapFeature: ReducerProtocol {
  typealias State = [String]

  enum Action: Equatable, Sendable {
    case sendMapped
    case sendMappedInScope
    case sendMappedTwice
    case runMapped
    case got(String)
  }

  func reduce(into state: inout [String], action: Action) -> Effect<Action> {
    switch action {
    case .sendMapped:
      return Effect<Int>.send(1).map { _ in .got("map \(DependencyValues.current.semNumber)") }
    case .sendMappedInScope:
      return withDependencies {
        $0.semNumber = 7
      } operation: {
        Effect<Int>.send(1).map { _ in .got("map \(DependencyValues.current.semNumber)") }
      }
    case .sendMappedTwice:
      let inner = withDependencies {
        $0.semNumber = 1
      } operation: {
        Effect<Int>.send(1).map { _ in "inner \(DependencyValues.current.semNumber)" }
      }
      return withDependencies {
        $0.semNumber = 2
      } operation: {
        inner.map { .got("\($0), outer \(DependencyValues.current.semNumber)") }
      }
    case .runMapped:
      return withDependencies {
        $0.semNumber = 9
      } operation: {
        Effect<Int>.run { send in await send(1) }.map { _ in .got("run \(DependencyValues.current.semNumber)") }
      }
    case let .got(text):
      state.append(text)
      return .none
    }
  }
}

/// `Effect.map` runs its transform with the dependencies in effect where the map was made, as TCA's `map` of a
/// `.send` (a publisher) does, not with the store's.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct EffectMapDependencyTests {
  @Test func mappingASentActionInAReducerWithAnOverrideSeesTheOverride() async {
    let store = TestStore(initialState: [], reducer: SemMapFeature().dependency(\.semNumber, 42))

    await store.send(.sendMapped)
    await store.receive(.got("map 42")) { $0 = ["map 42"] }
    await store.finish()
  }

  @Test func mappingASentActionInsideWithDependenciesSeesThatScope() async {
    let store = TestStore(initialState: [], reducer: SemMapFeature())

    await store.send(.sendMappedInScope)
    await store.receive(.got("map 7")) { $0 = ["map 7"] }
    await store.finish()
  }

  @Test func eachMapOfASentActionSeesTheScopeItWasMadeIn() async {
    let store = TestStore(initialState: [], reducer: SemMapFeature())

    await store.send(.sendMappedTwice)
    await store.receive(.got("inner 1, outer 2")) { $0 = ["inner 1, outer 2"] }
    await store.finish()
  }

  @Test func mappingARunEffectSeesTheScopeTheRunWasMadeIn() async {
    let store = TestStore(initialState: [], reducer: SemMapFeature())

    await store.send(.runMapped)
    await store.receive(.got("run 9")) { $0 = ["run 9"] }
    await store.finish()
  }
}
