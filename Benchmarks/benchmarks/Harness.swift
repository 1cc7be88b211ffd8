/// Times ``Benchmark``s: warms each one up, calibrates an iteration count, then takes several timed runs.
///
/// Each run calls the body once with the calibrated count and is timed as a whole with `ContinuousClock`,
/// so the clock's own cost is spread over millions of operations. The count is chosen so one run takes about
/// ``Configuration/runTime``. Runs happen one after another on the main actor, where `Store` lives; nothing
/// else should run meanwhile, since other work on the machine shows up as noise in the max.
@MainActor
struct Harness {
  /// How long to spend on each benchmark.
  struct Configuration: Sendable, Equatable {
    /// The time one timed run should take; the iteration count is calibrated to it.
    var runTime: Duration
    /// How many timed runs to take; the median of them is reported.
    var runs: Int
    /// The least time to spend running the body, untimed, before the timed runs (calibration counts).
    var warmUpTime: Duration

    /// For real measurements: 7 runs of about 75 ms each after at least 100 ms of warm-up.
    static let standard = Configuration(runTime: .milliseconds(75), runs: 7, warmUpTime: .milliseconds(100))

    /// For smoke tests: 3 runs of about 2 ms each; the figures are noisy.
    static let quick = Configuration(runTime: .milliseconds(2), runs: 3, warmUpTime: .milliseconds(2))
  }

  /// The most operations a single run may perform, whatever the calibration says.
  static let maxIterations = 1 << 40

  let configuration: Configuration
  private let clock = ContinuousClock()

  init(configuration: Configuration) {
    self.configuration = configuration
  }

  /// Prepares `benchmark`, warms it up, and returns its timing over ``Configuration/runs`` runs.
  func measure(_ benchmark: Benchmark) async -> Measurement {
    let body = await benchmark.prepare()
    let iterations = await calibrate(body)
    var samples: [Double] = []
    samples.reserveCapacity(configuration.runs)
    for _ in 0..<Swift.max(1, configuration.runs) {
      let elapsed = await time(body, iterations: iterations)
      samples.append(Self.nanoseconds(elapsed) / Double(iterations))
    }
    return Measurement(name: benchmark.name, iterations: iterations, samples: samples)
  }

  /// Finds the iteration count for one run, running the body untimed for at least the warm-up time.
  ///
  /// The count doubles until a batch takes a tenth of the run time, which is long enough for the clock to be
  /// precise; then full runs repeat, each re-estimating the count, until the warm-up time is used up.
  private func calibrate(_ body: @MainActor (Int) async -> Void) async -> Int {
    let threshold = configuration.runTime / 10
    var spent = Duration.zero
    var iterations = 1
    var elapsed = await time(body, iterations: iterations)
    spent += elapsed
    while elapsed < threshold && iterations < Self.maxIterations / 2 {
      iterations *= 2
      elapsed = await time(body, iterations: iterations)
      spent += elapsed
    }
    iterations = scaled(iterations, took: elapsed)
    repeat {
      elapsed = await time(body, iterations: iterations)
      spent += elapsed
      iterations = scaled(iterations, took: elapsed)
    } while spent < configuration.warmUpTime
    return iterations
  }

  /// The count that should take ``Configuration/runTime``, given that `iterations` took `elapsed`.
  private func scaled(_ iterations: Int, took elapsed: Duration) -> Int {
    let perOperation = Self.nanoseconds(elapsed) / Double(iterations)
    guard perOperation > 0 else { return Self.maxIterations }
    let wanted = (Self.nanoseconds(configuration.runTime) / perOperation).rounded(.up)
    guard wanted < Double(Self.maxIterations) else { return Self.maxIterations }
    return Swift.max(1, Int(wanted))
  }

  private func time(_ body: @MainActor (Int) async -> Void, iterations: Int) async -> Duration {
    let start = clock.now
    await body(iterations)
    return clock.now - start
  }

  /// `duration` in nanoseconds.
  nonisolated static func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) * 1e-9
  }
}
