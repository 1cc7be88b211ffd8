import Foundation
public import Testing

/// Calls `action` on a thread of its own as soon as `condition` holds, looking every millisecond, and returns
/// when `action` was called; `nil`, with an issue recorded naming `what`, when `condition` never holds within
/// `timeout`.
///
/// ```swift
/// try running.write("backup \(copy)\n")
/// let signalled = await act(once: "the backup's hidden copy is made", {
///   let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
///   return names.contains { $0.hasPrefix(".primetime-backup-") }
/// }) {
///   running.send(signal: SIGTERM)
/// }
/// ```
///
/// For a test that must act while something short-lived lasts (a signal while a backup writes its copy, or
/// while an import is being saved). A full run keeps the threads of Swift's concurrency pool busy, and a test's
/// task that polls for the moment can wait seconds for its turn, and act once the moment is gone; a thread of
/// its own is woken by the kernel after each millisecond's sleep, so `action` runs within a scheduling delay.
public func act(
  once what: String,
  within timeout: Duration = hangBound,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ condition: @escaping @Sendable () -> Bool,
  then action: @escaping @Sendable () -> Void
) async -> ContinuousClock.Instant? {
  let deadline = ContinuousClock.now + timeout
  let acted = await withCheckedContinuation { (continuation: CheckedContinuation<ContinuousClock.Instant?, Never>) in
    Thread {
      while ContinuousClock.now < deadline {
        if condition() {
          let now = ContinuousClock.now
          action()
          continuation.resume(returning: now)
          return
        }
        usleep(1000)
      }
      continuation.resume(returning: nil)
    }.start()
  }
  if acted == nil {
    Issue.record("\(what) did not happen within \(timeout)", sourceLocation: sourceLocation)
  }
  return acted
}
