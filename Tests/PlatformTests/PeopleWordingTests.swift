import Platform
import Testing

/// The C library's words for an error number, and the one escaping rule, as a line shows them to a person.
@Suite(.timeLimit(.minutes(2))) struct PeopleWordingTests {
  /// A reason stands mid-sentence (`can't open x: no such file or directory`): its first word in lower case,
  /// unless it is an abbreviation the system spells in capitals (`I/O error`).
  @Test func errorNumbersAreWordedInLowerCaseMidSentence() {
    #expect(describe(errno: ENOENT) == "no such file or directory")
    #expect(describe(errno: EACCES) == "permission denied")
    #expect(describe(errno: EMFILE) == "too many open files")
    #expect(describe(errno: EIO) == "input/output error")
    #expect(describe(errno: ENOTDIR) == "not a directory")
    #expect(describe(errno: 4242) == "unknown error 4242" || describe(errno: 4242) == "error 4242")
  }

  /// A zero-width joiner between two emoji is part of the one picture they make (a family), not a character
  /// that hides text: it is shown as itself there, and escaped anywhere else.
  @Test func countsHaveTheirThousandsGroupedByCommas() {
    #expect(grouped(0) == "0")
    #expect(grouped(999) == "999")
    #expect(grouped(1_000) == "1,000")
    #expect(grouped(1_000_000) == "1,000,000")
    #expect(grouped(-12_345) == "-12,345")
    #expect(grouped(Int.min) == "-9,223,372,036,854,775,808")
  }

  @Test func aJoinerInsideAnEmojiIsShownAsItself() {
    #expect(Echo.escaped("👨‍👩‍👧 and 🏳️‍🌈") == "👨‍👩‍👧 and 🏳️‍🌈")
    #expect(Echo.escaped("a\u{200D}b") == "a\\u{200D}b")
    #expect(Echo.escaped("👨\u{200D}") == "👨\\u{200D}")
    #expect(Echo.escaped("\u{200D}👩") == "\\u{200D}👩")
  }
}
