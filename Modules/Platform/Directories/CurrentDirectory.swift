import Glibc

/// The process's working directory, absolute, or nil when the system cannot say (it was removed, or its path
/// is longer than the system returns).
///
/// Foundation's `FileManager.currentDirectoryPath` reads it into a buffer of about 1 KB and answers `/` when
/// the path is longer, so a relative name under a deep directory became a name in `/`; this asks `getcwd` for
/// a buffer as long as the path.
public func currentDirectory() -> String? {
  guard let directory = getcwd(nil, 0) else { return nil }
  defer { free(directory) }
  return String(cString: directory)
}
