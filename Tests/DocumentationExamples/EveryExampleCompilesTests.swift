import Foundation
import Testing

/// Keeps the documentation true to the code: every ```swift block of the two DocC catalogs' articles and of the
/// tutorial, of the library's doc comments, of the README and of docs/*.md is, line for line (indentation and
/// blank lines aside), in a Swift file of this target (for the guides in docs/, of ComposableArchitectureTests),
/// which `swift build --build-tests` compiles and `swift test` runs. An example that stops compiling fails the build;
/// an example edited in an article but not here fails this suite.
@Suite(.timeLimit(.minutes(2)))
struct EveryExampleCompilesTests {
  /// The repository's root, three directories above this file.
  private static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Where the compiled examples are: this target, and the tutorial's feature modules.
  private static let exampleDirectories = ["Tests/DocumentationExamples", "Tests/DocumentationTutorial"]

  /// Where the examples of the library's guides in docs/ (ComposableArchitecture.md, Dependencies.md,
  /// Testing.md) are compiled, beside the tests that pin each guide's examples to its own file.
  private static let guideExampleDirectory = "Tests/ComposableArchitectureTests"

  /// The catalogs whose articles are checked.
  private static let catalogs = [
    "Modules/ComposableArchitecture/Documentation.docc",
    "Modules/ComposableArchitectureTestSupport/Documentation.docc",
  ]

  @Test func everySwiftBlockOfEveryArticleIsCompiledHere() throws {
    let compiled = try Self.exampleDirectories.flatMap { try Self.files(under: $0, extension: "swift") }
      .map { Self.significantLines(try String(contentsOf: $0, encoding: .utf8)) }
    let articles = try Self.catalogs.flatMap { try Self.files(under: $0, extension: "md") }
    #expect(articles.count >= 9, "the catalogs hold their landing pages, articles and tutorial")

    var blockCount = 0
    for article in articles {
      let name = article.path.replacingOccurrences(of: Self.root.path + "/", with: "")
      for block in Self.swiftBlocks(in: try String(contentsOf: article, encoding: .utf8)) {
        blockCount += 1
        let lines = Self.significantLines(block)
        if !compiled.contains(where: { Self.contains($0, lines) }) {
          Issue.record(
            "This example of \(name) is in no file of Tests/DocumentationExamples, so nothing compiles it:\n\(block)"
          )
        }
      }
    }
    #expect(blockCount >= 40, "the articles show their examples in ```swift blocks")
  }

  @Test func everySwiftBlockOfTheLibrarysDocCommentsIsCompiledHere() throws {
    let compiled = try Self.exampleDirectories.flatMap { try Self.files(under: $0, extension: "swift") }
      .map { Self.significantLines(try String(contentsOf: $0, encoding: .utf8)) }
    let sources = try Self.modules.flatMap { try Self.files(under: $0, extension: "swift") }

    var blockCount = 0
    for source in sources {
      let name = source.path.replacingOccurrences(of: Self.root.path + "/", with: "")
      let comments = Self.docCommentText(of: try String(contentsOf: source, encoding: .utf8))
      for block in Self.swiftBlocks(in: comments) {
        blockCount += 1
        if !compiled.contains(where: { Self.contains($0, Self.significantLines(block)) }) {
          Issue.record(
            """
            This doc comment example of \(name) is in no file of Tests/DocumentationExamples, so nothing \
            compiles it:
            \(block)
            """
          )
        }
      }
    }
    #expect(blockCount >= 15, "the doc comments show their examples in ```swift blocks")
  }

  @Test func everySwiftBlockOfTheReadmeAndOfDocsIsCompiledHere() throws {
    let compiled = try (Self.exampleDirectories + [Self.guideExampleDirectory])
      .flatMap { try Self.files(under: $0, extension: "swift") }
      .map { Self.significantLines(try String(contentsOf: $0, encoding: .utf8)) }
    let documents = [Self.root.appendingPathComponent("README.md")] + (try Self.files(under: "docs", extension: "md"))

    var readmeBlockCount = 0
    var blockCount = 0
    for document in documents {
      let name = document.path.replacingOccurrences(of: Self.root.path + "/", with: "")
      for block in Self.swiftBlocks(in: try String(contentsOf: document, encoding: .utf8)) {
        blockCount += 1
        if name == "README.md" { readmeBlockCount += 1 }
        if !compiled.contains(where: { Self.contains($0, Self.significantLines(block)) }) {
          Issue.record(
            "This example of \(name) is in no file of Tests/DocumentationExamples, so nothing compiles it:\n\(block)"
          )
        }
      }
    }
    #expect(readmeBlockCount >= 2, "the README shows a feature and its test in ```swift blocks")
    #expect(blockCount >= 30, "the README and the notes in docs/ show their examples in ```swift blocks")
  }

  @Test func docCommentTextIsTheTextAfterTheSlashes() {
    let source =
      "/// Summary.\n///\n/// ```swift\n/// let a = 1\n/// ```\nlet b = 2 // not a doc comment\n  ///   indented\n"
    #expect(Self.docCommentText(of: source) == "Summary.\n\n```swift\nlet a = 1\n```\n  indented")
  }

  @Test func aBlockIsFoundOnlyWhereItsLinesFollowOneAnother() {
    let file = Self.significantLines("let a = 1\n\n  let b = 2\nlet c = 3\n")
    #expect(Self.contains(file, Self.significantLines("let a = 1\nlet b = 2")))
    #expect(Self.contains(file, Self.significantLines("    let b = 2\n\n    let c = 3")))
    #expect(!Self.contains(file, Self.significantLines("let a = 1\nlet c = 3")))
    #expect(!Self.contains(file, Self.significantLines("let c = 3\nlet d = 4")))
  }

  @Test func onlySwiftFencesCount() {
    let markdown = "Text\n\n```swift\nlet a = 1\n```\n\n```sh\nswift test\n```\n\n  ```swift\n  let b = 2\n  ```\n"
    #expect(Self.swiftBlocks(in: markdown) == ["let a = 1", "  let b = 2"])
  }

  /// The library's modules, whose doc comments are checked.
  private static let modules = [
    "Modules/ComposableArchitecture", "Modules/ComposableArchitectureTestSupport", "Modules/FavoriteList",
  ]

  /// The text of the `///` comments of `source`, one line per comment line, without the slashes and the one
  /// space after them.
  private static func docCommentText(of source: String) -> String {
    source.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line -> Substring? in
      let trimmed = line.drop { $0 == " " }
      guard trimmed.hasPrefix("///") else { return nil }
      let text = trimmed.dropFirst(3)
      return text.hasPrefix(" ") ? text.dropFirst() : text
    }
    .joined(separator: "\n")
  }

  /// The files under `directory` (relative to the root) whose name ends in `.extension`, in a stable order.
  private static func files(under directory: String, extension fileExtension: String) throws -> [URL] {
    let base = root.appendingPathComponent(directory)
    guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
      throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: base.path])
    }
    return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == fileExtension }
      .sorted { $0.path < $1.path }
  }

  /// The fenced ```swift blocks of `markdown`, without their fences.
  private static func swiftBlocks(in markdown: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      let fence = line.trimmingCharacters(in: .whitespaces)
      if current == nil, fence == "```swift" {
        current = []
      } else if let lines = current, fence == "```" {
        blocks.append(lines.joined(separator: "\n"))
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
