/// A dependency value whose endpoints can each report that they were called: what lets a test override one
/// endpoint of a client that has only a live value, and still hear about the endpoints it left live.
///
/// A ``DependencyKey`` with no ``TestDependencyKey/testValue`` reports, in a test, the moment its default is
/// read and used unchanged; a write into one endpoint (`$0.client.fetch = { ... }`) in `withDependencies` is
/// quiet, as in swift-dependencies, so the endpoints it leaves live go unreported. When the key's value
/// conforms to this protocol, its default test value is instead the preview (by default live) value with every
/// endpoint reporting when called: overriding `fetch` is quiet, calling `save`, left live, is reported, naming
/// the key and the endpoint. Conform by rebuilding the value with each endpoint calling `report` first; the test
/// `DepLiveClient` of `Tests/ComposableArchitectureTests/Dependencies/EndpointReportingTests.swift` shows how.
public protocol EndpointReporting: Sendable {
  /// This value with each endpoint calling `report`, with the endpoint's name, before doing its work.
  func reportingEndpoints(_ report: @escaping @Sendable (_ endpoint: String) -> Void) -> Self
}

extension DependencyKey where Value: EndpointReporting {
  /// The preview value (by default the live one), whose endpoints each report that a test called them live;
  /// reading it, or overriding some of its endpoints, reports nothing.
  public static var testValue: Value {
    let key = "\(Self.self)"
    return previewValue.reportingEndpoints { endpoint in
      RuntimeWarning.report(
        "\(key) has no test value, so a test called its live endpoint '\(endpoint)'. Override the "
          + "endpoint in the test with withDependencies or .dependency, or give the key a testValue."
      )
    }
  }
}
