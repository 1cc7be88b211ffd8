import ExecutableTestSupport
import Foundation
@testable import NthPrimeLive
import Testing

/// The client's `fetch` through a helper process: stand-in helpers (shell scripts) answer as
/// `primetime-wolfram-alpha` would, so no test touches the network; a missing helper, or one that could not run,
/// is named.
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
      // Written through a descriptor closed on exec: a helper another test starts meanwhile (one sleeps for
      // seconds) would otherwise hold it open for writing, and this one could not be run (ETXTBSY).
      let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
      guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
      let bytes = Array("#!/bin/sh\n\(body)\n".utf8)
      let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      close(descriptor)
      guard written == bytes.count else { throw CocoaError(.fileWriteUnknown) }
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

  /// The app ID is in the helper's environment, which only this user can read, and on no command line, which
  /// every local user can (`/proc/PID/cmdline`).
  @Test func theAppIDReachesTheHelperInItsEnvironmentAndNotInItsArguments() async throws {
    let standIn = try StandInHelper(
      #"printf '%s|' "$WOLFRAM_ALPHA_APPID"; tr '\0' ' ' < /proc/$$/cmdline"#
    )
    let client = WolframAlphaClient(appID: "SECRET-APPID", timeout: .seconds(3600))
    let request = try #require(client.request(forPrime: 7))
    let body = String(decoding: try await standIn.helper.fetch(request), as: UTF8.self)
    #expect(body.hasPrefix("SECRET-APPID|"))
    #expect(
      body.dropFirst("SECRET-APPID|".count)
        == "/bin/sh \(standIn.helper.path) "
        + "https://api.wolframalpha.com/v2/query?input=prime%207&format=plaintext&output=JSON 3605.0 "
    )
  }

  @Test(arguments: [
    ("echo 'status 503'; exit 1", WolframAlphaError.errorStatus(503)),
    ("echo 'timed-out The request timed out.'; exit 1", .timedOut),
    ("echo 'unreachable Could not connect'; exit 1", .unreachable),
    ("echo 'something else'; exit 1", .unreachable),
    ("echo 'something else'; exit 3", .unreachable),
  ])
  func eachFailureTheHelperReportsIsTheClientsError(script: String, error: WolframAlphaError) async throws {
    let standIn = try StandInHelper(script)
    await #expect(throws: error) { try await standIn.helper.fetch(request) }
  }

  /// A helper that could not run is named with its exit status, not taken for the network: the system's loader
  /// exits 127 when the Swift libraries are missing, a shell 126 for a file it cannot execute, and a helper that
  /// exits without the one line it owes did not get as far as asking.
  @Test(arguments: [
    ("exit 127", 127),
    ("echo 'status 503'; exit 127", 127),
    ("exit 126", 126),
    ("exit 1", 1),
    ("exit 3", 3),
  ])
  func aHelperThatCouldNotRunIsNamedWithItsExitStatus(script: String, exitStatus: Int) async throws {
    let standIn = try StandInHelper(script)
    let expected = WolframAlphaError.clientCouldNotRun(path: standIn.helper.path, exitStatus: exitStatus)
    await #expect(throws: expected) { try await standIn.helper.fetch(request) }
    let client = WolframAlphaClient(appID: "TEST-ID", fetch: standIn.helper.fetch)
    #expect(try await client.answer(forPrime: 7) == .failure(expected))
  }

  /// A helper killed by a signal (a crash, the kernel's out-of-memory killer) is named with the signal.
  @Test func aHelperKilledByASignalIsNamedWithTheSignal() async throws {
    let standIn = try StandInHelper("kill -9 $$")
    await #expect(throws: WolframAlphaError.clientKilled(path: standIn.helper.path, signal: 9)) {
      try await standIn.helper.fetch(request)
    }
  }

  /// Both reach the notice as the client's failure, naming the helper.
  @Test func aHelperThatCouldNotRunIsTheCountersFailure() {
    #expect(
      WolframAlphaError.clientCouldNotRun(path: "/opt/primetime-wolfram-alpha", exitStatus: 127).counterFailure
        == .clientCouldNotRun(path: "/opt/primetime-wolfram-alpha", exitStatus: 127)
    )
    #expect(
      WolframAlphaError.clientKilled(path: "/opt/primetime-wolfram-alpha", signal: 11).counterFailure
        == .clientKilled(path: "/opt/primetime-wolfram-alpha", signal: 11)
    )
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

  /// A helper that started a process of its own, which holds its standard output open, does not make the
  /// client wait past its timeout: the helper's whole process group is killed.
  @Test func aHelpersOwnChildHoldingItsOutputIsKilledWithItAtTheTimeout() async throws {
    // No `exec`: the shell waits for `sleep`, which holds the output pipe too.
    let standIn = try StandInHelper("sleep 90; echo late")
    let client = WolframAlphaClient(appID: "TEST-ID", timeout: .seconds(1), fetch: standIn.helper.fetch)
    let start = ContinuousClock.now
    // At high priority, whose threads the rest of a full test run does not keep busy: the client's timeout
    // then fires on time.
    let answer = try await Task(priority: .high) { try await client.answer(forPrime: 7) }.value
    #expect(answer == .failure(.timedOut))
    #expect(ContinuousClock.now - start < .seconds(45), "the client waited for the helper's child")
  }

  /// A helper that is there but cannot be started (no execute permission) is named as one that could not run,
  /// with the status a shell gives it, 126, rather than blamed on the network.
  @Test func aHelperThatCannotBeStartedIsNamedAsOneThatCouldNotRun() async throws {
    let standIn = try StandInHelper("exit 0")
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: standIn.helper.path)
    await #expect(throws: WolframAlphaError.clientCouldNotRun(path: standIn.helper.path, exitStatus: 126)) {
      try await standIn.helper.fetch(request)
    }
  }

  /// The real helper adds the app ID from its environment to the query, escaped, and sends the request: seen
  /// by a server on this machine, without the network.
  @Test func theRealHelperSendsTheAppIDFromItsEnvironment() async throws {
    let server = try #require(OneRequestServer())
    async let requestLine = server.answerOneRequest(with: #"{"queryresult":{}}"#, waitingUpTo: 60)
    let run = try await Executable(WolframAlphaHelper.executableName).run(
      ["http://127.0.0.1:\(server.port)/v2/query?input=prime%207", "30"],
      environment: ["WOLFRAM_ALPHA_APPID": "A&B=C D", "http_proxy": "", "HTTP_PROXY": ""]
    )
    #expect(run.exited && run.status == 0)
    #expect(run.stdoutText == #"{"queryresult":{}}"#)
    #expect(await requestLine == "GET /v2/query?input=prime%207&appid=A%26B%3DC%20D HTTP/1.1")
  }

  /// Without an app ID in its environment the real helper refuses, in one line, before sending anything.
  @Test func theRealHelperRefusesToRunWithoutTheAppIDInItsEnvironment() async throws {
    let run = try await Executable(WolframAlphaHelper.executableName).run(
      ["https://api.wolframalpha.com/v2/query?input=prime%207", "10"],
      environment: ["WOLFRAM_ALPHA_APPID": ""]
    )
    expect(
      run,
      stdout: "",
      stderr: "primetime-wolfram-alpha: no AppID: set WOLFRAM_ALPHA_APPID in its environment, never on its command line",
      status: 64
    )
  }

  /// An app ID in the URL, where every local user could read it, is refused too.
  @Test func theRealHelperRefusesAnAppIDInItsArguments() async throws {
    let run = try await Executable(WolframAlphaHelper.executableName).run(
      ["https://api.wolframalpha.com/v2/query?input=prime%207&appid=X", "10"],
      environment: ["WOLFRAM_ALPHA_APPID": "X"]
    )
    expect(
      run,
      stdout: "",
      stderr: "primetime-wolfram-alpha: the URL carries an appid: pass the AppID in WOLFRAM_ALPHA_APPID instead",
      status: 64
    )
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
