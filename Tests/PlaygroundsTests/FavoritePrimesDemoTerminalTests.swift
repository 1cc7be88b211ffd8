import ExecutableTestSupport
import Foundation
import Testing

/// `favorite-primes-demo` at a terminal: the prompt is the front end's location, as in `primetime`.
@Suite("favorite-primes-demo in a terminal", .timeLimit(.minutes(5)))
struct FavoritePrimesDemoTerminalTests {
  @Test func thePromptCountsTheFavoritesAsTheyChange() async throws {
    let home = FileManager.default.temporaryDirectory
      .appendingPathComponent("favorite-primes-demo-terminal-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try PseudoTerminal(
      Executable("favorite-primes-demo"),
      arguments: ["--stored", "11"],
      environment: [
        "HOME": home.path, "XDG_STATE_HOME": home.appendingPathComponent("state").path, "TERM": "xterm",
        "NO_COLOR": "1",
      ]
    )
    try await terminal.waitFor("favorites (4)> ")
    try terminal.type("delete 1 2\r")
    try await terminal.waitFor("favorites (2)> ")
    try terminal.type("load\r")
    try await terminal.waitFor("1. 11")
    try await terminal.waitFor("favorites (1)> ")
    try terminal.type("\u{04}")
    #expect(try await terminal.waitForExit() == .exited(0))
  }
}
