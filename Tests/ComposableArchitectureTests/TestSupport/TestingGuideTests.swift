import ComposableArchitecture
import ComposableArchitectureTestSupport
import Foundation
import Testing

/// Keeps docs/Testing.md true: its Swift examples are the compiled ones of TestingGuideExamples.swift, and
/// the failure messages it explains are the ones the test tools print.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct TestingGuideTests {
  private static let sourceDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  private static let guideURL = sourceDirectory.appendingPathComponent("../../../docs/Testing.md").standardized
  private static let examplesURL = sourceDirectory.appendingPathComponent("TestingGuideExamples.swift")

  @Test func everySwiftExampleOfTheGuideIsCompiledHere() throws {
    let guide = try String(contentsOf: Self.guideURL, encoding: .utf8)
    let examples = significantLines(try String(contentsOf: Self.examplesURL, encoding: .utf8))
    let blocks = codeBlocks(in: guide, language: "swift")
    #expect(blocks.count >= 8, "docs/Testing.md should show its examples in ```swift blocks")
    for block in blocks {
      let lines = significantLines(block)
      if !contains(examples, lines) {
        Issue.record("This example of docs/Testing.md is not in TestingGuideExamples.swift, so nothing compiles it:\n\(block)")
      }
    }
  }

  @Test func everyFailureMessageOfTheGuideIsOneTheToolsReport() async throws {
    let guide = try String(contentsOf: Self.guideURL, encoding: .utf8)
    let shown = codeBlocks(in: guide, language: "text")
    let reported = await Self.reportedFailures()
    for message in shown {
      if !reported.contains(message) {
        Issue.record("docs/Testing.md shows a failure message the tools do not report (update the guide):\n\(message)")
      }
    }
    for message in reported {
      if !shown.contains(message) {
        Issue.record("The tools report a failure docs/Testing.md does not show (add it to the guide):\n\(message)")
      }
    }
  }

  /// One failure of every kind the guide explains, from mistakes a test could really make.
  private static func reportedFailures() async -> [String] {
    var messages: [String] = []
    func collect(_ body: () async -> Void) async {
      messages += await collectTestFailures(body).map(\.message)
    }

    // The update closure describes another change.
    await collect {
      let store = TestStore(initialState: CounterFeature.State(), reducer: CounterFeature())
      await store.send(.incrTapped) { $0.count = 2 }
    }
    // The update closure sets what the state already held.
    await collect {
      let store = TestStore(initialState: CounterFeature.State(), reducer: CounterFeature())
      await store.send(.nthPrimeResponse(nil)) { $0.nthPrime = nil }
    }
    // Another action came back than the one expected; then none at all.
    await collect {
      let store = TestStore(initialState: CounterFeature.State(), reducer: CounterFeature()) {
        $0.primeService = .answering(3)
      }
      await store.send(.nthPrimeButtonTapped) { $0.isRequestInFlight = true }
      await store.receive(.nthPrimeResponse(2)) {
        $0.isRequestInFlight = false
        $0.nthPrime = 3
      }
      await store.receive(.nthPrimeResponse(2))
    }
    // A send before the actions that came back were received; then one never received.
    await collect {
      let store = TestStore(initialState: CounterFeature.State(), reducer: CounterFeature()) {
        $0.primeService = .answering(2)
      }
      let task = await store.send(.nthPrimeButtonTapped) { $0.isRequestInFlight = true }
      await task.finish()
      await store.send(.incrTapped) { $0.count = 1 }
      await store.finish()
    }
    // An effect that never ends, at finish; and a store dropped with one.
    for finishes in [true, false] {
      await collect {
        let (discoveries, _) = AsyncStream.makeStream(of: Int.self)
        let store = TestStore(initialState: CounterFeature.State(), reducer: CounterFeature()) {
          $0.primeService.discoveries = { discoveries }
        }
        await store.send(.discoveriesStarted)
        if finishes {
          await store.finish(timeout: .milliseconds(100))
        }
      }
    }
    // A dependency the test did not override.
    await collect {
      let store = TestStore(initialState: CounterFeature.State(), reducer: CounterFeature())
      await store.send(.nthPrimeButtonTapped) { $0.isRequestInFlight = true }
      await store.receive(.nthPrimeResponse(nil)) { $0.isRequestInFlight = false }
      await store.finish()
    }
    return messages
  }
}

/// The fenced blocks of `markdown` in `language`, without their fences.
private func codeBlocks(in markdown: String, language: String) -> [String] {
  var blocks: [String] = []
  var current: [Substring]?
  for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
    if current == nil, line == "```\(language)" {
      current = []
    } else if current != nil, line == "```" {
      blocks.append((current ?? []).joined(separator: "\n"))
      current = nil
    } else {
      current?.append(line)
    }
  }
  return blocks
}

/// The lines of `text` that say something, without their indentation: how two copies of code are compared.
private func significantLines(_ text: String) -> [String] {
  text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
}

/// Whether `lines` appear in `haystack` one after another.
private func contains(_ haystack: [String], _ lines: [String]) -> Bool {
  guard !lines.isEmpty, lines.count <= haystack.count else { return lines.isEmpty }
  return (0...(haystack.count - lines.count)).contains { start in
    haystack[start..<(start + lines.count)].elementsEqual(lines)
  }
}
