/// Watches a long computation for its caller: asks whether to stop, and turns work done into whole percents.
///
/// Percents are reported in increasing order, each at most once: 0 when the monitor is made, then as work
/// is done (never 100 before ``finish()``, however far the estimate of the total work was off), then 100.
final class ComputationMonitor {
  private let isCancelled: () -> Bool
  private let report: (Int) -> Void
  private var totalUnits = 1
  private var doneUnits = 0
  private var lastPercent = 0

  init(isCancelled: @escaping () -> Bool, report: @escaping (Int) -> Void) {
    self.isCancelled = isCancelled
    self.report = report
    report(0)
  }

  /// Throws `CancellationError` if the caller asked to stop.
  func check() throws {
    if isCancelled() { throw CancellationError() }
  }

  /// Sets the estimate of the whole work, in units of the caller's choosing; work done so far counts in it.
  func expect(totalUnits: Int) {
    self.totalUnits = max(totalUnits, 1)
    advance(by: 0)
  }

  /// Records `units` more units of work done, reporting the percent if it grew.
  func advance(by units: Int) {
    doneUnits += units
    let percent = min(99, doneUnits * 100 / totalUnits)
    if percent > lastPercent {
      lastPercent = percent
      report(percent)
    }
  }

  /// Reports 100: the work is done.
  func finish() {
    if lastPercent < 100 {
      lastPercent = 100
      report(100)
    }
  }
}
