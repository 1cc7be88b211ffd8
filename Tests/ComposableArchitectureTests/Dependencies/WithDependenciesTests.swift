import ComposableArchitecture
import Testing

/// A model in the style of the "Dependency lifetimes" article: it reads its dependencies through `@Dependency`.
final class DepModel {
  @Dependency(\.depNumber) var number
  @Dependency(\.depOtherNumber) var otherNumber
  @Dependency(\.depLabel) var label
}

private struct DepTestError: Error, Equatable {}

/// `withDependencies(_:operation:)`, synchronous and asynchronous, and `withDependencies(from:)`.
@Suite(.timeLimit(.minutes(1)))
struct WithDependenciesTests {
  // MARK: Synchronous

  @Test func anOverrideIsSeenInsideTheSynchronousScopeAndRestoredAfter() {
    #expect(DependencyValues.current.depNumber == 0)

    let inside = withDependencies {
      $0.depNumber = 42
    } operation: {
      DependencyValues.current.depNumber
    }

    #expect(inside == 42)
    #expect(DependencyValues.current.depNumber == 0)
  }

  @Test func nestedSynchronousOverridesLetTheInnermostScopeWin() {
    var seen: [String] = []
    withDependencies {
      $0.depNumber = 1
      $0.depLabel = "outer"
    } operation: {
      seen.append("outer \(DependencyValues.current.depNumber) \(DependencyValues.current.depLabel)")
      withDependencies {
        $0.depNumber = 2
      } operation: {
        // The inner scope wins for the key it sets and keeps the outer scope's other overrides.
        seen.append("inner \(DependencyValues.current.depNumber) \(DependencyValues.current.depLabel)")
      }
      seen.append("outer again \(DependencyValues.current.depNumber) \(DependencyValues.current.depLabel)")
    }
    seen.append("outside \(DependencyValues.current.depNumber) \(DependencyValues.current.depLabel)")

    #expect(seen == ["outer 1 outer", "inner 2 outer", "outer again 1 outer", "outside 0 default"])
  }

  @Test func updateValuesStartsFromTheValuesInEffect() {
    let number = withDependencies {
      $0.depNumber = 10
    } operation: {
      withDependencies {
        $0.depNumber += 1
      } operation: {
        DependencyValues.current.depNumber
      }
    }

    #expect(number == 11)
  }

