import ComposableArchitecture
import Synchronization
import Testing

import Platform

/// How many live values of `RacedKey` were made since the count was last reset.
private let racedBuilds = Mutex(0)

/// A key whose live value counts how many times it is made, and takes a millisecond to make, so that readers
/// racing to read it first overlap.
private enum RacedKey: DependencyKey {
  static var liveValue: Int {
    let count = racedBuilds.withLock { count in
      count += 1
      return count
    }
    usleep(1_000)
    return count
  }

  static let testValue = 0
}

/// A key whose live value reads `InnerKey` while it is made.
private enum OuterKey: DependencyKey {
  static var liveValue: String { "outer of \(DependencyValues.current[InnerKey.self])" }
  static let testValue = ""
}

/// A key read while `OuterKey`'s live value is made.
private enum InnerKey: DependencyKey {
  static var liveValue: String { "inner" }
  static let testValue = ""
}

/// A key whose live value reads itself: it can never be made.
private enum SelfReadingKey: DependencyKey {
  static var liveValue: Int { DependencyValues.current[SelfReadingKey.self] + 1 }
  static let testValue = 0
}

/// A key whose live value reads `CycleBKey`, whose live value reads this one: neither can ever be made.
private enum CycleAKey: DependencyKey {
  static var liveValue: Int { DependencyValues.current[CycleBKey.self] }
  static let testValue = 0
}

/// The other half of `CycleAKey`'s cycle.
private enum CycleBKey: DependencyKey {
  static var liveValue: Int { DependencyValues.current[CycleAKey.self] }
  static let testValue = 0
}

/// A key whose live value takes a tenth of a second, then reads `CrossBKey`, whose live value does the same
/// with this one: made on two threads at once, each thread ends up waiting for the other.
private enum CrossAKey: DependencyKey {
  static var liveValue: Int {
    usleep(100_000)
    return DependencyValues.current[CrossBKey.self]
  }

  static let testValue = 0
}

/// The other half of `CrossAKey`'s cycle.
private enum CrossBKey: DependencyKey {
  static var liveValue: Int {
    usleep(100_000)
    return DependencyValues.current[CrossAKey.self]
  }

  static let testValue = 0
}

/// Live values with a cache of their own, for `scope`: what the process's cache is, made afresh.
private func liveValues(cachedFor scope: String) -> DependencyValues {
  var values = DependencyValues()
  values.context = .live
  values.cacheDefaultValues(for: scope)
  return values
}

/// A live (or preview) default is made once however many readers race to read it first, by a build guarded per
/// key: a default made from other dependencies makes them meanwhile, and one that reads itself stops the
/// program naming it rather than hang.
@Suite(.timeLimit(.minutes(2)))
struct DefaultValueBuildTests {
  @Test func eightReadersRacingToReadALiveDefaultFirstMakeItOnce() async {
    for round in 0..<40 {
      racedBuilds.withLock { $0 = 0 }
      let values = liveValues(cachedFor: "race \(round)")
      let read = await withTaskGroup(of: Int.self) { group in
        for _ in 0..<8 {
          group.addTask {
            withDependencies { $0 = values } operation: { DependencyValues.current[RacedKey.self] }
          }
        }
        return await group.reduce(into: Set<Int>()) { $0.insert($1) }
      }
      #expect(racedBuilds.withLock { $0 } == 1, "round \(round)")
      #expect(read == [1], "round \(round)")
    }
  }

  @Test func aDefaultThatReadsAnotherDependencyWhileItIsMadeMakesItMeanwhile() {
    let values = liveValues(cachedFor: "nested")
    let outer = withDependencies { $0 = values } operation: { DependencyValues.current[OuterKey.self] }
    let inner = withDependencies { $0 = values } operation: { DependencyValues.current[InnerKey.self] }

    #expect(outer == "outer of inner")
    #expect(inner == "inner")
  }

  @Test func aDefaultThatReadsItselfStopsTheProgramNamingIt() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = withDependencies {
        $0.context = .live
        $0.cacheDefaultValues(for: "self-reading")
      } operation: {
        DependencyValues.current[SelfReadingKey.self]
      }
    }.map { result in
      let output = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(
        output.contains("SelfReadingKey was read while its live value was being made (SelfReadingKey → SelfReadingKey)")
      )
    }
  }

  @Test func defaultsThatReadEachOtherStopTheProgramNamingTheCycle() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      _ = withDependencies {
        $0.context = .live
        $0.cacheDefaultValues(for: "cycle")
      } operation: {
        DependencyValues.current[CycleAKey.self]
      }
    }.map { result in
      let output = String(decoding: result.standardErrorContent, as: UTF8.self)
      #expect(
        output.contains("CycleAKey was read while its live value was being made (CycleAKey → CycleBKey → CycleAKey)")
      )
    }
  }

  @Test func defaultsThatReadEachOtherOnTwoThreadsAtOnceStopTheProgramRatherThanWaitForEachOther() async {
    await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await withDependencies {
        $0.context = .live
        $0.cacheDefaultValues(for: "cross")
      } operation: {
        await withTaskGroup(of: Int.self) { group in
          group.addTask { DependencyValues.current[CrossAKey.self] }
          group.addTask { DependencyValues.current[CrossBKey.self] }
          await group.waitForAll()
        }
      }
    }.map { result in
      let output = String(decoding: result.standardErrorContent, as: UTF8.self)
      // Which thread finds the cycle first decides where the chain starts.
      #expect(output.contains("value was being made (Cross"))
      #expect(output.contains("), so it can never be made."))
    }
  }
}
