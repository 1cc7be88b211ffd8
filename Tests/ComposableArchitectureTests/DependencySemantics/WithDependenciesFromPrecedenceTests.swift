import ComposableArchitecture
import Testing

/// Which value wins in `withDependencies(from: parent) { update } operation: { ... }` for a key set in more
/// than one place, as in swift-dependencies 1.17: the update, then the values in effect at the call site, then
/// those the parent was made with.
@Suite(.timeLimit(.minutes(1)))
struct WithDependenciesFromPrecedenceTests {
  private func makeParent() -> SemModel {
    withDependencies {
      $0.semNumber = 1
      $0.semLabel = "parent"
    } operation: {
      SemModel()
    }
  }

  @Test func anOverrideInEffectAtTheCallSiteWinsOverTheParentsValue() {
    let parent = makeParent()

    let child = withDependencies {
      $0.semNumber = 5
    } operation: {
      withDependencies(from: parent) { _ in } operation: {
        SemModel()
      }
    }

    #expect(child.number == 5)
    // A key the call site leaves alone still comes from the parent.
    #expect(child.label == "parent")
  }

  @Test func anOverrideInEffectAtTheCallSiteWinsAsynchronouslyToo() async {
    let parent = makeParent()

    let child = await withDependencies {
      $0.semNumber = 6
    } operation: {
      await withDependencies(from: parent) { _ in } operation: {
        await Task.yield()
        return SemModel()
      }
    }

    #expect(child.number == 6)
    #expect(child.label == "parent")
  }

  @Test func theUpdateWinsOverTheCallSiteAndTheParent() {
    let parent = makeParent()

    let child = withDependencies {
      $0.semNumber = 5
    } operation: {
      withDependencies(from: parent) {
        $0.semNumber = 9
      } operation: {
        SemModel()
      }
    }

    #expect(child.number == 9)
  }

  @Test func theUpdateStartsFromTheMergedValues() {
    let parent = makeParent()

    let seen = withDependencies {
      $0.semNumber = 5
    } operation: {
      withDependencies(from: parent) {
        $0.semLabel += " + update, number \($0.semNumber)"
      } operation: {
        DependencyValues.current.semLabel
      }
    }

    #expect(seen == "parent + update, number 5")
  }

  @Test func withNothingInEffectAtTheCallSiteTheParentsValuesAreInherited() {
    let parent = makeParent()

    let child = withDependencies(from: parent) { _ in } operation: {
      SemModel()
    }

    #expect(child.number == 1)
    #expect(child.label == "parent")
  }

  @Test func aParentWithADependencyPropertyPassesOnWhatItCapturedThoughNoWithDependenciesReturnedIt() {
    let parents = withDependencies {
      $0.semNumber = 3
    } operation: {
      // Made inside the scope, but not what the scope returned: only its `@Dependency` properties know.
      [SemModel()]
    }
    let warnings = SemWarnings()

    let child = warnings.collect {
      withDependencies(from: parents[0]) { _ in } operation: {
        SemModel()
      }
    }

    #expect(child.number == 3)
    #expect(warnings.messages.isEmpty)
  }

  @Test func aChildCanBeMadeFromAParentWithoutAnUpdate() async {
    let parent = makeParent()

    let child = withDependencies(from: parent) {
      SemModel()
    }
    let asyncChild = await withDependencies(from: parent) {
      await Task.yield()
      return SemModel()
    }

    #expect(child.number == 1)
    #expect(asyncChild.label == "parent")
  }
}
