import Synchronization

/// Reports misuse that the library survives but a developer should fix: an action for absent state, an action
/// sent after teardown, an error nothing caught.
///
/// A warning goes to the innermost `handler` in scope (the test helpers set one around each step), else to
/// the process-wide fallback (the test support module installs one in every test binary, which fails the
/// running test), else to standard error as one line.
package enum RuntimeWarning {
  package typealias Handler = @Sendable (_ message: String, _ location: SourceLocation?) -> Void

  /// The handler in scope for the current task, if any; set one with ``withHandler(_:operation:)``.
  package static var handler: Handler? { handlers.get()?.handle }

  /// The task local behind ``handler``.
  ///
  /// It holds the closure in a class rather than holding it directly: release builds pushed a task-local
  /// optional closure with no type metadata, which crashed in `swift_task_localValuePush`.
  private static let handlers = TaskLocal<HandlerBox?>(wrappedValue: nil)

  /// A handler, boxed for ``handlers``.
  private final class HandlerBox: Sendable {
    let handle: Handler

    init(_ handle: @escaping Handler) {
      self.handle = handle
    }
  }

  /// Runs `operation` with `handler` receiving the warnings raised inside it (and in the tasks it starts).
  package static func withHandler<Result>(
    _ handler: @escaping Handler,
    operation: () throws -> Result
  ) rethrows -> Result {
    try handlers.withValue(HandlerBox(handler), operation: operation)
  }

  /// Runs `operation` with `handler` receiving the warnings raised inside it (and in the tasks it starts).
  package static func withHandler<Result>(
    _ handler: @escaping Handler,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    try await handlers.withValue(HandlerBox(handler), operation: operation)
  }

  private static let fallback = Mutex<Handler?>(nil)

  /// Sets the handler used where no task-local `handler` is in scope.
  package static func installFallback(_ handler: @escaping Handler) {
    fallback.withLock { $0 = handler }
  }

  /// Runs `body` with every warning it raises collected instead of reported, and returns them in order.
  package static func collecting(_ body: () -> Void) -> [(message: String, location: SourceLocation?)] {
    let warnings = Mutex<[(message: String, location: SourceLocation?)]>([])
    withHandler({ message, location in warnings.withLock { $0.append((message, location)) } }) {
      body()
    }
    return warnings.withLock { $0 }
  }

  /// Reports `message`, pointing at `location` when the misuse has a place in the source.
  @usableFromInline
  package static func report(_ message: String, at location: SourceLocation? = nil) {
    if let handler = handler ?? fallback.withLock({ $0 }) {
      handler(message, location)
    } else {
      writeToStandardError(line(message, at: location))
    }
  }

  /// The warning as the one line written to standard error.
  package static func line(_ message: String, at location: SourceLocation?) -> String {
    "\(location.map { "\($0): " } ?? "")runtime warning: \(message)\n"
  }

  /// Writes `text` to standard error, unbuffered.
  package static func writeToStandardError(_ text: String) {
    _ = CLibrary.writeWhole(text, to: CLibrary.standardError)
  }
}
