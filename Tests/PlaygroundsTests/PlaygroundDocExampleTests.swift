import Foundation
import Testing

/// `Playground`'s doc comment shows counter-demo's wiring; counter-demo's `main.swift`, which the build
/// compiles, must hold every line of it, in order, so the example never drifts from code that compiles.
@Suite(.timeLimit(.minutes(2)))
struct PlaygroundDocExampleTests {
  private static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The lines of the first Swift code block of the doc comments in `file`, without `/// `.
  private static func example(in file: String) throws -> [String] {
    let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
    let doc = text.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { $0.hasPrefix("///") }
      .map { String($0.dropFirst($0.hasPrefix("/// ") ? 4 : 3)) }
    guard let start = doc.firstIndex(of: "```swift"), let end = doc[(start + 1)...].firstIndex(of: "```") else {
      return []
    }
    return Array(doc[(start + 1)..<end])
  }

  @Test func playgroundsExampleIsCounterDemosCode() throws {
    let example = try Self.example(in: "Modules/REPL/Loop/Playground.swift")
    #expect(example.count > 5)
    let main = try String(
      contentsOf: Self.root.appendingPathComponent("Playgrounds/counter-demo/main.swift"), encoding: .utf8
    ).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var searchFrom = main.startIndex
    for line in example {
      guard let found = main[searchFrom...].firstIndex(of: line) else {
        Issue.record("counter-demo's main.swift lacks, after line \(searchFrom), the example's line: \(line)")
        return
      }
      searchFrom = found + 1
    }
  }
}
