import ExecutableTestSupport
import Foundation
import Testing

/// Issue 30's smaller findings, end to end: `--help` escapes the home it shows, a /proc file is named for what it
/// is, and refusals share one wording. (A recording that stops saying so as `primetime:` is pinned by
/// PrimetimeRecordReplayTests.)
@Suite("primetime: smaller reliability findings", .timeLimit(.minutes(5)))
struct PrimetimeSmallerReliabilityTests {
  let primetime = Executable("primetime")

  /// `--help` shows the default database under `$HOME` or `$XDG_DATA_HOME`: escaped, as the banner shows it.
  @Test(arguments: ["HOME", "XDG_DATA_HOME"])
  func helpShowsTheDefaultPathEscaped(variable: String) async throws {
    let crafted = "/tmp/a\nb\u{1B}[31mc\u{9B}d\u{202E}e"

    let run = try await primetime.run(
      ["--help"],
      environment: ["HOME": "/tmp", "XDG_DATA_HOME": ""].merging([variable: crafted]) { _, crafted in crafted })

    #expect(run.status == 0)
    #expect(!run.stdoutText.unicodeScalars.contains { "\u{1B}\u{9B}\u{202E}".unicodeScalars.contains($0) })
    #expect(run.stdoutText.contains("/tmp/a\\u{A}b\\u{1B}[31mc\\u{9B}d\\u{202E}e"))
  }

  /// A file of /proc says it is empty and is not: named for what it is, not as a file that changed.
  @Test func importingAProcFileSaysWhatItIs() async throws {
    let home = try TemporaryHome()

    let run = try await primetime.run(in: home, script: "import /proc/self/environ")

    #expect(
      run.stderrLines == [
        "primetime: line 1: Couldn't import favorite primes: /proc/self/environ says it is empty but is not (a file "
          + "the system makes as it is read, as under /proc); nothing was imported from it. The list is unchanged."
      ]
    )
  }

  /// "left as it is", one wording for every refusal that leaves a file alone.
  @Test func anExportOverADirectoryIsLeftAsItIs() async throws {
    let home = try TemporaryHome()
    try FileManager.default.createDirectory(
      at: home.url.appendingPathComponent("dir"), withIntermediateDirectories: false)

    let run = try await primetime.run(inside: home, ["--db", "x.db"], script: "export dir")

    #expect(
      run.stderrLines == [
        "primetime: line 1: Couldn't export the favorite primes: dir is a directory, not a previous export, so it "
          + "was left as it is."
      ]
    )
  }
}
