import ComposableArchitecture
import Testing

/// Records, for every action, the dependencies it sees, tagged with its name.
struct DepRecorder: ReducerProtocol, Sendable {
  typealias State = [String]
  typealias Action = Void

  let tag: String
  @Dependency(\.depNumber) var number
  @Dependency(\.depOtherNumber) var otherNumber
  @Dependency(\.depLabel) var label

  init(_ tag: String) {
    self.tag = tag
  }

  func reduce(into state: inout [String], action: Void) -> Effect<Void> {
    state.append("\(tag) \(number) \(otherNumber) \(label)")
    return .none
  }
}

/// The `.dependency(\.key, value)` reducer operator.
@Suite(.timeLimit(.minutes(1)))
struct DependencyOperatorTests {
  private func run<R: ReducerProtocol>(_ reducer: R) -> [String] where R.State == [String], R.Action == Void {
    var state: [String] = []
    _ = reducer.reduce(into: &state, action: ())
    return state
  }

  @Test func chainedOverridesFuseIntoOneDependencyKeyWritingReducer() {
    let reducer = DepRecorder("r")
      .dependency(\.depNumber, 1)
      .dependency(\.depOtherNumber, 2)
      .dependency(\.depLabel, "three")

    #expect(ObjectIdentifier(type(of: reducer)) == ObjectIdentifier(DependencyKeyWritingReducer<DepRecorder>.self))
    #expect(
      ObjectIdentifier(type(of: reducer))
        != ObjectIdentifier(
          DependencyKeyWritingReducer<DependencyKeyWritingReducer<DependencyKeyWritingReducer<DepRecorder>>>.self
        )
    )
    // The fused reducer still applies all three overrides.
    #expect(run(reducer) == ["r 1 2 three"])
  }

  @Test func theOverrideIsSeenByTheReducerAndOnlyDuringItsReduce() {
    let reducer = DepRecorder("r").dependency(\.depNumber, 7)

    #expect(run(reducer) == ["r 7 100 default"])
    #expect(DependencyValues.current.depNumber == 0)
  }

  @Test func withChainedOverridesOfOneKeyTheFirstAppliedWins() {
    let reducer = DepRecorder("r")
      .dependency(\.depNumber, 1)
      .dependency(\.depNumber, 2)
      .dependency(\.depNumber, 3)

    #expect(run(reducer) == ["r 1 100 default"])
  }

  @Test func aParentOverrideDoesNotBeatTheChildsOwn() {
    let reducer = CombineReducers {
      DepRecorder("child").dependency(\.depNumber, 1)
    }
    .dependency(\.depNumber, 2)

    #expect(run(reducer) == ["child 1 100 default"])
  }

  @Test func aParentOverrideReachesTheChildrenThatSetNoneOfTheirOwn() {
    let reducer = CombineReducers {
      DepRecorder("child").dependency(\.depNumber, 1)
      DepRecorder("sibling")
    }
    .dependency(\.depNumber, 2)
    .dependency(\.depLabel, "parent")

    #expect(run(reducer) == ["child 1 100 parent", "sibling 2 100 parent"])
  }

  @Test func oneOperatorChainOverridesSeveralKeysAtOnce() {
    let reducer = DepRecorder("r")
      .dependency(\.depNumber, 1)
      .dependency(\.depLabel, "label")

    #expect(run(reducer) == ["r 1 100 label"])
  }

  @Test func theOperatorBeatsAnOverrideInEffectAroundTheReduce() {
    let reducer = DepRecorder("r").dependency(\.depNumber, 1)

    let seen = withDependencies {
      $0.depNumber = 9
      $0.depLabel = "around"
    } operation: {
      run(reducer)
    }

    // The operator wins for its key; the surrounding scope still provides the rest.
    #expect(seen == ["r 1 100 around"])
  }

  @Test func theOperatorCanSetTheContext() {
    struct ContextReader: ReducerProtocol {
      @Dependency(\.depContextual) var contextual
      func reduce(into state: inout [String], action: Void) -> Effect<Void> {
        state.append(contextual)
        return .none
      }
    }

    #expect(run(ContextReader().dependency(\.context, .preview)) == ["preview"])
  }

  // MARK: Keys with no value for the context

  /// Reads one dependency into the state, through `DependencyValues.current`.
  private struct Reader<Value: Sendable>: ReducerProtocol {
    let read: @Sendable (DependencyValues) -> Value
    func reduce(into state: inout [Value], action: Void) -> Effect<Void> {
      state.append(read(DependencyValues.current))
      return .none
    }
  }

  private func run<Value>(_ reducer: some ReducerProtocol<[Value], Void>) -> [Value] {
    var state: [Value] = []
    _ = reducer.reduce(into: &state, action: ())
    return state
  }

  @Test func replacingAKeyWithNoTestValueReportsNothing() {
    let warnings = Probe.Warnings()
    let seen = RuntimeWarning.withHandler(warnings.handler) {
      run(Reader { $0.depLiveOnly }.dependency(\.depLiveOnly, "replaced"))
    }

    #expect(seen == ["replaced"])
    #expect(warnings.messages.isEmpty)
  }

  @Test func replacingAKeyWithNoLiveValueInTheLiveContextReportsNothing() {
    let warnings = Probe.Warnings()
    let seen = RuntimeWarning.withHandler(warnings.handler) {
      withDependencies {
        $0.context = .live
      } operation: {
        run(Reader { $0.depInterfaceOnly }.dependency(\.depInterfaceOnly, "replaced"))
      }
    }

    #expect(seen == ["replaced"])
    #expect(warnings.messages.isEmpty)
  }

  /// A write to one field builds on the rest of the value, which has no test value here: as in
  /// swift-dependencies, a read made to override is not reported, only a use of the default unchanged.
  @Test func writingIntoAKeyWithNoTestValueKeepsTheRestOfTheValueQuietly() {
    let warnings = Probe.Warnings()
    let seen = RuntimeWarning.withHandler(warnings.handler) {
      run(Reader { $0.depLivePair }.dependency(\.depLivePair.first, "written"))
    }

    #expect(seen == [DepPair(first: "written", second: "live")])
    #expect(warnings.messages.isEmpty)
  }
}