  @Test func aThrownErrorPropagatesAndTheOverrideIsStillRestored() {
    #expect(throws: DepTestError()) {
      try withDependencies {
        $0.depNumber = 7
      } operation: {
        #expect(DependencyValues.current.depNumber == 7)
        throw DepTestError()
      }
    }
    #expect(DependencyValues.current.depNumber == 0)
  }

  // MARK: Asynchronous

  @Test func anOverrideIsSeenAcrossSuspensionsInsideTheAsyncScopeAndRestoredAfter() async {
    let seen = await withDependencies {
      $0.depNumber = 42
    } operation: {
      let before = DependencyValues.current.depNumber
      await Task.yield()
      async let child = DependencyValues.current.depNumber
      let afterSuspension = DependencyValues.current.depNumber
      return [before, afterSuspension, await child]
    }

    #expect(seen == [42, 42, 42])
    #expect(DependencyValues.current.depNumber == 0)
  }

  @Test func nestedAsyncOverridesLetTheInnermostScopeWin() async {
    let seen = await withDependencies {
      $0.depNumber = 1
      $0.depLabel = "outer"
    } operation: {
      let inner = await withDependencies {
        $0.depNumber = 2
      } operation: {
        await Task.yield()
        return "\(DependencyValues.current.depNumber) \(DependencyValues.current.depLabel)"
      }
      await Task.yield()
      return [inner, "\(DependencyValues.current.depNumber) \(DependencyValues.current.depLabel)"]
    }

    #expect(seen == ["2 outer", "1 outer"])
    #expect(DependencyValues.current.depNumber == 0)
    #expect(DependencyValues.current.depLabel == "default")
  }

  @MainActor
  @Test func theAsyncScopeKeepsTheCallersActor() async {
    let stayedOnMain = await withDependencies {
      $0.depNumber = 1
    } operation: {
      await Task.yield()
      MainActor.assertIsolated()
      return DependencyValues.current.depNumber == 1
    }

    #expect(stayedOnMain)
  }

  // MARK: withDependencies(from:)

  @Test func aChildMadeFromAParentInheritsItsOverridesAndAddsItsOwn() {
    let parent = withDependencies {
      $0.depNumber = 1
      $0.depLabel = "parent"
    } operation: {
      DepModel()
    }

    // Made outside the parent's scope: only `from:` can pass the parent's overrides on.
    let child = withDependencies(from: parent) {
      $0.depLabel = "child"
    } operation: {
      DepModel()
    }

    #expect(child.number == 1)
    #expect(child.label == "child")
    #expect(child.otherNumber == 100)
    #expect(parent.label == "parent")
  }

  @Test func theOverridesInEffectWhereTheChildIsMadeBeatTheParents() {
    let parent = withDependencies {
      $0.depNumber = 1
    } operation: {
      DepModel()
    }

    let child = withDependencies {
      $0.depNumber = 5
    } operation: {
      withDependencies(from: parent) { _ in } operation: {
        DepModel()
      }
    }

    // As in swift-dependencies: the call site's values go on top of the parent's.
    #expect(child.number == 5)
  }

  @Test func aGrandchildInheritsFromEveryGeneration() {
    let parent = withDependencies {
      $0.depNumber = 1
    } operation: {
      DepModel()
    }
    let child = withDependencies(from: parent) {
      $0.depOtherNumber = 2
    } operation: {
      DepModel()
    }
    let grandchild = withDependencies(from: child) {
      $0.depLabel = "grandchild"
    } operation: {
      DepModel()
    }

    #expect(grandchild.number == 1)
    #expect(grandchild.otherNumber == 2)
    #expect(grandchild.label == "grandchild")
  }

  @Test func aParentNotMadeByWithDependenciesIsReportedAndTheCurrentValuesAreUsed() {
    final class PlainParent {}
    let parent = PlainParent()
    let warnings = Probe.Warnings()

    let child = RuntimeWarning.withHandler(warnings.handler) {
      withDependencies {
        $0.depNumber = 5
      } operation: {
        withDependencies(from: parent) {
          $0.depLabel = "child"
        } operation: {
          DepModel()
        }
      }
    }

    #expect(warnings.messages.count == 1)
    #expect(warnings.messages.first?.contains("PlainParent") == true)
    #expect(warnings.entries.first?.location.contains("WithDependenciesTests.swift") == true)
    // The current values, changed by the update, are used instead.
    #expect(child.number == 5)
    #expect(child.label == "child")
  }

  @Test func aParentMadeInNestedScopesPassesOnTheOverridesOfEveryScope() {
    let parent = withDependencies {
      $0.depNumber = 1
    } operation: {
      withDependencies {
        $0.depLabel = "inner"
      } operation: {
        DepModel()
      }
    }
    // The parent's own `@Dependency` properties see both scopes' overrides...
    #expect(parent.number == 1)
    #expect(parent.label == "inner")

    let child = withDependencies(from: parent) { _ in } operation: {
      DepModel()
    }

    // ...and so does a child made from it.
    #expect(child.number == 1)
    #expect(child.label == "inner")
  }
}

extension WithDependenciesTests {
  @Test func aChildMadeAsynchronouslyFromAParentInheritsItsOverrides() async {
    let parent = withDependencies {
      $0.depNumber = 7
    } operation: {
      DepModel()
    }
    let child = await withDependencies(from: parent) {
      $0.depLabel = "async child"
    } operation: {
      await Task.yield()
      return DepModel()
    }
    #expect(child.number == 7)
    #expect(child.label == "async child")
  }
}
