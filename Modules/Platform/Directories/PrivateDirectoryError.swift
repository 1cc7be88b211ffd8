/// Why ``PrivateDirectories/createMissing(_:)`` stopped.
public enum PrivateDirectoryError: Error, Equatable, Sendable {
  /// `path`, a prefix of the path asked for, exists and is not a directory.
  case notADirectory(path: String)
  /// `path` could not be looked at or made; `code` is the `errno`, for ``describe(errno:)``.
  case cannotCreate(path: String, code: Int32)
}
