import Platform

/// A system call on a database's files that failed, with its `errno`.
public struct SystemCallError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The `errno` the call left: `EACCES` for a file of another user.
  public let errno: Int32

  /// The failure with `errno`.
  public init(errno: Int32) {
    self.errno = errno
  }

  /// The system's words for ``errno``: `Permission denied`.
  public var description: String {
    describe(errno: errno)
  }
}
