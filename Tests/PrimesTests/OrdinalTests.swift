import Primes
import Testing

/// `ordinal` spells English ordinals the same way on every machine (§6 of the reference).
@Suite(.timeLimit(.minutes(2)))
struct OrdinalTests {
  /// The English results §6 of the reference lists, from the original's `NumberFormatter`.
  @Test(
    arguments: [
      (1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (5, "5th"), (6, "6th"), (7, "7th"), (8, "8th"), (9, "9th"),
      (10, "10th"), (11, "11th"), (12, "12th"), (13, "13th"), (21, "21st"), (22, "22nd"), (23, "23rd"),
      (101, "101st"), (111, "111th"), (112, "112th"), (113, "113th"), (0, "0th"), (-1, "-1st"),
    ]
  )
  func matchesTheReferenceList(_ n: Int, _ expected: String) {
    #expect(ordinal(n) == expected)
  }

  @Test(
    arguments: [
      (14, "14th"), (20, "20th"), (24, "24th"), (100, "100th"), (102, "102nd"), (103, "103rd"), (114, "114th"),
      (211, "211th"), (1001, "1001st"), (1011, "1011th"), (10_002, "10002nd"), (1_000_013, "1000013th"),
    ]
  )
  func teensOfEveryHundredTakeTh(_ n: Int, _ expected: String) {
    #expect(ordinal(n) == expected)
  }

  @Test(
    arguments: [
      (-2, "-2nd"), (-3, "-3rd"), (-4, "-4th"), (-11, "-11th"), (-12, "-12th"), (-13, "-13th"), (-21, "-21st"),
      (-22, "-22nd"), (-111, "-111th"), (-5, "-5th"),
    ]
  )
  func negativeNumbersKeepTheMinusSignAndTheRuleOfTheirMagnitude(_ n: Int, _ expected: String) {
    #expect(ordinal(n) == expected)
  }

  /// The suffix alone, for a screen that has the digits already (the counter's question).
  @Test(arguments: [(1, "st"), (2, "nd"), (3, "rd"), (7, "th"), (11, "th"), (13, "th"), (22, "nd"), (-21, "st")])
  func theSuffixAloneIsWhatFollowsTheDigits(_ n: Int, _ expected: String) {
    #expect(ordinalSuffix(n) == expected)
  }

  @Test func theEndsOfIntAreSpelledWithoutTrapping() {
    #expect(ordinal(Int.max) == "9223372036854775807th")
    #expect(ordinal(Int.min) == "-9223372036854775808th")
    #expect(ordinal(Int.min + 1) == "-9223372036854775807th")
    #expect(ordinal(Int.max - 6) == "9223372036854775801st")
  }
}
