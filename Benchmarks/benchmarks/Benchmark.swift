/// A named operation for the ``Harness`` to time.
///
/// `prepare` runs once, untimed, before any measurement: build stores and other fixtures there. It returns
/// the body the harness times, which must perform the operation exactly `iterations` times and pass what it
/// produced to ``blackHole(_:)`` at least once, so the optimiser cannot drop the work. The harness calls the
/// body many times on the same fixture, so the operation must stay valid when repeated.
struct Benchmark {
  /// The name the CLI prints and filters on, such as `store.send.depth3`.
  let name: String
  /// Builds the fixture and returns the timed body.
  let prepare: @MainActor () -> @MainActor (_ iterations: Int) -> Void

  init(_ name: String, prepare: @escaping @MainActor () -> @MainActor (_ iterations: Int) -> Void) {
    self.name = name
    self.prepare = prepare
  }
}
