import ExecutableTestSupport
import Testing

/// `counter-demo` asking Wolfram|Alpha when it can't be reached: the problem says so and how to go offline.
@Suite("counter-demo and an unreachable Wolfram|Alpha", .timeLimit(.minutes(5)))
struct CounterDemoWolframAlphaTests {
  @Test func anUnreachableServiceIsBlamedAndTheOfflineWayOffered() async throws {
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
        """,
      stderr: """
        counter-demo: line 2: Couldn't reach Wolfram|Alpha to ask for the 7th prime: check the network connection. \
        Or unset WOLFRAM_ALPHA_APPID to compute primes on this machine.
        """,
      status: 1
    )
  }
}
