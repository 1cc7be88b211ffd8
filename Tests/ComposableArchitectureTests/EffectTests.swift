import ComposableArchitecture
import Testing

enum EffectTestAction: Equatable, Sendable {
  case buildAndReturn
  case got(String)
  case mapAll
  case mergeAll
  case a, b, c, d
  case failUnhandled
  case failHandled
  case failWithCancellationError
  case failWithCancellationErrorHandled
  case failed(String)
}

enum EffectTestError: Error {
  case diskFull
}

struct EffectTestEnvironment: Sendable {
  let log = Probe.Log<String>()
}

/// An effect whose error nothing handles.
func unhandledFailure() -> Effect<EffectTestAction> {
  .run { _ in throw EffectTestError.diskFull }
}
/// The line of the `.run` call just above, which the warning about its error names.
let unhandledFailureLine: UInt = #line - 3

let effectTestReducer: Reducer<[EffectTestAction], EffectTestAction, EffectTestEnvironment> = {
  value, action, environment in
  value.append(action)
  let log = environment.log
  switch action {
  case .buildAndReturn:
    let effects: [Effect<EffectTestAction>] = [
      .sync {
        log.append("sync")
        return .a
      },
      .fireAndForget { log.append("fireAndForget") },
      .run { send in
        log.append("run")
        await send(.b)
      },
    ]
    log.append("reducer built its effects")
    return effects
  case .mapAll:
    let transform: @Sendable (Int) -> EffectTestAction = { n in
      log.append("transform \(n)")
      return .got("\(n)")
    }
    return [
      Effect<Int>.send(1).map(transform),
      Effect<Int>.sync { 2 }.map(transform),
      Effect<Int>.fireAndForget { log.append("mapped fireAndForget") }.map(transform),
      Effect<Int>.run { send in await send(3) }.map(transform),
    ]
  case .mergeAll:
    return [
      .merge(.send(.a), .fireAndForget { log.append("between a and b") }, .send(.b)),
      Effect.send(.c).merge(with: .send(.d)),
      .merge([Effect<EffectTestAction>]()),
    ]
  case .failUnhandled:
    return [unhandledFailure()]
  case .failHandled:
    return [
      .run { _ in
        throw EffectTestError.diskFull
      } catch: { error, send in
        await send(.failed("\(error)"))
      }
    ]
  case .failWithCancellationError:
    return [.run { _ in throw CancellationError() }]
  case .failWithCancellationErrorHandled:
    return [
      .run { _ in
        throw CancellationError()
      } catch: { error, send in
        await send(.failed("\(error)"))
      }
    ]
  case .got, .a, .b, .c, .d, .failed:
    return []
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct EffectTests {
  let environment = EffectTestEnvironment()

  func makeStore() -> Store<[EffectTestAction], EffectTestAction> {
    Store(initialValue: [], reducer: effectTestReducer, environment: environment)
  }

  // MARK: Laziness

  @Test func buildingEffectsRunsNothing() async {
    let log = Probe.Log<String>()
    let effects: [Effect<Int>] = [
      .sync {
        log.append("sync")
        return 1
      },
      .fireAndForget { log.append("fireAndForget") },
      .run { send in
        log.append("run")
        await send(2)
      },
      .merge(.sync {
        log.append("merged sync")
        return 3
      }, .run { _ in log.append("merged run") }),
      Effect<Int>.sync {
        log.append("mapped sync")
        return 4
      }.map { $0 + 1 },
      Effect<Int>.run { _ in log.append("cancellable run") }.cancellable(id: "id", cancelInFlight: true),
    ]
    #expect(effects.count == 6)
    await Probe.yieldALot()
    #expect(log.values.isEmpty)
  }

  @Test func theStoreRunsEffectsOnlyAfterTheReducerReturns() async {
    let store = makeStore()
    let task = store.send(.buildAndReturn)
    #expect(
      Array(environment.log.values.prefix(3)) == ["reducer built its effects", "sync", "fireAndForget"]
    )
    await task.finish()
    #expect(environment.log.values == ["reducer built its effects", "sync", "fireAndForget", "run"])
    #expect(store.value == [.buildAndReturn, .a, .b])
  }

  // MARK: map

  @Test func mapTransformsEveryActionOnceAndKeepsTheWork() async {
    let store = makeStore()
    await store.send(.mapAll).finish()
    #expect(store.value == [.mapAll, .got("1"), .got("2"), .got("3")])
    #expect(
      environment.log.values == [
        "transform 1", "transform 2", "mapped fireAndForget", "transform 3",
      ]
    )
  }

  // MARK: merge

  @Test func mergeRunsEveryEffectInOrder() {
    let store = makeStore()
    store.send(.mergeAll)
    #expect(store.value == [.mergeAll, .a, .b, .c, .d])
    #expect(environment.log.values == ["between a and b"])
  }

  @Test func mergeOfASequenceRunsEveryAsynchronousEffect() async {
    let log = Probe.Log<Int>()
    let reducer: Reducer<[Int], Int, Void> = { value, action, _ in
      value.append(action)
      guard action == 0 else { return [] }
      return [
        .merge(
          (1...3).map { n in
            Effect<Int>.run { send in
              log.append(n)
              await send(n)
            }
          }
        )
      ]
    }
    let store = Store(initialValue: [], reducer: reducer, environment: ())
    await store.send(0).finish()
    #expect(Set(store.value) == [0, 1, 2, 3])
    #expect(store.value.first == 0)
    #expect(Set(log.values) == [1, 2, 3])
  }

  // MARK: Errors

  @Test func anUnhandledErrorBecomesAWarningNamingTheErrorAndTheRunCall() async {
    let warnings = Probe.Warnings()
    let store = makeStore()
    await RuntimeWarning.withHandler(warnings.handler) {
      await store.send(.failUnhandled).finish()
    }
    #expect(warnings.messages.count == 1)
    #expect(warnings.messages.first?.contains("diskFull") == true)
    #expect(
      warnings.entries.first?.location == "ComposableArchitectureTests/EffectTests.swift:\(unhandledFailureLine)"
    )
    #expect(store.value == [.failUnhandled])
  }

  @Test func aCatchHandlerTurnsTheErrorIntoAnActionWithoutAWarning() async {
    let warnings = Probe.Warnings()
    let store = makeStore()
    await RuntimeWarning.withHandler(warnings.handler) {
      await store.send(.failHandled).finish()
    }
    #expect(store.value == [.failHandled, .failed("diskFull")])
    #expect(warnings.messages.isEmpty)
  }

  @Test func aThrownCancellationErrorIsIgnored() async {
    let warnings = Probe.Warnings()
    let store = makeStore()
    await RuntimeWarning.withHandler(warnings.handler) {
      await store.send(.failWithCancellationError).finish()
      await store.send(.failWithCancellationErrorHandled).finish()
    }
    // Neither a warning nor the catch handler.
    #expect(warnings.messages.isEmpty)
    #expect(store.value == [.failWithCancellationError, .failWithCancellationErrorHandled])
  }
}
