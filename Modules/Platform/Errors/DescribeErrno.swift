import Glibc

/// The system's description of the error number `code`, such as `No such file or directory` for `ENOENT`,
/// for the end of a one-line error message.
///
/// Never traps: when the C library has no text for `code`, the result is `error` and the number
/// (`error 4242`). Read `errno` right after the failing call and pass it here; any call in between may
/// change it.
public func describe(errno code: Int32) -> String {
  strerror(code).map { String(cString: $0) } ?? "error \(code)"
}
