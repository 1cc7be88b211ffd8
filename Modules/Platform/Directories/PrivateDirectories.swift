import Glibc

/// Makes the missing directories of a path with mode 0700, so only their owner can look inside.
///
/// ```swift
/// let created = try PrivateDirectories.createMissing("/home/ada/.local/share/primetime")
/// // ["/home/ada/.local/share", "/home/ada/.local/share/primetime"] on a first run, [] after
/// ```
public enum PrivateDirectories {
  /// Creates every missing directory of `path` (the path itself included), outermost first, each with mode
  /// exactly 0700 (set after `mkdir`, whose mode the umask narrows), and returns the ones it made, as
  /// prefixes of `path` as written. Directories that exist are left as they are, including their mode; one
  /// another process makes meanwhile is neither an error nor counted.
  ///
  /// The path is walked forward once, one `stat` (and at most one `mkdir`) per component; empty, `.` and
  /// `..` components only lengthen the prefix, so `/a/gone/../kept` makes `/a/gone` and `/a/gone/../kept`.
  /// A relative path is taken from the working directory.
  ///
  /// - Throws: ``PrivateDirectoryError/notADirectory(path:)`` when a component exists and is not a
  ///   directory, ``PrivateDirectoryError/cannotCreate(path:code:)`` when one cannot be looked at or made.
  public static func createMissing(_ path: String) throws(PrivateDirectoryError) -> [String] {
    var created: [String] = []
    var prefix = ""
    for (index, component) in path.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
      prefix += index == 0 ? String(component) : "/" + component
      guard !component.isEmpty, component != ".", component != ".." else { continue }
      if let isDirectory = isDirectory(prefix) {
        guard isDirectory else { throw .notADirectory(path: prefix) }
        continue
      }
      let statCode = errno
      guard statCode == ENOENT else { throw .cannotCreate(path: prefix, code: statCode) }
      if mkdir(prefix, 0o700) == 0 {
        chmod(prefix, 0o700)
        created.append(prefix)
        continue
      }
      let code = errno
      // EEXIST: another process made it meanwhile; fine if it is a directory.
      guard code == EEXIST, isDirectory(prefix) == true else {
        throw .cannotCreate(path: prefix, code: code)
      }
    }
    return created
  }

  /// Whether `path` is a directory (following links, as `mkdir` and `open` do), or nil when `stat` fails
  /// (its reason left in `errno`).
  private static func isDirectory(_ path: String) -> Bool? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return status.st_mode & S_IFMT == S_IFDIR
  }
}
