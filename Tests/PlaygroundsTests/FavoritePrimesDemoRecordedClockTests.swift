import ExecutableTestSupport
import Foundation
import Testing

/// `favorite-primes-demo --record FILE` dates its saves by a fixed clock stepping one second per save, from
/// 2026-11-21 12:00:00 UTC, as `primetime --sandbox --record` does: two runs of one script record the same bytes.
@Suite("favorite-primes-demo's recorded clock", .timeLimit(.minutes(5)))
struct FavoritePrimesDemoRecordedClockTests {
  @Test func twoRecordedRunsOfOneScriptAreByteIdentical() async throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let demo = Executable("favorite-primes-demo")
    var recordings: [Data] = []
    for name in ["a.jsonl", "b.jsonl"] {
      let path = directory.appendingPathComponent(name).path
      let run = try await demo.run(["--record", path], script: "delete 1\nsave\ndelete 2\nsave\nload")
      #expect(run.status == 0, "\(run.stderrText)")
      recordings.append(try Data(contentsOf: URL(fileURLWithPath: path)))
      // Apart in time, as two runs of a script are.
      try await Task.sleep(for: .milliseconds(1100))
    }
    #expect(recordings[0] == recordings[1])
    let text = String(decoding: recordings[0], as: UTF8.self)
    #expect(text.contains(#""timestamp":1795262400,"#) && text.contains(#""timestamp":1795262401,"#))
  }
}
