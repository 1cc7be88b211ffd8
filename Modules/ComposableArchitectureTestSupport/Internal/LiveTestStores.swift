import ComposableArchitecture
import Synchronization

/// The test stores alive now, so that one that never goes away (kept in a global or a `static`, or in a task
/// that outlives the run) still fails the run: when the test process ends, each one with work left over is
/// named on standard error and the process exits with status 1.
///
/// A store made inside ``collectTestFailures(isolation:_:)`` is left out: its failures belong to a collector
/// that no longer listens, and tests of the test tools leave such stores on purpose.
final class LiveTestStores: Sendable {
  static let shared = LiveTestStores()

  private struct Entry: Sendable {
    let leftovers: LeftoverSnapshot
    let context: TestContext
    let location: TestLocation
  }

  private let entries = Mutex<(next: UInt64, live: [UInt64: Entry])>((0, [:]))

  private init() {}

  /// Makes the check at exit run, once, when the test binary loads.
  func installExitCheck() {
    CLibrary.atExit { LiveTestStores.shared.reportStoresStillAlive() }
  }

  /// Adds a store; returns the number to remove it with.
  func register(_ leftovers: LeftoverSnapshot, context: TestContext, location: TestLocation) -> UInt64 {
    entries.withLock { entries in
      let number = entries.next
      entries.next &+= 1
      entries.live[number] = Entry(leftovers: leftovers, context: context, location: location)
      return number
    }
  }

  /// Removes a store that went away.
  func unregister(_ number: UInt64) {
    _ = entries.withLock { $0.live.removeValue(forKey: number) }
  }

  /// Names every store still alive with work left over, and ends the process with status 1 if there is one.
  private func reportStoresStillAlive() {
    let live = entries.withLock { $0.live.sorted { $0.key < $1.key }.map(\.value) }
    var failed = false
    for entry in live where entry.context.collector == nil {
      let failures = entry.leftovers.takeReport(moment: "when the test process ended").filter { !$0.isExpected }
      guard !failures.isEmpty else { continue }
      failed = true
      RuntimeWarning.writeToStandardError(
        "error: A test store outlived its test with work left over: it was created at "
          + "\(entry.location.fileID):\(entry.location.line) in \(entry.context.testDescription), and was still "
          + "alive when the test process ended (kept in a global or a static, or by a task that never ended). "
          + "Keep the store inside its test and await store.finish() before the test returns.\n"
          + failures.map(\.text).joined(separator: "\n") + "\n"
      )
    }
    if failed {
      CLibrary.exitImmediately(1)
    }
  }
}
