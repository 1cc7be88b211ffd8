import ComposableArchitecture
import Testing

/// A key with no live value, read in the live context, is reported once and its preview value kept, as
/// swift-dependencies caches it (its PR 78), in a program as in a test.
@Suite(.timeLimit(.minutes(1)))
struct MissingLiveValueTests {
  @Test func aMissingLiveValueIsReportedOnceInAProgram() async {
    let warnings = SemWarnings()

    // A detached task runs outside the test: the process's defaults, as in a program.
    let values = await Task.detached {
      warnings.collect {
        withDependencies {
          $0.context = .live
        } operation: {
          [DependencyValues.current.semInterfaceOnly, DependencyValues.current.semInterfaceOnly]
        }
      }
    }.value

    #expect(values == ["interface preview", "interface preview"])
    #expect(warnings.messages.count == 1)
  }

  @Test func aMissingLiveValueIsReportedOnceInATest() {
    let warnings = SemWarnings()

    let values = warnings.collect {
      withDependencies {
        $0.context = .live
      } operation: {
        [DependencyValues.current.semLabel, DependencyValues.current.semLabel]
      }
    }

    #expect(values == ["default", "default"])
    #expect(warnings.messages.count == 1)
  }
}
