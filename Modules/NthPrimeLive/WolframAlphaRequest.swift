#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// One question to Wolfram|Alpha: a GET of `url` that may take at most `timeout`.
public struct WolframAlphaRequest: Equatable, Sendable {
  /// The address asked, query included.
  public var url: URL
  /// How long the request may take before it gives up by itself.
  public var timeout: Duration

  /// A GET of `url` that gives up after `timeout`.
  public init(url: URL, timeout: Duration) {
    self.url = url
    self.timeout = timeout
  }
}
