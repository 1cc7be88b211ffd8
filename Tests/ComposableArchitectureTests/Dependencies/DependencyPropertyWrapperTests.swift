import ComposableArchitecture
import Testing

/// The feature model of the "Dependency lifetimes" article's onboarding example.
@MainActor
final class DepFeatureModel {
  var user: String?
  var error: (any Error)?

  @Dependency(\.depAPIClient) var apiClient

  func onAppear() async {
    do {
      user = try await apiClient.fetchUser()
    } catch {
      self.error = error
    }
  }
}

/// `@Dependency`: captures the values in effect when it is made; overrides where it is read come first.
@Suite(.timeLimit(.minutes(1)))
struct DependencyPropertyWrapperTests {
  @MainActor
  @Test func anOnboardingModelMadeInsideWithDependenciesKeepsTheMockWhenUsedLater() async {
    let onboardingModel = withDependencies {
      $0.depAPIClient = .mock
    } operation: {
      DepFeatureModel()
    }

    // `onAppear` runs outside the scope the model was made in.
    await onboardingModel.onAppear()

    #expect(onboardingModel.user == "Blob (mock)")
    #expect(onboardingModel.error == nil)
  }

  @MainActor
  @Test func aModelMadeOutsideAnyScopeUsesTheDefault() async {
    let model = DepFeatureModel()

    await withDependencies {
      $0.depAPIClient = .mock
    } operation: {
      // Made outside, read inside: the override where it is read applies.
      await model.onAppear()
    }
    #expect(model.user == "Blob (mock)")

    model.user = nil
    await model.onAppear()
    // Outside the scope again: the test value, which fails.
    #expect(model.user == nil)
    #expect(model.error is DepAPIClient.Unimplemented)
  }

  @Test func theCaptureOutlivesTheScopeForSynchronousReads() {
    let model = withDependencies {
      $0.depNumber = 1
    } operation: {
      DepModel()
    }

    #expect(DependencyValues.current.depNumber == 0)
    #expect(model.number == 1)
    // Keys the scope did not override still get their defaults.
    #expect(model.otherNumber == 100)
  }

  @Test func anOverrideWhereTheDependencyIsReadStillWins() {
    let model = withDependencies {
      $0.depNumber = 1
    } operation: {
      DepModel()
    }

    let readInside = withDependencies {
      $0.depNumber = 2
    } operation: {
      model.number
    }

    #expect(readInside == 2)
    #expect(model.number == 1)
  }

  @Test func anOverrideOfAnotherKeyWhereTheDependencyIsReadKeepsTheCapturedOne() {
    let model = withDependencies {
      $0.depNumber = 1
    } operation: {
      DepModel()
    }

    let seen = withDependencies {
      $0.depOtherNumber = 2
    } operation: {
      [model.number, model.otherNumber]
    }

    #expect(seen == [1, 2])
  }

  @Test func theCapturedContextOutlivesTheScope() {
    final class ContextModel {
      @Dependency(\.depContextual) var contextual
    }
    let model = withDependencies {
      $0.context = .live
    } operation: {
      ContextModel()
    }

    #expect(model.contextual == "live")
    #expect(DependencyValues.current.depContextual == "test")
  }

  @Test func aPropertyWrapperMadeOutsideAnyScopeFollowsTheValuesWhereItIsRead() {
    let model = DepModel()

    let seen = withDependencies {
      $0.depNumber = 3
    } operation: {
      model.number
    }

    #expect(seen == 3)
    #expect(model.number == 0)
  }
}
