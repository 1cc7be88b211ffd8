public import FoundationEssentials

import Platform

/// The executable that sends ``WolframAlphaClient``'s request over HTTPS: `primetime-wolfram-alpha URL SECONDS`,
/// a product of this package installed beside `primetime` and `counter-demo`. The app ID is not on that
/// command line, which every local user can read: the helper gets it in its environment, as
/// `WOLFRAM_ALPHA_APPID`, and adds it to the URL's query itself.
///
/// The request runs in a process of its own so that the apps link no network stack (FoundationNetworking, and
/// libcurl with its TLS chain: about 40 shared libraries and 13 MiB at every start) and pay for it only when
/// `WOLFRAM_ALPHA_APPID` is set. The helper prints the body of a 2xx response and exits 0, or prints one line
/// and exits 1: `unreachable …`, `timed-out …` or `status CODE`. Cancelling ``fetch(_:)`` kills it.
public struct WolframAlphaHelper: Equatable, Sendable {
  /// The helper's file name.
  public static let executableName = "primetime-wolfram-alpha"

  /// Where the helper is.
  public var path: String

  /// The helper at `path`.
  public init(path: String) {
    self.path = path
  }

  /// The helper in the directory of the running executable, as `swift build` and an installation put it.
  public static func besideThisExecutable() -> Self {
    let executable = runningExecutablePath() ?? CommandLine.arguments.first ?? ""
    let directory = executable.lastIndex(of: "/").map { String(executable[...$0]) } ?? "./"
    return Self(path: directory + executableName)
  }

  /// Runs the helper for `request` and returns the body of the response. The helper gets the request's URL and
  /// timeout as its arguments, and ``WolframAlphaRequest/appID`` as `WOLFRAM_ALPHA_APPID` in this process's
  /// environment.
  ///
  /// - Throws: ``WolframAlphaError/clientMissing(path:)`` when there is no helper at ``path``;
  ///   ``WolframAlphaError/clientCouldNotRun(path:exitStatus:)`` and
  ///   ``WolframAlphaError/clientKilled(path:signal:)`` when it could not run (see ``body(of:)``);
  ///   ``WolframAlphaError/timedOut`` and ``WolframAlphaError/errorStatus(_:)`` as the helper says;
  ///   ``WolframAlphaError/unreachable`` for any other failure; `CancellationError` when the calling task is
  ///   cancelled, after the helper is killed and reaped.
  public func fetch(_ request: WolframAlphaRequest) async throws -> Data {
    let seconds = Double(request.timeout.components.seconds) + Double(request.timeout.components.attoseconds) / 1e18
    // The app ID by the environment, never the arguments: /proc/PID/cmdline is readable by every local user,
    // /proc/PID/environ by this user alone.
    var environment = ProcessInfo.processInfo.environment
    environment[WolframAlphaClient.appIDVariable] = request.appID
    let process: HelperProcess
    do {
      process = try HelperProcess(
        path: path, arguments: [request.url.absoluteString, "\(seconds)"], environment: environment
      )
    } catch .notFound {
      throw WolframAlphaError.clientMissing(path: path)
    } catch .failed(let code) where [EACCES, ENOEXEC, EISDIR, EPERM, ELOOP, ENOTDIR].contains(code) {
      // There, but not a program this system can start: what a shell reports as status 126.
      throw WolframAlphaError.clientCouldNotRun(path: path, exitStatus: 126)
    } catch {
      throw WolframAlphaError.unreachable
    }
    let outcome = await withTaskCancellationHandler {
      await process.finish()
    } onCancel: {
      process.stop()
    }
    try Task.checkCancellation()
    return try body(of: outcome).get()
  }

  /// The body the helper printed, or the failure its one line names; or that it could not run, named with how
  /// it ended, when it exited 126 or 127 (what the system's loader and shells exit with when a program cannot
  /// start: its libraries missing, a file that cannot be executed), was killed by a signal, or failed without
  /// printing the line it owes.
  func body(of outcome: HelperProcess.Outcome) -> Result<Data, WolframAlphaError> {
    if let signal = outcome.signal {
      return .failure(.clientKilled(path: path, signal: Int(signal)))
    }
    switch outcome.exitStatus {
    case 0:
      return .success(Data(outcome.output))
    case let status? where status == 126 || status == 127 || outcome.output.isEmpty:
      return .failure(.clientCouldNotRun(path: path, exitStatus: Int(status)))
    case 1:
      let line = String(decoding: outcome.output.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
      let words = line.split(separator: " ", maxSplits: 1)
      switch words.first {
      case "timed-out": return .failure(.timedOut)
      case "status": return .failure(words.last.flatMap { Int($0) }.map { .errorStatus($0) } ?? .unreachable)
      default: return .failure(.unreachable)
      }
    default:
      return .failure(.unreachable)
    }
  }
}

/// The path of the running executable, from `/proc/self/exe`; `nil` where there is none.
private func runningExecutablePath() -> String? {
  var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
  let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
  guard count > 0 else { return nil }
  return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
