/// A named operation for the ``Harness`` to time.
///
/// `prepare` runs once, untimed, before any measurement: build stores and other fixtures there. It returns
/// the body the harness times, which must perform the operation exactly `iterations` times and pass what it
/// produced to ``blackHole(_:)`` at least once, so the optimiser cannot drop the work. The harness calls the
/// body many times on the same fixture, so the operation must stay valid when repeated.
///
/// A body is synchronous, or asynchronous for an operation that waits for effects (a store's save reaching the
/// database); the harness awaits an asynchronous body once per timed run, so its own cost is spread over
/// the run's iterations as a synchronous body's is.
struct Benchmark {
  /// The name the CLI prints and filters on, such as `store.send.depth3`.
  let name: String
  /// Builds the fixture and returns the timed body.
  let prepare: @MainActor () async -> @MainActor (_ iterations: Int) async -> Void

  /// A benchmark whose fixture and body are synchronous.
  init(_ name: String, prepare: @escaping @MainActor () -> @MainActor (_ iterations: Int) -> Void) {
    self.name = name
    self.prepare = {
      let body = prepare()
      return { iterations in body(iterations) }
    }
  }

  /// A benchmark whose fixture or body waits: for a store's effects, say.
  init(_ name: String, preparing: @escaping @MainActor () async -> @MainActor (_ iterations: Int) async -> Void) {
    self.name = name
    self.prepare = preparing
  }
}
