import Platform
import Testing

/// `DecimalNumber`: the one rule for decimal numbers, on command lines and in commands.
@Suite(.timeLimit(.minutes(2)))
struct DecimalNumberTests {
  @Test(arguments: [("0.5", 0.5), ("-3", -3), ("+12.25", 12.25), ("0", 0)])
  func decimalNumbersAreRead(word: String, value: Double) {
    #expect(DecimalNumber(word)?.value == value)
  }

  @Test(arguments: ["1e3", "0x10", "inf", "nan", "1_000", " 1", ".5", "5.", "1.2.3", "", "+", "-", "١"])
  func anythingElseIsNotADecimalNumber(word: String) {
    #expect(DecimalNumber(word) == nil)
  }
}
