import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

/// Puts what `\.semLiveClient`'s `fetch` returns into the state.
struct SemFetchFeature: ReducerProtocol {
  typealias State = Int
  typealias Action = Bool

  @Dependency(\.semLiveClient) var client

  func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
    state = client.fetch()
    return .none
  }
}

/// Overriding one endpoint of a client that has only a live value reads its default test value to build on:
/// swift-dependencies does not report that read, made while the overrides are being written, and reports the
/// missing test value only where the default is used.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct LiveOnlyEndpointOverrideTests {
  @Test func overridingOneEndpointOnATestStoreIsNotReported() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: 0, reducer: SemFetchFeature()) {
        $0.semLiveClient.fetch = { 42 }
      }
      await store.send(true) { $0 = 42 }
      await store.finish()
    }

    #expect(failures.isEmpty)
  }

  @Test func aTestStoreUsingTheDefaultIsReported() async {
    let failures = await collectTestFailures {
      let store = TestStore(initialState: 0, reducer: SemFetchFeature())
      await store.send(true) { $0 = -1 }
      await store.finish()
    }

    #expect(failures.count == 1)
    #expect(failures.first?.message.contains("SemLiveClient has no test value") == true)
  }

  @Test func overridingOneEndpointInWithDependenciesIsNotReported() {
    let warnings = SemWarnings()

    let fetched = warnings.collect {
      withDependencies {
        $0.semLiveClient.fetch = { 7 }
      } operation: {
        DependencyValues.current.semLiveClient.fetch()
      }
    }

    #expect(fetched == 7)
    #expect(warnings.messages.isEmpty)
  }

  @Test func transformingALiveOnlyClientInAReducerIsNotReported() async {
    let failures = await collectTestFailures {
      let store = TestStore(
        initialState: 0,
        reducer: SemFetchFeature().transformDependency(\.semLiveClient) { $0.fetch = { 9 } }
      )
      await store.send(true) { $0 = 9 }
      await store.send(true)
      await store.finish()
    }

    #expect(failures.isEmpty)
  }

  @Test(.dependencies { $0.semLiveClient.fetch = { 5 } })
  func aTraitOverridingOneEndpointIsNotReported() {
    #expect(DependencyValues.current.semLiveClient.fetch() == 5)
  }

  @Test func aLaterReadOfTheDefaultOutsideTheOverrideIsStillReported() {
    let warnings = SemWarnings()

    warnings.collect {
      withDependencies {
        $0.semLiveClient.fetch = { 7 }
      } operation: {
        _ = DependencyValues.current.semLiveClient.fetch()
      }
    }
    #expect(warnings.messages.isEmpty)

    // The default the override was built on is not kept: using it unchanged is reported.
    warnings.collect {
      _ = DependencyValues.current.semLiveClient.fetch()
    }
    #expect(warnings.messages.count == 1)
  }
}
