import ExecutableTestSupport
import Foundation
import Testing

import Platform

/// Text from outside (a typed path, a variable of the environment) that `primetime` prints is escaped by one
/// rule, `Echo`'s: ESC and DEL, and also the C1 controls (U+009B is a one-byte CSI) and the bidirectional and
/// format characters (U+202E reorders what follows, U+200B hides), which would otherwise reach the terminal raw.
@Suite("primetime: text from outside is printed escaped", .timeLimit(.minutes(5)))
struct PrimetimeEscapedOutputTests {
  let primetime = Executable("primetime")

  /// A path typed at the prompt: C1 control, right-to-left override, zero-width space, ESC.
  private let crafted = "x\u{9B}2Jy\u{202E}z\u{200B}\u{1B}.txt"

  /// The scalars of `text` the terminal would not show as themselves, line feeds apart.
  private func raw(_ text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { $0 != "\n" && !Echo.isShownAsItself($0) }
  }

  @Test func theLogOnStandardErrorShowsTypedTextEscaped() async throws {
    let home = try TemporaryHome()

    let run = try await primetime.run(["--sandbox", "--log", "-"], in: home, script: "export \(crafted)")

    // The sandbox refuses to write the file, and says so in the log too.
    #expect(run.status == 1)
    #expect(run.stderrText.contains("received action: AppAction.favoritePrimes(.exportTapped(path: "))
    #expect(raw(run.stderrText) == [])
    #expect(run.stderrText.contains("x\\u{9B}2Jy\\u{202E}z\\u{200B}\\u{1B}.txt"))
  }

  @Test func theLogFileHoldsTypedTextEscaped() async throws {
    let home = try TemporaryHome()

    let run = try await primetime.run(inside: home, ["--sandbox", "--log", "run.log"], script: "export \(crafted)")

    #expect(run.status == 1)
    let log = try String(contentsOf: home.url.appendingPathComponent("run.log"), encoding: .utf8)
    #expect(log.contains("exportTapped"))
    #expect(raw(log) == [])
  }
}
