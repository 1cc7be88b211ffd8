import ExecutableTestSupport
import Foundation
@testable import NthPrimeLive
import Testing

/// The client's `fetch` through a helper process: stand-in helpers (shell scripts) answer as
/// `primetime-wolfram-alpha` would, so no test touches the network; a missing helper is named.
@Suite(.timeLimit(.minutes(2)))
struct WolframAlphaHelperTests {
  let request = WolframAlphaRequest(
    url: URL(string: "https://api.wolframalpha.com/v2/query?input=prime%207") ?? URL(fileURLWithPath: "/"),
    timeout: .seconds(15)
  )

  /// A directory of its own holding an executable shell script `helper` with `body`; removed when released.
  final class StandInHelper: Sendable {
    let directory: URL
    var helper: WolframAlphaHelper { WolframAlphaHelper(path: directory.appendingPathComponent("helper").path) }

    init(_ body: String) throws {
      directory = FileManager.default.temporaryDirectory.appendingPathComponent("helper-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let path = directory.appendingPathComponent("helper").path
      try Data("#!/bin/sh\n\(body)\n".utf8).write(to: URL(fileURLWithPath: path))
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }
  }

  @Test func aMissingHelperIsNamed() async throws {
    let helper = WolframAlphaHelper(path: "/nonexistent/primetime-wolfram-alpha")
    await #expect(throws: WolframAlphaError.clientMissing(path: "/nonexistent/primetime-wolfram-alpha")) {
      try await helper.fetch(request)
    }
    let client = WolframAlphaClient(appID: "TEST-ID", fetch: helper.fetch)
    #expect(try await client.answer(forPrime: 7) == .failure(.clientMissing(path: "/nonexistent/primetime-wolfram-alpha")))
  }

  @Test func theHelperGetsTheURLAndTheTimeoutAndItsOutputIsTheBody() async throws {
    let standIn = try StandInHelper(#"printf '%s|%s' "$1" "$2""#)
    let body = try await standIn.helper.fetch(request)
    #expect(String(decoding: body, as: UTF8.self) == "https://api.wolframalpha.com/v2/query?input=prime%207|15.0")
  }

  @Test(arguments: [
    ("echo 'status 503'; exit 1", WolframAlphaError.errorStatus(503)),
    ("echo 'timed-out The request timed out.'; exit 1", .timedOut),
    ("echo 'unreachable Could not connect'; exit 1", .unreachable),
    ("echo 'something else'; exit 1", .unreachable),
    ("exit 3", .unreachable),
    ("kill -9 $$", .unreachable),
  ])
  func eachFailureTheHelperReportsIsTheClientsError(script: String, error: WolframAlphaError) async throws {
    let standIn = try StandInHelper(script)
    await #expect(throws: error) { try await standIn.helper.fetch(request) }
  }

  /// The client's timeout cancels the fetch, which kills the helper and reaps it.
  @Test func aSilentHelperIsKilledWhenTheClientGivesUp() async throws {
    let standIn = try StandInHelper("echo $$ > \"$(dirname \"$0\")/pid\"; exec sleep 3600")
    let client = WolframAlphaClient(appID: "TEST-ID", timeout: .seconds(2), fetch: standIn.helper.fetch)
    #expect(try await client.answer(forPrime: 7) == .failure(.timedOut))
    let pidText = try String(contentsOf: standIn.directory.appendingPathComponent("pid"), encoding: .utf8)
    let pid = try #require(Int32(pidText.trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(kill(pid, 0) == -1 && errno == ESRCH, "the helper \(pid) still runs")
  }

  /// The real helper, built beside this test binary, says how to call it.
  @Test func theRealHelperPrintsItsUsage() async throws {
    let run = try await Executable(WolframAlphaHelper.executableName).run(["--help"])
    #expect(run.status == 0)
    #expect(run.stdoutText == "usage: primetime-wolfram-alpha URL SECONDS\n")
    let wrong = try await Executable(WolframAlphaHelper.executableName).run([])
    #expect(wrong.status == 64)
  }
}
