import CommandLineInterface
import Platform
import Testing

/// `optionValue`: the rule every executable's valued flags follow.
@Suite(.timeLimit(.minutes(2)))
struct OptionValueTests {
  @Test func anAttachedValueIsTakenAsWrittenEvenWithADash() {
    var remaining = ["--sandbox"][...]
    let value = optionValue("--db", attached: "--x", remaining: &remaining, kind: .path, needs: "a file path", example: "p")
    #expect(value == .success("--x"))
    #expect(remaining == ["--sandbox"])
  }

  @Test func aNextArgumentThatLooksLikeAnOptionIsRefusedAndLeft() {
    var remaining = ["--sandbox"][...]
    let value = optionValue("--db", attached: nil, remaining: &remaining, kind: .path, needs: "a file path", example: "p")
    #expect(
      value
        == .failure(
          UsageError("'--db' needs a file path; '--sandbox' looks like an option: write '--db=./--sandbox' if that is the file")
        )
    )
    #expect(remaining == ["--sandbox"])
  }

  @Test func aNegativeNumberIsANumbersValueButNotAPaths() {
    var numbers = ["-1", "x"][...]
    #expect(optionValue("--delay", attached: nil, remaining: &numbers, kind: .number, needs: "seconds", example: "1") == .success("-1"))
    #expect(numbers == ["x"])
    var paths = ["-1"][...]
    #expect(
      optionValue("--log", attached: nil, remaining: &paths, kind: .path, needs: "a file path", example: "l")
        == .failure(UsageError("'--log' needs a file path; '-1' looks like an option: write '--log=./-1' if that is the file"))
    )
  }

  @Test func aMissingOrEmptyValueAsksForOne() {
    var none = [String]()[...]
    let missing = UsageError("'--db' needs a file path, like '--db p.sqlite3'")
    #expect(optionValue("--db", attached: nil, remaining: &none, kind: .path, needs: "a file path", example: "p.sqlite3") == .failure(missing))
    #expect(optionValue("--db", attached: "", remaining: &none, kind: .path, needs: "a file path", example: "p.sqlite3") == .failure(missing))
  }
}
