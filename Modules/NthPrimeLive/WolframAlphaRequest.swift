public import FoundationEssentials

/// One question to Wolfram|Alpha: a GET of `url`, with `appID` added as its `appid` query item, that may take
/// at most `timeout`.
///
/// The app ID is kept apart from `url` because `url` is what the helper executable gets on its command line,
/// which every local user can read (`/proc/PID/cmdline`); the helper gets `appID` in its environment instead
/// (``WolframAlphaHelper/fetch(_:)``).
public struct WolframAlphaRequest: Equatable, Sendable {
  /// The address asked, query included, without the app ID.
  public var url: URL
  /// How long the request may take before it gives up by itself.
  public var timeout: Duration
  /// The app ID Wolfram|Alpha issued, sent as the `appid` query item; empty for none.
  public var appID: String

  /// A GET of `url` with `appID` that gives up after `timeout`.
  public init(url: URL, timeout: Duration, appID: String = "") {
    self.url = url
    self.timeout = timeout
    self.appID = appID
  }
}
