import Synchronization

/// What a test store has left to assert (actions received, effects running), described, and readable from
/// any thread: what its deinit, which may run anywhere, and an XCTest teardown block report.
///
/// The store's recorder keeps it up to date on the main actor, one change at a time (appending or taking an
/// action costs the same whatever the number waiting). It knows what a report must leave out: actions a
/// failure already named, effects the test chose to skip, and, with exhaustivity off, everything (or, when
/// skipped assertions are shown, it lists them as expected failures). The report is taken once: after one
/// check has reported leftovers, later checks find nothing, so a failure is never reported twice.
final class LeftoverSnapshot: Sendable {
  /// One message of a report, and whether it is an expected failure (a skipped assertion, listed because
  /// exhaustivity is `.off(showSkippedAssertions: true)`) rather than a failure.
  struct Message: Equatable {
    let kind: TestFailure.Kind
    let text: String
    let isExpected: Bool
  }

  private struct Contents {
    /// The received actions, described; those before `head` were taken.
    var receivedActions: [String] = []
    var head = 0
    /// How many of the oldest actions not taken a failure already named.
    var reportedCount = 0
    var runningEffects: [String] = []
    var exhaustivity: Exhaustivity = .on
    var isReported = false
  }

  private let contents = Mutex(Contents())

  /// Records one more action received, described inline.
  func appendReceivedAction(_ description: String) {
    contents.withLock { $0.receivedActions.append(description) }
  }

  /// Records that the oldest received action was taken by a step.
  func removeFirstReceivedAction() {
    contents.withLock { contents in
      guard contents.head < contents.receivedActions.count else { return }
      contents.head += 1
      if contents.head == contents.receivedActions.count {
        contents.receivedActions.removeAll(keepingCapacity: true)
        contents.head = 0
      }
    }
  }

  /// Records that every received action was dropped.
  func removeAllReceivedActions() {
    contents.withLock { contents in
      contents.receivedActions.removeAll(keepingCapacity: true)
      contents.head = 0
    }
  }

  /// Records how many of the oldest waiting actions a failure has already named.
  func setReportedCount(_ count: Int) {
    contents.withLock { $0.reportedCount = count }
  }

  /// Replaces the running effects that still count, each described as a bullet line.
  func setRunningEffects(_ descriptions: [String]) {
    contents.withLock { $0.runningEffects = descriptions }
  }

  /// Records the store's exhaustivity, which decides whether leftovers are failures.
  func setExhaustivity(_ exhaustivity: Exhaustivity) {
    contents.withLock { $0.exhaustivity = exhaustivity }
  }

  /// The messages for what is left `moment` (for example "when the test store went away"), one per kind of
  /// leftover; empty when nothing is left to report or when an earlier call already reported.
  func takeReport(moment: String) -> [Message] {
    let (received, running, exhaustivity) = contents.withLock {
      contents -> ([String], [String], Exhaustivity) in
      guard !contents.isReported else { return ([], [], .on) }
      let received = Array(contents.receivedActions[contents.head...].dropFirst(contents.reportedCount))
      contents.isReported = !received.isEmpty || !contents.runningEffects.isEmpty
      return (received, contents.runningEffects, contents.exhaustivity)
    }
    var messages: [Message] = []
    switch exhaustivity {
    case .on:
      if !received.isEmpty {
        messages.append(Message(
          kind: .actionLeftUnreceived,
          text: "\(count(received.count, "received action")) left unasserted \(moment); add a receive step "
            + "for each, then await store.finish():\n" + bulleted(received),
          isExpected: false
        ))
      }
      if !running.isEmpty {
        messages.append(Message(
          kind: .effectStillRunning,
          text: "\(count(running.count, "effect")) still running \(moment); await store.finish(), or cancel "
            + "it in a step:\n" + running.joined(separator: "\n"),
          isExpected: false
        ))
      }
    case .off(showSkippedAssertions: true):
      if !received.isEmpty {
        messages.append(Message(
          kind: .actionLeftUnreceived,
          text: "\(count(received.count, "received action")) left unasserted \(moment); exhaustivity is "
            + "off, so \(received.count == 1 ? "it is" : "they are") dropped:\n" + bulleted(received),
          isExpected: true
        ))
      }
      if !running.isEmpty {
        messages.append(Message(
          kind: .effectStillRunning,
          text: "\(count(running.count, "effect")) still running \(moment); exhaustivity is off, so "
            + "\(running.count == 1 ? "it is" : "they are") cancelled:\n" + running.joined(separator: "\n"),
          isExpected: true
        ))
      }
    case .off(showSkippedAssertions: false):
      break
    }
    return messages
  }
}

private func bulleted(_ descriptions: [String]) -> String {
  descriptions.map { "  • \($0)" }.joined(separator: "\n")
}

private func count(_ n: Int, _ noun: String) -> String {
  n == 1 ? "1 \(noun)" : "\(n) \(noun)s"
}
