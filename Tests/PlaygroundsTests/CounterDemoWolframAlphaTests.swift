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
}
