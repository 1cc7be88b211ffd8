import ExecutableTestSupport
import Foundation
import Testing

/// A log and an export never share a file: `export` replaces a previous export, so a log written into one
/// would be replaced by the next export, and every entry lost.
@Suite("primetime --log on an export", .timeLimit(.minutes(5)))
struct PrimetimeLogExportTests {
  let primetime = Executable("primetime")

  @Test func anExportIsRefusedAsTheLogAndLeftByteIdentical() async throws {
    let home = try TemporaryHome()
    let export = home.url.appendingPathComponent("ex.txt")
    let text = "# PrimeTime favorite primes\n7\n"
    try Data(text.utf8).write(to: export)
    let run = try await primetime.run(inside: home, ["--sandbox", "--log", "ex.txt"], script: "set 7")
    expect(
      run,
      stdout: "",
      stderr: "primetime: the log file ex.txt is an export of favorite primes, which the next 'export' to it "
        + "would replace; choose another path for '--log'.",
      status: 1
    )
    #expect(try String(contentsOf: export, encoding: .utf8) == text)
  }

  /// A recording a log were appended to would no longer replay.
  @Test func aRecordingIsRefusedAsTheLogAndLeftByteIdentical() async throws {
    let home = try TemporaryHome()
    let made = try await primetime.run(inside: home, ["--sandbox", "--record", "run.jsonl"], script: "+")
    #expect(made.status == 0)
    let recording = try Data(contentsOf: home.url.appendingPathComponent("run.jsonl"))

    let run = try await primetime.run(inside: home, ["--sandbox", "--log", "run.jsonl"], script: "set 7")

    expect(
      run,
      stdout: "",
      stderr: "primetime: the log file run.jsonl is a recording made with --record, which a log appended to it "
        + "would make unreadable for 'primetime replay'; choose another path for '--log'.",
      status: 1
    )
    #expect(try Data(contentsOf: home.url.appendingPathComponent("run.jsonl")) == recording)
  }
}
