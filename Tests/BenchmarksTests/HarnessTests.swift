import Testing

@testable import benchmarks

/// In-process tests of the harness's pure parts: argument parsing, statistics and formatting.
@Suite("harness", .timeLimit(.minutes(5)))
struct HarnessTests {
  @Test func optionsParseFlagsAndOneFilterInAnyOrder() throws {
    #expect(try Options.parse(["store", "--json", "--quick"]) == .run(Options(json: true, quick: true, filter: "store")))
    #expect(try Options.parse([]) == .run(Options()))
  }

  @Test func helpWinsEvenAfterOtherArguments() throws {
    #expect(try Options.parse(["--json", "-h"]) == .help)
    #expect(try Options.parse(["--help", "--bogus"]) == .help)
  }

  @Test func unknownOptionAndSecondFilterAreUsageErrors() {
    #expect(throws: Options.UsageError.self) { try Options.parse(["--bogus"]) }
    #expect(throws: Options.UsageError.self) { try Options.parse(["one", "two"]) }
  }

  @Test func iterationsOptionTakesAPositiveCount() throws {
    #expect(try Options.parse(["--iterations=1000", "store"]) == .run(Options(filter: "store", iterations: 1000)))
    for bad in ["--iterations=0", "--iterations=-3", "--iterations=x", "--iterations="] {
      #expect(throws: Options.UsageError.self, "\(bad) was accepted") { try Options.parse([bad]) }
    }
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
