import Platform

import Foundation
#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// primetime-wolfram-alpha URL SECONDS: one HTTPS GET with URLSession, for NthPrimeLive's Wolfram|Alpha client
// (WolframAlphaHelper), so that primetime and counter-demo link no network stack (FoundationNetworking, libcurl
// and its TLS chain) and pay for it only when WOLFRAM_ALPHA_APPID is set.
//
// Standard output: the body of a 2xx response, status 0; otherwise one line, status 1:
//   `unreachable DETAIL` (no response), `timed-out DETAIL` (no answer within SECONDS) or `status CODE`
//   (an HTTP status outside 200-299). A wrong command line: usage on standard error, status 64.
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
guard arguments.count == 2, let url = URL(string: arguments[0]), let seconds = Double(arguments[1]), seconds > 0
else {
  FileHandle.standardError.write(Data((usage + "\n").utf8))
  exit(64)
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
