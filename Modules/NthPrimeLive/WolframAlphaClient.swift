public import FoundationEssentials

/// Asks Wolfram|Alpha's Full Results API for the nth prime, as the original PrimeTime did: a GET of
/// `https://api.wolframalpha.com/v2/query?input=prime%20<n>&format=plaintext&output=JSON&appid=<appID>`.
/// The app ID travels apart from the address (``WolframAlphaRequest/appID``), so that it shows on no command
/// line.
///
/// Unlike the original, every request has a timeout, and a failure says what it was
/// (``answer(forPrime:)``: no network, a timeout, an HTTP error, an answer that is not a plain integer such
/// as a refused app ID), so the counter can say what to do.
public struct WolframAlphaClient: Sendable {
  /// The environment variable that holds the app ID; the client is used only when it is set.
  public static let appIDVariable = "WOLFRAM_ALPHA_APPID"

  /// The app ID Wolfram|Alpha issued (https://developer.wolframalpha.com).
  public var appID: String
  /// How long a question may take, the request and the reading of its answer together.
  public var timeout: Duration
  /// Sends a request, with its ``WolframAlphaRequest/appID`` as the `appid` query item, and returns the body
  /// of a successful (2xx) response; throws otherwise. By default, the helper executable beside the running
  /// one (``fetchWithHelper(_:)``), so that this module links no network stack.
  ///
  /// It must stop soon after its task is cancelled: the timeout and the user's withdrawal work by cancelling
  /// it, and the answer waits for it to return. The request also carries a timeout, ``requestTimeoutMargin``
  /// later than ``timeout``, for a `fetch` that would otherwise never return.
  public var fetch: @Sendable (WolframAlphaRequest) async throws -> Data

  /// Creates a client; `fetch` is for tests, which must not touch the network.
  public init(
    appID: String,
    timeout: Duration = .seconds(10),
    fetch: @escaping @Sendable (WolframAlphaRequest) async throws -> Data = WolframAlphaClient.fetchWithHelper
  ) {
    self.appID = appID
    self.timeout = timeout
    self.fetch = fetch
  }

  /// The client configured by `environment`: `nil` unless ``appIDVariable`` is set to something other than
  /// blanks.
  public init?(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    timeout: Duration = .seconds(10)
  ) {
    let appID = (environment[Self.appIDVariable] ?? "").trimmed
    guard !appID.isEmpty else { return nil }
    self.init(appID: appID, timeout: timeout)
  }

  /// How much later than ``timeout`` the request's own ``WolframAlphaRequest/timeout`` runs out: the
  /// client's timer ends a silent request first, so its failure is always ``WolframAlphaError/timedOut``
  /// and the request's own limit only bounds a helper left running. (In process, on Linux, cancelling a
  /// `URLSession` task at the moment its own timeout fired could also deadlock the two in
  /// swift-corelibs-foundation.)
  public static let requestTimeoutMargin = Duration.seconds(5)

  /// The request asking for the nth prime: its address without the app ID, which it carries apart.
  public func request(forPrime n: Int) -> WolframAlphaRequest? {
    var components = URLComponents()
    components.scheme = "https"
    components.host = "api.wolframalpha.com"
    components.path = "/v2/query"
    components.queryItems = [
      URLQueryItem(name: "input", value: "prime \(n)"),
      URLQueryItem(name: "format", value: "plaintext"),
      URLQueryItem(name: "output", value: "JSON"),
    ]
    guard let url = components.url else { return nil }
    return WolframAlphaRequest(url: url, timeout: timeout + Self.requestTimeoutMargin, appID: appID)
  }

  /// The nth prime according to Wolfram|Alpha, or `nil` on any failure or after ``timeout``.
  ///
  /// - Throws: `CancellationError` only, when the calling task is cancelled.
  public func nthPrime(_ n: Int) async throws -> Int? {
    let answer = try await answer(forPrime: n)
    return try? answer.get()
  }

  /// The nth prime according to Wolfram|Alpha, or why there is none.
  ///
  /// A ``WolframAlphaError`` thrown by `fetch` is taken as is; no answer within ``timeout`` is
  /// ``WolframAlphaError/timedOut``; any other error of `fetch` is ``WolframAlphaError/unreachable``; a body
  /// without a plain integer as its primary result is ``WolframAlphaError/noPrimeInAnswer``.
  ///
  /// The integer is checked before it is taken; one that fails is ``WolframAlphaError/notTheNthPrime(_:)``. It
  /// must be a prime. For n up to 10^6 it must be the nth prime this machine computes (in a few milliseconds).
  /// Above, it must lie between `n (ln n + ln ln n − 1)` and `n (ln n + ln ln n)`, where every nth prime lies.
  ///
  /// - Throws: `CancellationError` only, when the calling task is cancelled.
  public func answer(forPrime n: Int) async throws -> Result<Int, WolframAlphaError> {
    guard let request = request(forPrime: n) else { return .failure(.unreachable) }
    let fetch = self.fetch
    let timeout = self.timeout
    let outcome = await withTaskGroup(of: Result<Data, WolframAlphaError>?.self) { group in
      group.addTask {
        do {
          return .success(try await fetch(request))
        } catch let error as WolframAlphaError {
          return .failure(error)
        } catch is CancellationError {
          return nil
        } catch {
          return .failure(.unreachable)
        }
      }
      group.addTask {
        try? await Task.sleep(for: timeout)
        return .failure(.timedOut)
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first
    }
    try Task.checkCancellation()
    return (outcome ?? .failure(.unreachable)).flatMap { data in
      guard let answer = WolframAlphaResult.prime(in: data) else { return .failure(.noPrimeInAnswer) }
      return NthPrimeCheck.accepts(answer, asNthPrime: n) ? .success(answer) : .failure(.notTheNthPrime(answer))
    }
  }

  /// `fetch` by the helper executable beside the running one (``WolframAlphaHelper/besideThisExecutable()``):
  /// the body of a 2xx response, or the ``WolframAlphaError`` the helper reports;
  /// ``WolframAlphaError/clientMissing(path:)`` when the helper is not installed there.
  @Sendable
  public static func fetchWithHelper(_ request: WolframAlphaRequest) async throws -> Data {
    try await WolframAlphaHelper.besideThisExecutable().fetch(request)
  }
}

extension String {
  /// The string without the spaces and tabs at either end.
  fileprivate var trimmed: String {
    let isBlank = { (character: Character) in character == " " || character == "\t" }
    guard let start = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
      return ""
    }
    return String(self[start...last])
  }
}
