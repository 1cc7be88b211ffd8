import Foundation
import Testing

/// Keeps docs/Dependencies.md true: its Swift examples are the compiled ones of DependenciesGuideExamples.swift
/// (or, for the trait example, of DependencyTraitTests.swift).
@Suite(.timeLimit(.minutes(2)))
struct DependenciesGuideTests {
  private static let sourceDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

  private static func read(_ relativePath: String) throws -> String {
    let url = sourceDirectory.appendingPathComponent(relativePath).standardized
    return try String(contentsOf: url, encoding: .utf8)
  }

  @Test func everySwiftExampleOfTheGuideIsCompiled() throws {
    let guide = try Self.read("../../../docs/Dependencies.md")
    let compiled = [
      try Self.read("DependenciesGuideExamples.swift"),
      try Self.read("../TestSupport/DependencyTraitTests.swift"),
    ].map(Self.trimmedLines)
    let blocks = Self.swiftBlocks(in: guide)
    #expect(blocks.count >= 8, "docs/Dependencies.md should show its examples in ```swift blocks")
    for block in blocks {
      let lines = Self.trimmedLines(block)
      if !compiled.contains(where: { Self.contains($0, lines) }) {
        let message =
          "This example of docs/Dependencies.md is not in DependenciesGuideExamples.swift, so nothing compiles "
          + "it:\n\(block)"
        Issue.record(Comment(rawValue: message))
      }
    }
  }

  /// The contents of the guide's ```swift blocks.
  private static func swiftBlocks(in text: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if current == nil, trimmed == "```swift" {
        current = []
      } else if let lines = current, trimmed == "```" {
        blocks.append(lines.joined(separator: "\n"))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  /// The non-empty lines of `text`, without their indentation.
  private static func trimmedLines(_ text: String) -> [String] {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  /// Whether `lines` appear in `text`, one after the other.
  private static func contains(_ text: [String], _ lines: [String]) -> Bool {
    guard !lines.isEmpty else { return true }
    guard text.count >= lines.count else { return false }
    return (0...(text.count - lines.count)).contains { start in
      Array(text[start..<(start + lines.count)]) == lines
    }
  }
}
