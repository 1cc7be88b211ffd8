import Synchronization

/// What a test store has left to assert (actions received, effects running), described, and readable from
/// any thread: what its deinit, which may run anywhere, and an XCTest teardown block report.
///
/// The store's recorder updates it on the main actor after every change. The report is taken once: after
/// one check has reported leftovers, later checks find nothing, so a failure is never reported twice.
final class LeftoverSnapshot: Sendable {
  private struct Contents {
    var receivedActions: [String] = []
    var runningEffects: [String] = []
    var isReported = false
  }

  private let contents = Mutex(Contents())

  /// Replaces the descriptions: each received action inline, each running effect as a bullet line.
  func update(receivedActions: [String], runningEffects: [String]) {
    contents.withLock {
      $0.receivedActions = receivedActions
      $0.runningEffects = runningEffects
    }
  }

  /// The failure messages for what is left `moment` (for example "when the test store went away"), one per
  /// kind of leftover; empty when nothing is left or when an earlier call already reported.
  func takeReport(moment: String) -> [String] {
    let (received, running) = contents.withLock { contents -> ([String], [String]) in
      guard !contents.isReported else { return ([], []) }
      contents.isReported = !contents.receivedActions.isEmpty || !contents.runningEffects.isEmpty
      return (contents.receivedActions, contents.runningEffects)
    }
    var messages: [String] = []
    if !received.isEmpty {
      messages.append(
        "\(count(received.count, "received action")) left unasserted \(moment); add a receive step for each, "
          + "then await store.finish():\n" + received.map { "  • \($0)" }.joined(separator: "\n")
      )
    }
    if !running.isEmpty {
      messages.append(
        "\(count(running.count, "effect")) still running \(moment); await store.finish(), or cancel it in a "
          + "step:\n" + running.joined(separator: "\n")
      )
    }
    return messages
  }
}

private func count(_ n: Int, _ noun: String) -> String {
  n == 1 ? "1 \(noun)" : "\(n) \(noun)s"
}
