import ExecutableTestSupport
import Foundation
import Testing

/// Every demo at a terminal treats a SIGINT sent from outside (`kill -INT`) while it waits at the prompt as
/// Ctrl-C typed there, as `primetime` does: `^C`, the line typed so far dropped, the prompt again, the session
/// going on. Before, the demos without a Ctrl-C action of their own (the prime modal's, the favourites') ended.
@Suite("the demos and a SIGINT at the prompt", .timeLimit(.minutes(5)))
struct DemoInterruptTests {
  @Test(arguments: [
    ("counter-demo", "count 0> "), ("prime-modal-demo", "count 7 · is it prime?> "),
    ("favorite-primes-demo", "favorites (4)> "),
  ])
  func aSigintAtThePromptActsAsCtrlC(demo: String, prompt: String) async throws {
    let home = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try PseudoTerminal(
      Executable(demo),
      environment: [
        "HOME": home.path, "XDG_STATE_HOME": home.appendingPathComponent("state").path, "TERM": "xterm",
        "NO_COLOR": "1",
      ]
    )
    try await terminal.waitFor(prompt)
    try terminal.type("hel")
    try await terminal.waitFor("hel")

    terminal.send(signal: SIGINT)

    try await terminal.waitFor("^C")
    try await terminal.waitFor(prompt)
    try terminal.type("\u{04}")
    #expect(try await terminal.waitForExit() == .exited(0))
  }
}
