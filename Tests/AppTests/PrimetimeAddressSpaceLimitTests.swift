import ExecutableTestSupport
import Testing

/// `primetime` under an address-space limit (`ulimit -v`): it runs, or says in one line that its threads do not
/// fit, and never hangs. Under about 50 MB it used to wait without end for a thread it could not start
/// (8 MiB of stack each), and not even SIGTERM ended it.
@Suite("primetime under ulimit -v", .timeLimit(.minutes(5)))
struct PrimetimeAddressSpaceLimitTests {
  let primetime = Executable("primetime")

  @Test func everyLimitEitherRunsOrIsRefusedInOneLine() async throws {
    var outcomes: [Int: AddressSpaceLimitOutcome] = [:]
    for kilobytes in stride(from: 20_000, through: 64_000, by: 4_000) {
      outcomes[kilobytes] = try await primetime.outcome(
        underAnAddressSpaceLimitOf: kilobytes, ["--sandbox"], input: "set 7\n",
        output: "- 7 +\nIs this prime?\nWhat is the 7th prime?\n")
    }
    #expect(outcomes.values.allSatisfy { if case .other = $0 { false } else { true } }, "\(outcomes)")
    // 56 MB is enough for the debug build and the release one alike, now that a thread reserves 1 MiB.
    #expect(outcomes[56_000] == .ran, "\(outcomes)")
    #expect(outcomes[64_000] == .ran, "\(outcomes)")
  }

  /// With a database too: its queue is one more thread.
  @Test func aDatabaseRunsUnderALimitThatUsedToHangIt() async throws {
    let home = try TemporaryHome()
    let outcome = try await primetime.outcome(
      underAnAddressSpaceLimitOf: 56_000, ["--db", home.url.appendingPathComponent("p.db").path],
      input: "set 7\nfav\nfavorites\n",
      output: "- 7 +\nIs this prime?\nWhat is the 7th prime?\n7 is prime 🎉\nRemove from favorite primes [unfav]\n1. 7\n")
    #expect(outcome == .ran)
  }
}
