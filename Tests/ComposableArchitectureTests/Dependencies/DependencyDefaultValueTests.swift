import ComposableArchitecture
import Synchronization
import Testing

/// A stateful default: every live, preview or test value made is a new counter, so identity tells whether a
/// default was made again.
final class DepCounter: Sendable {
  private let count = Mutex(0)

  func next() -> Int {
    count.withLock { count in
      count += 1
      return count
    }
  }
}

enum DepCounterKey: DependencyKey {
  static var liveValue: DepCounter { DepCounter() }
  static var previewValue: DepCounter { DepCounter() }
  static var testValue: DepCounter { DepCounter() }
}

/// A key only the `prepareDependencies` test reads.
enum DepPreparedKey: TestDependencyKey {
  static let testValue = "prepared:test"
  static let previewValue = "prepared:preview default"
}

extension DependencyValues {
  var depCounter: DepCounter {
    get { self[DepCounterKey.self] }
    set { self[DepCounterKey.self] = newValue }
  }

  var depPrepared: String {
    get { self[DepPreparedKey.self] }
    set { self[DepPreparedKey.self] = newValue }
  }
}

/// Default values made once per key and context, and `prepareDependencies`.
@Suite(.timeLimit(.minutes(2)))
struct DependencyDefaultValueTests {
  private func counter(in context: DependencyContext) -> DepCounter {
    withDependencies {
      $0.context = context
    } operation: {
      DependencyValues.current.depCounter
    }
  }

  @Test func aLiveDefaultIsMadeOnceAndKeepsItsState() {
    let first = counter(in: .live)
    let second = counter(in: .live)

    #expect(first === second)
    #expect(first.next() + 1 == second.next())
  }

  @Test func aPreviewDefaultIsMadeOnceAndIsNotTheLiveOne() {
    let first = counter(in: .preview)
    let second = counter(in: .preview)

    #expect(first === second)
    #expect(first !== counter(in: .live))
  }

  @Test func withoutACacheOfItsOwnATestDefaultIsMadeOncePerTest() {
    // Test defaults are never shared by the process, as tests run in parallel, but each test keeps its own.
    #expect(counter(in: .test) === counter(in: .test))
  }

  @Test func outsideAnyTestATestDefaultIsMadeOnEachRead() async {
    // A detached task runs outside the test that started it: no test keeps its defaults.
    let (first, second) = await Task.detached { (self.counter(in: .test), self.counter(in: .test)) }.value
    #expect(first !== second)
  }

  @Test func aCacheMakesEachKeysDefaultOncePerContext() {
    let cache = DefaultValueCache(scope: "aCacheMakesEachKeysDefaultOncePerContext")
    let made = Mutex(0)
    func read(_ context: DependencyContext) -> Int {
      cache.value(for: DepNumberKey.self, in: context) {
        made.withLock { made in
          made += 1
          return made
        }
      }
    }

    #expect([read(.live), read(.live), read(.preview), read(.live), read(.preview)] == [1, 1, 2, 1, 2])
    #expect(made.withLock { $0 } == 2)
  }

  @Test func preparedValuesAreReadWhereNothingOverridesThem() {
    // Inside a test, what a test prepares goes to that test's defaults, in the context in effect.
    prepareDependencies {
      $0.context = .preview
      $0.depPrepared = "prepared"
    }

    let prepared = withDependencies { $0.context = .preview } operation: { DependencyValues.current.depPrepared }
    let overridden = withDependencies {
      $0.context = .preview
      $0.depPrepared = "overridden"
    } operation: {
      DependencyValues.current.depPrepared
    }

    #expect(prepared == "prepared")
    #expect(overridden == "overridden")
    // Prepared for the preview context only.
    #expect(DependencyValues.current.depPrepared == "prepared:test")
  }

  @Test func preparingAKeyTwiceIsReportedAndTheFirstValueStays() {
    let cache = DefaultValueCache(scope: "preparingAKeyTwiceIsReportedAndTheFirstValueStays")
    let warnings = Probe.Warnings()

    RuntimeWarning.withHandler(warnings.handler) {
      prepareDependencies(in: cache, { $0.depLabel = "first" }, at: SourceLocation(fileID: "App/main.swift", line: 3))
      prepareDependencies(in: cache, { $0.depLabel = "second" }, at: SourceLocation(fileID: "App/main.swift", line: 7))
    }

    #expect(
      warnings.messages == [
        "prepareDependencies was given a String for a dependency that was already read or prepared, so it is "
          + "ignored and the value in use is kept. Prepare each dependency once, before anything reads it: first "
          + "thing at the program's entry point, or at the start of the test. To override one for a scope, use "
          + "withDependencies."
      ]
    )
    #expect(warnings.entries.map(\.location) == ["App/main.swift:7"])
    #expect(cache.value(for: DepLabelKey.self, in: .test) { "made" } == "first")
  }

  @Test func preparingAKeyAfterItWasReadIsReportedAndTheValueReadStays() {
    let cache = DefaultValueCache(scope: "preparingAKeyAfterItWasReadIsReportedAndTheValueReadStays")
    let warnings = Probe.Warnings()

    _ = cache.value(for: DepLabelKey.self, in: .live) { "read" }
    RuntimeWarning.withHandler(warnings.handler) {
      prepareDependencies(
        in: cache,
        {
          $0.context = .live
          $0.depLabel = "late"
        },
        at: SourceLocation(fileID: "App/main.swift", line: 9)
      )
    }

    #expect(warnings.messages.count == 1)
    #expect(cache.value(for: DepLabelKey.self, in: .live) { "made" } == "read")
  }

  @Test func preparingAfterOtherKeysWereReadOrPreparedIsQuiet() {
    let cache = DefaultValueCache(scope: "preparingAfterOtherKeysWereReadOrPreparedIsQuiet")
    let warnings = Probe.Warnings()

    _ = cache.value(for: DepNumberKey.self, in: .test) { 1 }
    RuntimeWarning.withHandler(warnings.handler) {
      prepareDependencies(in: cache, { $0.depLabel = "label" }, at: SourceLocation(fileID: "App/main.swift", line: 2))
      prepareDependencies(in: cache, { $0.depOtherNumber = 2 }, at: SourceLocation(fileID: "App/main.swift", line: 3))
    }

    #expect(warnings.messages.isEmpty)
    #expect(cache.value(for: DepOtherNumberKey.self, in: .test) { 0 } == 2)
  }

  @Test func preparingOnceBeforeAnyReadIsQuiet() {
    let cache = DefaultValueCache(scope: "preparingOnceBeforeAnyReadIsQuiet")
    let warnings = Probe.Warnings()

    RuntimeWarning.withHandler(warnings.handler) {
      prepareDependencies(in: cache, { $0.depNumber += 1 }, at: SourceLocation(fileID: "App/main.swift", line: 2))
    }

    #expect(warnings.messages.isEmpty)
    #expect(cache.value(for: DepNumberKey.self, in: .test) { 0 } == 1)
  }
}
