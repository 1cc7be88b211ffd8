import ExecutableTestSupport
import Testing

/// `counter-demo` asking Wolfram|Alpha when it can't be reached: the prime is computed on this machine instead,
/// and one line names the service, what failed and the variable to unset.
@Suite("counter-demo and an unreachable Wolfram|Alpha", .timeLimit(.minutes(5)))
struct CounterDemoWolframAlphaTests {
  @Test func anUnreachableServiceIsNamedAndThePrimeComputedHereInstead() async throws {
    // A proxy on the discard port of this machine, where nothing listens: every request is refused at once,
    // with or without a network.
    let run = try await Executable("counter-demo").run(
      [],
      input: "set 7\nnth\n",
      environment: [
        "WOLFRAM_ALPHA_APPID": "TEST-ID", "https_proxy": "http://127.0.0.1:9", "HTTPS_PROXY": "http://127.0.0.1:9",
        "no_proxy": "", "NO_PROXY": "",
      ],
      timeout: .seconds(30)
    )
    expect(
      run,
      stdout: """
        - 7 +
        Is this prime?
        What is the 7th prime?
        The 7th prime is 17
        Wolfram|Alpha did not answer (could not reach it: check the network connection); computed the 7th prime \
        on this machine instead. Unset WOLFRAM_ALPHA_APPID to always compute here.
        """
    )
  }

  /// A proxy that accepts the connection and never answers: after the client's 10-second timeout the prime is
  /// computed here, and the line says Wolfram|Alpha gave no answer in time.
  @Test func aServiceThatNeverAnswersIsNamedAfterTheTimeoutAndThePrimeComputedHere() async throws {
    let listener = try #require(SilentListener())
    let proxy = "http://127.0.0.1:\(listener.port)"
    let run = try await Executable("counter-demo").run(
      ["--delay", "0"],
      input: "nth 7\n",
      environment: [
        "WOLFRAM_ALPHA_APPID": "TEST-ID", "https_proxy": proxy, "HTTPS_PROXY": proxy, "no_proxy": "", "NO_PROXY": "",
      ],
      timeout: .seconds(60)
    )
    withExtendedLifetime(listener) {}
    expect(
      run,
      stdout: """
        The 7th prime is 17
        Wolfram|Alpha did not answer (no answer in time); computed the 7th prime on this machine instead. \
        Unset WOLFRAM_ALPHA_APPID to always compute here.
        """
    )
  }
}
