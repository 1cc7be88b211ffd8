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
/// By default a warning is one line on standard error. The test helpers install a handler for the duration
/// of a test so that each warning becomes a test failure instead.
package enum RuntimeWarning {
  @TaskLocal package static var handler: (@Sendable (_ message: String, _ location: SourceLocation?) -> Void)?

  /// Reports `message`, pointing at `location` when the misuse has a place in the source.
  @usableFromInline
  package static func report(_ message: String, at location: SourceLocation? = nil) {
    if let handler {
      handler(message, location)
    } else {
      writeToStandardError("\(location.map { "\($0): " } ?? "")runtime warning: \(message)\n")
    }
  }
}

private func writeToStandardError(_ text: String) {
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
