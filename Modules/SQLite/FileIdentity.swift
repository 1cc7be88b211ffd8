import Platform

/// Which file a path names: its device and inode, to tell whether a path still names the file opened, or
/// two paths name one file.
public struct FileIdentity: Equatable, Sendable {
  /// The device holding the file.
  public let device: UInt64
  /// The file's inode on that device.
  public let inode: UInt64

  /// The file `path` names now (following links); nil when nothing is there or it cannot be examined.
  public init?(of path: String) {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    self.init(status)
  }

  /// The file open at `descriptor`; nil when it cannot be examined.
  public init?(descriptor: Int32) {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    self.init(status)
  }

  /// The file `status` describes (from `stat`, `lstat` or `fstat`).
  private init(_ status: stat) {
    device = UInt64(truncatingIfNeeded: status.st_dev)
    inode = UInt64(truncatingIfNeeded: status.st_ino)
  }

  /// The file `path` names itself, a symbolic link not followed; nil when nothing is there or it cannot be
  /// examined.
  public init?(ofLink path: String) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    self.init(status)
  }
}
