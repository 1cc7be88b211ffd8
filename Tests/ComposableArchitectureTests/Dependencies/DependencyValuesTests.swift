import ComposableArchitecture
import Testing

/// `DependencyValues` as a value, and how the context picks each key's default.
@Suite(.timeLimit(.minutes(1)))
struct DependencyValuesTests {
  // MARK: Overrides on a value

  @Test func anOverrideIsKeyedByTheKeyTypeNotByTheValueType() {
    var values = DependencyValues()
    values.depNumber = 5

    #expect(values.depNumber == 5)
    // Same value type (Int), different key: not overridden.
    #expect(values.depOtherNumber == 100)
  }

  @Test func aValueIsCopiedNotShared() {
    var original = DependencyValues()
    original.depNumber = 1
    var copy = original
    copy.depNumber = 2

    #expect(original.depNumber == 1)
    #expect(copy.depNumber == 2)
  }

  @Test func anOverrideOfALiveOnlyKeyIsUsedWithoutAnyReport() {
    let warnings = Probe.Warnings()
    let value = RuntimeWarning.withHandler(warnings.handler) {
      var values = DependencyValues()
      values.depLiveOnly = "overridden"
      return values.depLiveOnly
    }

    #expect(value == "overridden")
    #expect(warnings.messages.isEmpty)
  }

  // MARK: Context

  @Test func theContextIsTestUnderSwiftTest() {
    #expect(DependencyContext.detected == .test)
    #expect(DependencyValues().context == .test)
    #expect(DependencyValues.current.context == .test)
    #expect(DependencyValues.current.depContextual == "test")
  }

  @Test func theLiveContextPicksTheLiveValue() {
    let value = withDependencies {
      $0.context = .live
    } operation: {
      DependencyValues.current.depContextual
    }

    #expect(value == "live")
    #expect(DependencyValues.current.depContextual == "test")
  }

  @Test func thePreviewContextPicksThePreviewValue() {
    let value = withDependencies {
      $0.context = .preview
    } operation: {
      DependencyValues.current.depContextual
    }

    #expect(value == "preview")
  }

  @Test func theTestContextSetExplicitlyPicksTheTestValue() {
    var values = DependencyValues()
    values.context = .live
    values.context = .test

    #expect(values.context == .test)
    #expect(values.depContextual == "test")
  }

  @Test func aDependencyKeyWithoutPreviewValueUsesItsLiveValueInThePreviewContext() {
    var values = DependencyValues()
    values.context = .preview

    #expect(values.depLiveAndTest == "live-and-test:live")
  }

  @Test func aTestDependencyKeyWithoutPreviewValueUsesItsTestValueInThePreviewContext() {
    var values = DependencyValues()
    values.context = .preview

    #expect(values.depTestOnly == "test-only")
  }

  @Test func anOverrideBeatsTheContextDefault() {
    var values = DependencyValues()
    values.context = .live
    values.depContextual = "overridden"

    #expect(values.depContextual == "overridden")
  }

  // MARK: Reports

  @Test func aKeyWithoutTestValueReadInTheTestContextIsReportedByName() {
    let warnings = Probe.Warnings()
    let value = RuntimeWarning.withHandler(warnings.handler) {
      DependencyValues.current.depLiveOnly
    }

    #expect(warnings.messages.count == 1)
    #expect(warnings.messages.first?.contains("DepLiveOnlyKey") == true)
    // The test goes on with the preview value, which defaults to the live value.
    #expect(value == "live-only")
  }

  @Test func aKeyWithoutLiveValueReadInTheLiveContextIsReportedByNameAndUsesItsPreviewValue() {
    let warnings = Probe.Warnings()
    let value = RuntimeWarning.withHandler(warnings.handler) {
      withDependencies {
        $0.context = .live
      } operation: {
        DependencyValues.current.depInterfaceOnly
      }
    }

    #expect(warnings.messages.count == 1)
    #expect(warnings.messages.first?.contains("DepInterfaceOnlyKey") == true)
    #expect(value == "interface-preview")
  }

  @Test func aLiveValueIsFoundThroughTheInterfaceSubscriptWithoutAReport() {
    let warnings = Probe.Warnings()
    let value = RuntimeWarning.withHandler(warnings.handler) {
      var values = DependencyValues()
      values.context = .live
      // The generic accessor only knows `TestDependencyKey`; the live conformance is found at run time.
      return values.readThroughInterface(DepContextualKey.self)
    }

    #expect(value == "live")
    #expect(warnings.messages.isEmpty)
  }

  @Test func aKeyWithAllValuesIsNeverReportedInAnyContext() {
    let warnings = Probe.Warnings()
    let seen = RuntimeWarning.withHandler(warnings.handler) {
      [DependencyContext.live, .preview, .test].map { context in
        var values = DependencyValues()
        values.context = context
        return values.depContextual
      }
    }

    #expect(seen == ["live", "preview", "test"])
    #expect(warnings.messages.isEmpty)
  }
}
