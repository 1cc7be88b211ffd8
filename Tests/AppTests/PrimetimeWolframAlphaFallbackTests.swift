import ExecutableTestSupport
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
