import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reports misuse that the library survives but a developer should fix: an action for absent state, an action
/// sent after teardown, an error nothing caught.
///
/// A warning goes to the innermost `handler` in scope (the test helpers set one around each step), else to
/// the process-wide fallback (the test support module installs one in every test binary, which fails the
/// running test), else to standard error as one line.
package enum RuntimeWarning {
  package typealias Handler = @Sendable (_ message: String, _ location: SourceLocation?) -> Void

  @TaskLocal package static var handler: Handler?

  private static let fallback = Mutex<Handler?>(nil)

  /// Sets the handler used where no task-local `handler` is in scope.
  package static func installFallback(_ handler: @escaping Handler) {
    fallback.withLock { $0 = handler }
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
    var text = text
    text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return }
      var offset = 0
      while offset < bytes.count {
        let written = write(2, base + offset, bytes.count - offset)
        guard written > 0 else { return }
        offset += written
      }
    }
  }
}
