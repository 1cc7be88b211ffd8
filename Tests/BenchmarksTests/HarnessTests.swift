import CommandLineInterface
import Testing

@testable import benchmarks

/// In-process tests of the harness's pure parts: argument parsing, statistics and formatting.
@Suite("harness", .timeLimit(.minutes(5)))
struct HarnessTests {
  /// The command line as `benchmarks` declares it, listing no benchmarks.
  private func parse(_ arguments: [String]) -> Result<CommandLineRequest<Options>, UsageError> {
    Options.interface(benchmarkNames: []).parse(arguments, initial: Options())
  }

  @Test func optionsParseFlagsAndOneFilterInAnyOrder() {
    #expect(parse(["store", "--json", "--quick"]) == .success(.run(Options(json: true, quick: true, filter: "store"))))
    #expect(parse([]) == .success(.run(Options())))
  }

  @Test func helpWinsEvenAfterOtherArguments() {
    #expect(parse(["--json", "-h"]) == .success(.help))
    #expect(parse(["--help", "--bogus"]) == .success(.help))
  }

  @Test func unknownOptionAndSecondFilterAreUsageErrors() {
    #expect(parse(["--bogus"]) == .failure(UsageError("unknown option '--bogus'")))
    #expect(parse(["one", "two"]) == .failure(UsageError("only one FILTER is taken; got 2 arguments")))
  }

  @Test func iterationsOptionTakesAPositiveCountAttachedOrNext() {
    #expect(parse(["--iterations=1000", "store"]) == .success(.run(Options(filter: "store", iterations: 1000))))
    #expect(parse(["--iterations", "1000", "store"]) == .success(.run(Options(filter: "store", iterations: 1000))))
    for bad in [["--iterations=0"], ["--iterations=-3"], ["--iterations", "-3"], ["--iterations=x"], ["--iterations="]] {
      guard case .failure = parse(bad) else {
        Issue.record("\(bad) was accepted")
        continue
      }
    }
  }

  @Test func theHelpListsEveryBenchmarkAndTheExitStatuses() {
    let help = Options.interface(benchmarkNames: ["store.send.depth3", "deps.nested4"]).help
    #expect(help.hasPrefix("USAGE: benchmarks [--json] [--quick] [--iterations N] [FILTER]\n"))
    #expect(help.contains("\nBENCHMARKS:\n  store.send.depth3\n  deps.nested4\n"))
    #expect(help.hasSuffix("\nEXIT STATUS:\n  0 on success, 1 if FILTER matches no benchmark, 64 on a command-line error."))
  }

  @Test func medianIsTheMiddleValueOrTheMeanOfTheTwoMiddleOnes() {
    #expect(Measurement.median(of: [3, 1, 2]) == 2)
    #expect(Measurement.median(of: [4, 1, 3, 2]) == 2.5)
    #expect(Measurement.median(of: []) == 0)
  }

  @Test func fixedFormatsWithExactlyTheRequestedDecimals() {
    #expect(Report.fixed(1234.5678, decimals: 2) == "1234.57")
    #expect(Report.fixed(0.005, decimals: 3) == "0.005")
    #expect(Report.fixed(2, decimals: 0) == "2")
    #expect(Report.fixed(-1.5, decimals: 1) == "-1.5")
  }

  @Test func jsonStringsAreQuotedAndEscaped() {
    #expect(Report.jsonString("a\"b\\c\n\u{1}") == #""a\"b\\c\n\u0001""#)
  }
}
