import ExecutableTestSupport
import Foundation
import Testing

/// `primetime` asking Wolfram|Alpha when it can't be reached: every `nth` still answers, computed on this
/// machine, with one line naming the service, what failed and the variable to unset; the run succeeds.
@Suite("primetime and an unreachable Wolfram|Alpha", .timeLimit(.minutes(2)))
struct PrimetimeWolframAlphaFallbackTests {
  let primetime = Executable("primetime")

  @Test func eachAnswerComputedHereSaysOnceWhyThenTheScreenShowsTheAnswerAlone() async throws {
    let home = try TemporaryHome()
    // A proxy on the discard port of this machine, where nothing listens: every request is refused at once,
    // with or without a network.
    let run = try await primetime.run(
      ["--sandbox"],
      in: home,
      environment: [
        "WOLFRAM_ALPHA_APPID": "TEST-ID", "https_proxy": "http://127.0.0.1:9", "HTTPS_PROXY": "http://127.0.0.1:9",
        "no_proxy": "", "NO_PROXY": "",
      ],
      script: "nth 7\nok\nnth 12"
    )
    let notice = { (nth: String) in
      "Wolfram|Alpha did not answer (could not reach it: check the network connection); computed the \(nth) prime "
        + "on this machine instead. Unset WOLFRAM_ALPHA_APPID to always compute here."
    }
    expect(
      run,
      stdout: """
        The 7th prime is 17
        \(notice("7th"))
        - 7 +
        Is this prime?
        What is the 7th prime?
        The 12th prime is 37
        \(notice("12th"))
        """
    )
  }
}

/// `primetime` whose Wolfram|Alpha helper is installed beside it but cannot run (a dynamically linked helper
/// whose libraries are missing exits 127): the line names the helper and its exit status, not the network.
@Suite("primetime and a Wolfram|Alpha helper that cannot run", .timeLimit(.minutes(2)))
struct PrimetimeWolframAlphaHelperFailureTests {
  @Test func aHelperThatCannotRunIsNamedWithItsExitStatus() async throws {
    let home = try TemporaryHome()
    let standIn = try await runPrimetime(in: home, helper: "exit 127", appID: "TEST-ID", input: "nth 5\n")
    expect(
      standIn.run,
      stdout: """
        The 5th prime is 11
        Wolfram|Alpha was not asked: its client \(standIn.helper) could not run (exit status 127); computed the 5th prime \
        on this machine instead. Unset WOLFRAM_ALPHA_APPID to always compute here.
        """
    )
  }
}

/// `primetime` whose Wolfram|Alpha helper answers a number that is not the nth prime: the number is not shown,
/// the prime is computed here, and one line says why; the run succeeds.
@Suite("primetime and a wrong answer from Wolfram|Alpha", .timeLimit(.minutes(2)))
struct PrimetimeWolframAlphaWrongAnswerTests {
  @Test func anAnswerThatIsNotTheNthPrimeIsReplacedByTheOfflineAnswerWithALineSayingWhy() async throws {
    let home = try TemporaryHome()
    let answer = #"{"queryresult":{"success":true,"pods":[{"primary":true,"subpods":[{"plaintext":"18"}]}]}}"#
    let standIn = try await runPrimetime(
      in: home, helper: "printf '%s' '\(answer)'", appID: "TEST-ID", input: "nth 7\n"
    )
    expect(
      standIn.run,
      stdout: """
        The 7th prime is 17
        Wolfram|Alpha answered 18, which is not the 7th prime; computed the 7th prime on this machine instead. \
        Unset WOLFRAM_ALPHA_APPID to always compute here.
        """
    )
  }
}

/// `primetime` asking Wolfram|Alpha keeps the AppID off every command line, which any local user can read
/// (`/proc/PID/cmdline`): the helper gets it in its environment, which only this user can read.
@Suite("primetime and the Wolfram|Alpha AppID", .timeLimit(.minutes(2)))
struct PrimetimeWolframAlphaAppIDTests {
  @Test func theAppIDIsInTheHelpersEnvironmentAndNotOnItsCommandLine() async throws {
    let home = try TemporaryHome()
    let secret = "SECRET-\(UUID().uuidString)"
    // The stand-in keeps its arguments, its command line as other users see it, and the AppID it was given,
    // then answers as Wolfram|Alpha does.
    let answer = #"{"queryresult":{"success":true,"pods":[{"primary":true,"subpods":[{"plaintext":"17"}]}]}}"#
    let script = #"""
      here=$(dirname "$0")
      printf '%s\n' "$@" > "$here/arguments"
      tr '\0' ' ' < /proc/$$/cmdline > "$here/cmdline"
      printf '%s' "$WOLFRAM_ALPHA_APPID" > "$here/appid"
      """# + "\nprintf '%s' '\(answer)'"
    let standIn = try await runPrimetime(in: home, helper: script, appID: secret, input: "nth 7\n")
    expect(standIn.run, stdout: "The 7th prime is 17")
    let kept = { (name: String) in
      try String(contentsOf: standIn.directory.appendingPathComponent(name), encoding: .utf8)
    }
    let url = "https://api.wolframalpha.com/v2/query?input=prime%207&format=plaintext&output=JSON"
    #expect(try kept("arguments") == "\(url)\n15.0\n")
    #expect(try kept("cmdline") == "/bin/sh \(standIn.helper) \(url) 15.0 ")
    #expect(try !kept("cmdline").contains(secret))
    #expect(try kept("appid") == secret)
  }
}

/// Runs a copy of `primetime` in `home` with WOLFRAM_ALPHA_APPID set to `appID`, a shell script of `helper`
/// beside it in place of `primetime-wolfram-alpha`, and `input` on standard input; returns the run, the copy's
/// directory and the helper's path.
private func runPrimetime(
  in home: TemporaryHome,
  helper script: String,
  appID: String,
  input: String
) async throws -> (run: ExecutableRun, directory: URL, helper: String) {
  let directory = home.url.appendingPathComponent("bin")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
  let copy = directory.appendingPathComponent("primetime").path
  let helper = directory.appendingPathComponent("primetime-wolfram-alpha").path
  try writeExecutable(Data("#!/bin/sh\n\(script)\n".utf8), to: helper)

  // The copy runs in place of the binary the launcher is given. `cp` makes it, so that only `cp` ever holds
  // it open for writing: a copy written by this test process could still be open in a child another test
  // was just starting, and the exec then failed with "Text file busy".
  let run = try await Executable("primetime").run(
    ["--sandbox"],
    input: input,
    environment: home.environment.merging(["WOLFRAM_ALPHA_APPID": appID]) { _, given in given },
    launcher: ["/bin/sh", "-c", "cp \"$1\" \"$0\" && shift && exec \"$0\" \"$@\"", copy],
    sessionReplay: .skipped(because: "the recording would name the copy, which is gone when it is replayed")
  )
  return (run, directory, helper)
}

/// Writes `bytes` to a new executable file at `path`, through a descriptor closed on exec, so a program another
/// test starts holds it open for writing only until its own exec. Only for a helper primetime starts: its
/// `spawn` tries again while the file is busy (ETXTBSY), which a shell's `exec` does not.
private func writeExecutable(_ bytes: Data, to path: String) throws {
  let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
  guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
  defer { close(descriptor) }
  var offset = 0
  while offset < bytes.count {
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress.map { $0 + offset }, $0.count - offset) }
    guard written > 0 else { throw CocoaError(.fileWriteUnknown) }
    offset += written
  }
}
