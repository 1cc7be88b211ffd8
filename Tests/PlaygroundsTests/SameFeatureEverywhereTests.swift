import ExecutableTestSupport
import Foundation
import Testing

/// Issue 14 item 4: a feature behaves the same in its demo and in `primetime`. One script is typed into each,
/// at a terminal so the prompts show, and what the screens end up showing is compared line by line.
///
/// What is normalised, and nothing else: the screens are compared as a terminal finally shows them
/// (``Screen``), so the line editor's redraws while a line is typed and the progress line that comes and goes
/// during `nth` leave only their end result; everything before the first prompt (the banner, which names the
/// program) is dropped; and an error line's leading `counter-demo: ` or `prime-modal-demo: ` reads
/// `primetime: `.
@Suite("the same feature in its demo and in primetime", .timeLimit(.minutes(5)))
struct SameFeatureEverywhereTests {
  /// The script of counter commands.
  static let counterScript = [
    "set 7", "nth", "+", "prime", "fav", "ok", "unfav", "ok", "ok", "nth 5", "prime 97", "-",
  ]

  @Test func counterDemoAndPrimetimeShowTheSameForTheCounterScript() async throws {
    let demo = try await screen(of: "counter-demo", arguments: ["--delay", "0"], typing: Self.counterScript)
    let app = try await screen(of: "primetime", arguments: ["--sandbox"], typing: Self.counterScript)

    #expect(demo.count > Self.counterScript.count)
    #expect(demo == app, "\(Self.difference(demo, app))")
    // The comparison covers the prompts: the modal's and the answer's are there.
    #expect(demo.contains("count 7 · 7th prime> +"))
    #expect(demo.contains("count 8 · is it prime?> ok"))
    // The last prompt, at which Ctrl-D ended the session (the screen's lines lose their trailing spaces).
    // '-' reached the counter behind the modal 'prime 97' opened, closing it.
    #expect(demo.last == "count 96>")
  }

  /// The modal's buttons on the same count: prime-modal-demo starts with the modal open about 7; primetime is
  /// brought there with `set 7` and `prime`, whose lines are then left out.
  @Test(arguments: [7, 8])
  func primeModalDemoAndPrimetimeShowTheSameForTheModalsButtons(count: Int) async throws {
    let buttons = ["prime", "fav", "unfav", "unfav", "fav", "fav", "prime"]
    let demo = try await screen(of: "prime-modal-demo", arguments: ["\(count)"], typing: buttons)
    let app = try await screen(of: "primetime", arguments: ["--sandbox"], typing: ["set \(count)"] + buttons)

    // From the prompt the first `prime` left, where `fav` was typed: in the demo the line after `prime`'s
    // output, in primetime the line after `set`'s output and `prime`'s.
    let demoRest = Array(demo.drop { !$0.hasSuffix("> fav") })
    let appRest = Array(app.drop { !$0.hasSuffix("> fav") })
    #expect(appRest.first == "count \(count) · is it prime?> fav")
    #expect(demoRest == appRest, "\(Self.difference(demoRest, appRest))")
  }

  /// Runs `name` with `arguments` in a fresh terminal, types each line of `script` once the prompt before it
  /// shows, ends with Ctrl-D, and returns the screen from the first prompt on, normalised as the suite says.
  private func screen(of name: String, arguments: [String], typing script: [String]) async throws -> [String] {
    let home = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(name)-same-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    let terminal = try PseudoTerminal(
      Executable(name),
      arguments: arguments,
      environment: [
        "HOME": home.path, "XDG_STATE_HOME": home.appendingPathComponent("state").path, "TERM": "xterm",
        "NO_COLOR": "1", "TZ": "UTC",
      ]
    )
    for line in script {
      try await waitForAnEmptyPrompt(terminal)
      try terminal.type(line + "\r")
    }
    try await waitForAnEmptyPrompt(terminal)
    try terminal.type("\u{04}")
    #expect(try await terminal.waitForExit() == .exited(0))
    let lines = Screen(terminal.output).text
    let start = lines.firstIndex { $0.firstMatch(of: #/^count -?\d+( · [^>]*)?> /#) != nil } ?? lines.endIndex
    // The first line that begins with a prompt (`count 7 · is it prime?> `).
    return lines[start...].map { line in
      line.replacing(#/^(counter-demo|prime-modal-demo): /#, with: "primetime: ")
    }
  }

  /// Waits until the line editor has drawn a prompt with nothing typed after it (the prompt, an erase to the
  /// end of the line, and the cursor put back after the prompt) and nothing has been written since; consumes
  /// the output up to there.
  private func waitForAnEmptyPrompt(_ terminal: PseudoTerminal) async throws {
    let deadline = ContinuousClock.now + hangBound
    while ContinuousClock.now < deadline {
      if let match = terminal.unconsumed.firstMatch(of: #/> \x{1B}\[K\r\x{1B}\[\d+C$/#) {
        try await terminal.waitFor(String(match.output))
        return
      }
      try await Task.sleep(for: .milliseconds(10))
    }
    throw NoPrompt(unconsumed: terminal.unconsumed)
  }

  /// The lines of `demo` and `app` side by side from the first that differs, for a failure's message.
  private static func difference(_ demo: [String], _ app: [String]) -> String {
    let shared = min(demo.count, app.count)
    guard let first = (0..<shared).first(where: { demo[$0] != app[$0] }) ?? (demo.count == app.count ? nil : shared)
    else { return "no difference" }
    let demoRest = demo.dropFirst(first).map { "  demo: \($0)" }
    let appRest = app.dropFirst(first).map { "  app:  \($0)" }
    return (["first difference at line \(first + 1):"] + demoRest + appRest).joined(separator: "\n")
  }
}

/// No empty prompt showed in time: the output since the last one.
private struct NoPrompt: Error, CustomStringConvertible {
  let unconsumed: String

  var description: String {
    "no empty prompt within \(hangBound); output after the last one: \(unconsumed.debugDescription)"
  }
}
