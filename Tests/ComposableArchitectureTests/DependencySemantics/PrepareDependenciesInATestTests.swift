import ComposableArchitecture
import ComposableArchitectureTestSupport
import Testing

/// Reads `\.semLabel` into the state on every action.
struct SemLabelFeature: ReducerProtocol {
  typealias State = String
  typealias Action = Bool

  @Dependency(\.semLabel) var label

  func reduce(into state: inout String, action: Bool) -> Effect<Bool> {
    state = label
    return .none
  }
}

/// `prepareDependencies` called in a test sets what that test reads afterwards, and only that test, as
/// swift-dependencies' per-test cache makes it.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct PrepareDependenciesInATestTests {
  @Test func preparingInATestSetsWhatTheTestReadsAfterwards() async {
    prepareDependencies {
      $0.semLabel = "prepared"
    }
    @Dependency(\.semLabel) var label

    #expect(label == "prepared")
    #expect(DependencyValues.current.semLabel == "prepared")
    #expect(await Task { DependencyValues.current.semLabel }.value == "prepared")
  }

  @Test func aTestStoreMadeAfterwardsReadsThePreparedValue() async {
    prepareDependencies {
      $0.semLabel = "prepared for the store"
    }
    let store = TestStore(initialState: "", reducer: SemLabelFeature())

    await store.send(true) { $0 = "prepared for the store" }
    await store.finish()
  }

  @Test func eachTestReadsOnlyWhatItPreparedOne() {
    prepareDependencies { $0.semNumber = 1 }
    #expect(DependencyValues.current.semNumber == 1)
  }

  @Test func eachTestReadsOnlyWhatItPreparedTwo() {
    prepareDependencies { $0.semNumber = 2 }
    #expect(DependencyValues.current.semNumber == 2)
  }

  @Test func aTestThatPreparesNothingReadsTheDefault() {
    #expect(DependencyValues.current.semNumber == 0)
  }

  @Test(.dependencies { $0.semNumber = 3 }) func preparingInATestWithATraitSetsWhatTheTestReads() {
    prepareDependencies { $0.semLabel = "prepared under a trait" }

    #expect(DependencyValues.current.semLabel == "prepared under a trait")
    #expect(DependencyValues.current.semNumber == 3)
  }

  @Test func anOverrideInEffectWhereItIsCalledIsNotPrepared() {
    withDependencies {
      $0.semNumber = 5
    } operation: {
      prepareDependencies { $0.semLabel = "prepared in a scope" }
    }

    #expect(DependencyValues.current.semLabel == "prepared in a scope")
    #expect(DependencyValues.current.semNumber == 0)
  }

  @Test func writingIntoPartOfAValueIsPreparedQuietly() {
    let warnings = SemWarnings()

    warnings.collect {
      prepareDependencies { $0.semPair.first = "prepared" }
    }

    #expect(warnings.messages.isEmpty)
    #expect(DependencyValues.current.semPair == SemPair(first: "prepared", second: "test"))
  }

  @Test func preparingADependencyTheTestReadAlreadyIsReportedAndKeepsTheValueInUse() {
    let warnings = SemWarnings()
    #expect(DependencyValues.current.semLabel == "default")

    warnings.collect {
      prepareDependencies { $0.semLabel = "late" }
    }

    #expect(warnings.messages.count == 1)
    #expect(warnings.messages.first?.hasPrefix("prepareDependencies was given a String for a dependency") == true)
    #expect(DependencyValues.current.semLabel == "default")
  }

  @Test func preparingADependencyTwiceIsReportedAndTheFirstValueStays() {
    let warnings = SemWarnings()

    warnings.collect {
      prepareDependencies { $0.semLabel = "first" }
      prepareDependencies { $0.semLabel = "second" }
    }

    #expect(warnings.messages.count == 1)
    #expect(DependencyValues.current.semLabel == "first")
  }

  @Test func preparingOtherDependenciesInASecondCallIsQuiet() {
    let warnings = SemWarnings()

    warnings.collect {
      prepareDependencies { $0.semLabel = "first call" }
      prepareDependencies { $0.semNumber = 2 }
    }

    #expect(warnings.messages.isEmpty)
    #expect(DependencyValues.current.semLabel == "first call")
    #expect(DependencyValues.current.semNumber == 2)
  }

  @Test func aValuePreparedInTheContextInEffectIsReadInThatContext() {
    withDependencies {
      $0.context = .preview
    } operation: {
      prepareDependencies { $0.semLabel = "prepared for previews" }
      #expect(DependencyValues.current.semLabel == "prepared for previews")
    }

    #expect(DependencyValues.current.semLabel == "default")
  }
}
