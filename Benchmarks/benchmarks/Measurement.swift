/// The timing of one benchmark: nanoseconds per operation for each run, and the figures reported from them.
///
/// `samples` holds one entry per timed run, in run order; it is never empty when built by ``Harness``.
struct Measurement: Equatable {
  /// The benchmark's name.
  let name: String
  /// How many operations each run performed.
  let iterations: Int
  /// Nanoseconds per operation, one entry per run.
  let samples: [Double]

  /// The number of timed runs.
  var runs: Int { samples.count }

  /// The median of ``samples``: the figure to compare.
  var median: Double { Self.median(of: samples) }

  /// The fastest run, in nanoseconds per operation; `0` when there are no samples.
  var min: Double { samples.min() ?? 0 }

  /// The slowest run, in nanoseconds per operation; `0` when there are no samples.
  var max: Double { samples.max() ?? 0 }

  /// The median of `values`: the middle one, or the mean of the two middle ones for an even count; `0` when
  /// `values` is empty.
  static func median(of values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    if sorted.count.isMultiple(of: 2) {
      return (sorted[middle - 1] + sorted[middle]) / 2
    }
    return sorted[middle]
  }
}
