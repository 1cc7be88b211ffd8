import Foundation
import Testing

/// Keeps a guide in docs/ true to the code: its ```swift blocks must be, line for line (indentation and blank
/// lines aside), in test files that compile and run them. Shared by the tests of each guide.
enum GuideExamples {
  /// This test target's source directory.
  private static let targetDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

  /// The text of `path`, relative to this test target's directory (`../../docs/Testing.md`).
  static func read(_ path: String) throws -> String {
    try String(contentsOf: targetDirectory.appendingPathComponent(path).standardized, encoding: .utf8)
  }

  /// Records an issue for every ```swift block of the guide at `guidePath` found in none of `examplePaths`, and
  /// one when the guide has fewer than `minimumCount` blocks (its examples moved out of ```swift fences).
  static func expectEverySwiftExample(
    of guidePath: String,
    isIn examplePaths: [String],
    minimumCount: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let guide = try read(guidePath)
    let compiled = try examplePaths.map { significantLines(try read($0)) }
    let blocks = codeBlocks(in: guide, language: "swift")
    #expect(blocks.count >= minimumCount, "\(guidePath) should show its examples in ```swift blocks", sourceLocation: sourceLocation)
    for block in blocks where !compiled.contains(where: { contains($0, significantLines(block)) }) {
      Issue.record(
        "This example of \(guidePath) is in none of \(examplePaths), so nothing compiles it:\n\(block)",
        sourceLocation: sourceLocation
      )
    }
  }

  /// The fenced blocks of `markdown` in `language`, without their fences.
  static func codeBlocks(in markdown: String, language: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      let fence = line.trimmingCharacters(in: .whitespaces)
      if current == nil, fence == "```\(language)" {
        current = []
      } else if current != nil, fence == "```" {
        blocks.append((current ?? []).joined(separator: "\n"))
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  /// The lines of `text` that say something, without their indentation: how two copies of code are compared.
  private static func significantLines(_ text: String) -> [String] {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
  }

  /// Whether `lines` appear in `haystack` one after another.
  private static func contains(_ haystack: [String], _ lines: [String]) -> Bool {
    guard !lines.isEmpty, lines.count <= haystack.count else { return lines.isEmpty }
    return (0...(haystack.count - lines.count)).contains { start in
      haystack[start..<(start + lines.count)].elementsEqual(lines)
    }
  }
}
