import Platform

import Foundation
#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// WOLFRAM_ALPHA_APPID=ID primetime-wolfram-alpha URL SECONDS: one HTTPS GET with URLSession, for NthPrimeLive's
// Wolfram|Alpha client (WolframAlphaHelper), so that primetime and counter-demo link no network stack
// (FoundationNetworking, libcurl and its TLS chain) and pay for it only when WOLFRAM_ALPHA_APPID is set.
//
// The AppID comes from the environment and is added to URL's query here, as `appid`: a command line is
// readable by every local user (/proc/PID/cmdline), an environment by its owner alone. A URL that already
// carries an `appid` is refused, and the AppID goes on no command line from here (URLSession is in-process).
//
// Standard output: the body of a 2xx response, status 0; otherwise one line, status 1:
//   `unreachable DETAIL` (no response), `timed-out DETAIL` (no answer within SECONDS) or `status CODE`
//   (an HTTP status outside 200-299). A wrong call (arguments, or no AppID in the environment): one line on
//   standard error, status 64.
// Proxies are URLSession's: `https_proxy`, `no_proxy` and their upper-case forms.
//
// It does not use REPL's CommandLineInterface, as the other executables do: it is started only by
// WolframAlphaHelper, with two positional arguments and no flags, and depends on Platform alone; the parser
// would bring in REPL and LineEditor (and a help, a version and completions nobody types) for two words.

let usage = "usage: primetime-wolfram-alpha URL SECONDS"
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--help"] || arguments == ["-h"] {
  print(usage)
  exit(0)
}

/// Writes `line` to standard error and exits with status 64, as for a wrong call.
func refuse(_ line: String) -> Never {
  FileHandle.standardError.write(Data((line + "\n").utf8))
  exit(64)
}

guard arguments.count == 2, var components = URLComponents(string: arguments[0]),
  let seconds = Double(arguments[1]), seconds > 0
else {
  refuse(usage)
}
let appIDVariable = "WOLFRAM_ALPHA_APPID"
guard let appID = ProcessInfo.processInfo.environment[appIDVariable], !appID.isEmpty else {
  refuse("primetime-wolfram-alpha: no AppID: set \(appIDVariable) in its environment, never on its command line")
}
let query = components.queryItems ?? []
guard !query.contains(where: { $0.name == "appid" }) else {
  refuse("primetime-wolfram-alpha: the URL carries an appid: pass the AppID in \(appIDVariable) instead")
}
components.queryItems = query + [URLQueryItem(name: "appid", value: appID)]
guard let url = components.url else {
  refuse(usage)
}

/// Writes `bytes` to standard output, all of them.
func writeOut(_ bytes: Data) {
  FileHandle.standardOutput.write(bytes)
}

var request = URLRequest(url: url)
request.timeoutInterval = seconds
do {
  let (data, response) = try await URLSession.shared.data(for: request)
  guard let status = (response as? HTTPURLResponse)?.statusCode else {
    writeOut(Data("unreachable no HTTP response\n".utf8))
    exit(1)
  }
  guard (200..<300).contains(status) else {
    writeOut(Data("status \(status)\n".utf8))
    exit(1)
  }
  writeOut(data)
  exit(0)
} catch let error as URLError where error.code == .timedOut {
  writeOut(Data("timed-out \(error.localizedDescription)\n".utf8))
  exit(1)
} catch {
  let detail = "\(error)".split(whereSeparator: \.isNewline).joined(separator: " ")
  writeOut(Data("unreachable \(detail)\n".utf8))
  exit(1)
}
