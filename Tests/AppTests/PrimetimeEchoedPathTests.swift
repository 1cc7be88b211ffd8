import ExecutableTestSupport
import Foundation
import Testing

/// End-to-end: file names echoed in messages show their control and format characters escaped.
@Suite("primetime echoed paths", .timeLimit(.minutes(5)))
struct PrimetimeEchoedPathTests {
  let primetime = Executable("primetime")

  /// A file name with an escape sequence, a control character or a bidirectional override is echoed with
  /// them spelled out: no ESC, no U+202E reaches the terminal.
  @Test func fileNamesAreEchoedWithTheirControlCharactersEscaped() async throws {
    let home = try TemporaryHome()
    let run = try await primetime.run(
      inside: home, ["--db", "p.sqlite3"],
      script: "set 7\nfav\nbackup x\u{1B}[31mred.db\nbackup x\u{1B}[31mred.db\nexport e\u{01}\u{202E}t.txt")
    #expect(run.status == 1)
    #expect(
      run.stdoutText.hasSuffix(
        "Backed up the favorite primes and their activity to x\\u{1B}[31mred.db.\n"
          + "Exported 1 favorite prime to e\\u{1}\\u{202E}t.txt.\n"),
      "\(run.stdoutText)")
    #expect(
      run.stderrText
        == "primetime: line 4: Couldn't back up the favorite primes: x\\u{1B}[31mred.db already exists; a backup "
        + "never replaces a file, so name a new one.\n")
    for text in [run.stdoutText, run.stderrText] {
      #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{01}" || $0 == "\u{202E}" })
    }
    #expect(FileManager.default.fileExists(atPath: home.url.appendingPathComponent("x\u{1B}[31mred.db").path))
  }
}
