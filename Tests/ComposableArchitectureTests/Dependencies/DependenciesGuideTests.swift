import Testing

/// Keeps docs/Dependencies.md true: its Swift examples are the compiled ones of DependenciesGuideExamples.swift
/// (or, for the trait example, of DependencyTraitTests.swift).
@Suite(.timeLimit(.minutes(2)))
struct DependenciesGuideTests {
  @Test func everySwiftExampleOfTheGuideIsCompiled() throws {
    try GuideExamples.expectEverySwiftExample(
      of: "../../docs/Dependencies.md",
      isIn: ["Dependencies/DependenciesGuideExamples.swift", "TestSupport/DependencyTraitTests.swift"],
      minimumCount: 8
    )
  }
}
