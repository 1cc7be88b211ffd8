import Platform

/// The rule that every command-line argument is valid UTF-8, shared by every executable.
///
/// Swift's `CommandLine.arguments` repairs bytes that are not UTF-8 with U+FFFD, so a file name such as
/// `bad\xFF.db` would silently become another one. The check reads the raw bytes instead
/// (`CommandLine.unsafeArgv`) and refuses the first argument that is not UTF-8, naming its position and
/// showing its bytes; ``CommandLineInterface/optionsOrExit(initial:console:arguments:)`` applies it before any option is used.
public enum ArgumentEncoding {
  /// The arguments of this process as bytes, without the program name, read from `CommandLine.unsafeArgv`.
  public static var processArguments: [[UInt8]] {
    let count = Int(CommandLine.argc)
    guard count > 1 else { return [] }
    return (1..<count).map { index in
      guard let argument = CommandLine.unsafeArgv[index] else { return [] }
      let start = UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self)
      return Array(UnsafeBufferPointer(start: start, count: strlen(argument)))
    }
  }

  /// The error for the first of `arguments` (without the program name; the first is argument 1) that is not
  /// valid UTF-8, or nil when all are: `argument 2 is not valid UTF-8: 'bad\xFF.db'; give every argument in
  /// UTF-8`, where printable ASCII is shown as it is and every other byte as `\xHH`.
  public static func firstInvalid(in arguments: [[UInt8]]) -> UsageError? {
    for (index, bytes) in arguments.enumerated() where String(validating: bytes, as: UTF8.self) == nil {
      return UsageError(
        "argument \(index + 1) is not valid UTF-8: '\(escaped(bytes))'; give every argument in UTF-8"
      )
    }
    return nil
  }

  /// `bytes` with printable ASCII as it is and every other byte (and the backslash) as `\xHH`.
  private static func escaped(_ bytes: [UInt8]) -> String {
    var shown = ""
    for byte in bytes {
      if (0x20...0x7E).contains(byte) && byte != UInt8(ascii: "\\") {
        shown.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = String(byte, radix: 16, uppercase: true)
        shown += "\\x" + (hex.count == 1 ? "0" + hex : hex)
      }
    }
    return shown
  }
}
