import ComposableArchitecture
import Testing

/// A client with a live value only, whose endpoints can report being called.
struct DepLiveClient: EndpointReporting {
  var fetch: @Sendable () -> String
  var save: @Sendable () -> String

  func reportingEndpoints(_ report: @escaping @Sendable (_ endpoint: String) -> Void) -> Self {
    Self(
      fetch: {
        report("fetch")
        return fetch()
      },
      save: {
        report("save")
        return save()
      }
    )
  }
}

extension DepLiveClient: DependencyKey {
  static let liveValue = DepLiveClient(fetch: { "live fetch" }, save: { "live save" })
}

extension DependencyValues {
  var depLiveClient: DepLiveClient {
    get { self[DepLiveClient.self] }
    set { self[DepLiveClient.self] = newValue }
  }
}

/// Overriding one endpoint of a client with only a live value, in a test.
@Suite(.timeLimit(.minutes(2)))
struct EndpointReportingTests {
  private static let savedLive =
    "DepLiveClient has no test value, so a test called its live endpoint 'save'. Override the endpoint in "
    + "the test with withDependencies or .dependency, or give the key a testValue."

  @Test func overridingOneEndpointOfALiveOnlyClientIsNotReported() {
    let warnings = Probe.Warnings()

    let fetched = RuntimeWarning.withHandler(warnings.handler) {
      withDependencies {
        $0.depLiveClient.fetch = { "stub fetch" }
      } operation: {
        DependencyValues.current.depLiveClient.fetch()
      }
    }

    #expect(fetched == "stub fetch")
    #expect(warnings.messages.isEmpty)
  }

  @Test func callingAnEndpointLeftLiveIsReportedByKeyAndEndpoint() {
    let warnings = Probe.Warnings()

    let saved = RuntimeWarning.withHandler(warnings.handler) {
      withDependencies {
        $0.depLiveClient.fetch = { "stub fetch" }
      } operation: {
        DependencyValues.current.depLiveClient.save()
      }
    }

    // The test goes on with the live endpoint.
    #expect(saved == "live save")
    #expect(warnings.messages == [Self.savedLive])
  }

  @Test func overridingOneEndpointForAReducerIsNotReported() {
    let warnings = Probe.Warnings()
    let reducer = Reduce<[String], Void> { state, _ in
      @Dependency(\.depLiveClient) var client
      state.append(client.fetch())
      return .none
    }
    .dependency(\.depLiveClient.fetch, { "stub fetch" })

    var state: [String] = []
    RuntimeWarning.withHandler(warnings.handler) {
      _ = reducer.reduce(into: &state, action: ())
      _ = reducer.reduce(into: &state, action: ())
    }

    #expect(state == ["stub fetch", "stub fetch"])
    #expect(warnings.messages.isEmpty)
  }
}
