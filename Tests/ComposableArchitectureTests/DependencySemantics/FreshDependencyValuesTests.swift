import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

/// `DependencyValues()`, `.live`, `.preview` and `.test` start afresh, defaults included, as each
/// swift-dependencies `DependencyValues` made with `init()` has a cache of its own: `$0 = DependencyValues()`
/// resets a scope, even the cases of a parameterized test, which otherwise share their test's defaults.
@Suite(.timeLimit(.minutes(1)))
struct FreshDependencyValuesTests {
  @Test(arguments: 1...3)
  func resettingTheValuesGivesEachCaseOfAParameterizedTestItsOwnDefaults(_ argument: Int) {
    withDependencies {
      $0 = DependencyValues()
    } operation: {
      @Dependency(\.semSequence) var sequence
      #expect(sequence.next() == 0)
      #expect(sequence.next() == 1)
    }
  }

  @Test func freshValuesDoNotShareTheTestsDefaults() {
    let mine = DependencyValues.current.semSequence
    let fresh = withDependencies { $0 = DependencyValues() } operation: { DependencyValues.current.semSequence }
    let again = withDependencies { $0 = .test } operation: { DependencyValues.current.semSequence }

    #expect(fresh !== mine)
    #expect(again !== mine)
    #expect(again !== fresh)
  }

  @Test func freshValuesMakeEachDefaultOnceForTheirScope() async {
    await withDependencies {
      $0 = .test
    } operation: {
      let sequences = await withTaskGroup(of: SemSequence.self) { group in
        for _ in 0..<16 {
          group.addTask { DependencyValues.current.semSequence }
        }
        return await group.reduce(into: [SemSequence]()) { $0.append($1) }
      }
      #expect(sequences.allSatisfy { $0 === DependencyValues.current.semSequence })
    }
  }

  @Test func theNamedValuesHaveTheirContext() {
    #expect(DependencyValues.live.context == .live)
    #expect(DependencyValues.preview.context == .preview)
    #expect(DependencyValues.test.context == .test)
    #expect(withDependencies { $0 = .preview } operation: { DependencyValues.current.semLabel } == "default")
  }
}

/// A bare `.dependencies` trait: fresh dependencies for every test of a suite, nothing overridden.
@Suite(.timeLimit(.minutes(1)), .dependencies)
struct BareDependenciesTraitTests {
  @Test(arguments: 1...3)
  func eachCaseGetsItsOwnDefaults(_ argument: Int) {
    #expect(DependencyValues.current.semSequence.next() == 0)
  }
}

/// The context a process runs in can be named with swift-dependencies' variable too.
@Suite(.timeLimit(.minutes(1)))
struct ContextVariableTests {
  @Test func swiftDependenciesContextNamesTheContext() {
    let context = DependencyContext.detect(
      environmentValue: { $0 == "SWIFT_DEPENDENCIES_CONTEXT" ? "preview" : nil },
      isRunningTests: true
    )

    #expect(context == .preview)
  }

  @Test func swiftDependenciesContextWinsOverTheLibrarysOwnVariable() {
    let variables = ["SWIFT_DEPENDENCIES_CONTEXT": "live", "DEPENDENCIES_CONTEXT": "preview"]

    #expect(DependencyContext.detect(environmentValue: { variables[$0] }, isRunningTests: true) == .live)
    #expect(DependencyContext.detect(environmentValue: { _ in nil }, isRunningTests: true) == .test)
  }
}
