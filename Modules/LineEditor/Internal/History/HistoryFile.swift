import Platform

/// Where a line editor keeps its history between sessions: a text file, one entry per line.
///
/// The file is created with mode 0600 and missing parent directories with mode 0700 (existing ones are
/// left as they are); an existing file of the user's own is made 0600 on the first append, one of another
/// user's that others may read is refused. A symbolic link as the file is never followed, and a file with
/// another hard link or anything but a regular file is never used: each is refused with one warning line.
/// Each accepted line is appended at once, so a crash loses nothing; when the file
/// holds more than the history's capacity it is rewritten (through a temporary file and a rename) with
/// the newest entries only. Every failure is returned as a message for one warning line; nothing here traps.
struct HistoryFile: Sendable {
  /// The file's path.
  let path: String

  /// The most bytes read from the end of an existing file; older text is ignored.
  static let maximumReadBytes = 1 << 20

  /// What `load` found: the history, how many lines it read, and whether older text was skipped (the file
  /// is longer than `maximumReadBytes`), in which case the file should be rewritten.
  struct Contents: Sendable {
    let history: History
    let lineCount: Int
    let skippedOlderText: Bool
  }

  /// The history stored in the file: empty when the file does not exist yet; a message when it exists
  /// but cannot be read.
  ///
  /// Only the last `maximumReadBytes` of a longer file are read, without the line cut in two where the
  /// reading starts.
  func load(capacity: Int) -> Result<Contents, HistoryFileError> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard descriptor >= 0 else {
      let error = errno
      if error == ELOOP, isSymbolicLink() {
        return .failure(.symbolicLink(path))
      }
      if error == ENOTDIR, let blocker = firstNonDirectoryAbove() {
        return .failure(.notADirectory(path, blocker, reading: true))
      }
      return error == ENOENT
        ? .success(Contents(history: History(capacity: capacity), lineCount: 0, skippedOlderText: false))
        : .failure(.reading(path, error))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .failure(.reading(path, errno)) }
    if let error = refusal(of: status, reading: true) {
      return .failure(error)
    }
    var limit = Self.maximumReadBytes
    let skipsOlderText = status.st_size > Self.maximumReadBytes
    if skipsOlderText {
      // One byte more than kept, so a line starting exactly at the cut is seen to start there.
      limit += 1
      guard lseek(descriptor, -off_t(limit), SEEK_END) >= 0 else { return .failure(.reading(path, errno)) }
    }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while bytes.count < limit {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes += buffer[0..<count]
      } else if count < 0 && errno == EINTR {
        continue
      } else if count < 0 {
        return .failure(.reading(path, errno))
      } else {
        break
      }
    }
    if skipsOlderText {
      let firstLineBreak = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
      bytes.removeSubrange(..<min(firstLineBreak + 1, bytes.endIndex))
    }
    let text = String(decoding: bytes, as: UTF8.self)
    let lineCount = text.reduce(0) { $1.isNewline ? $0 + 1 : $0 }
    return .success(
      Contents(
        history: History(fileContents: text, capacity: capacity),
        lineCount: lineCount,
        skippedOlderText: skipsOlderText
      )
    )
  }

  /// Appends `line` and a newline, creating the file and its directories if needed.
  func append(_ line: String) -> HistoryFileError? {
    if let error = createParentDirectories() {
      return error
    }
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
    guard descriptor >= 0 else {
      let error = errno
      if error == ELOOP && isSymbolicLink() {
        return .symbolicLink(path)
      }
      // A FIFO without a reader fails with ENXIO: name what is there instead.
      var status = stat()
      if lstat(path, &status) == 0, let refused = refusal(of: status, reading: false) {
        return refused
      }
      return .writing(path, error)
    }
    defer { close(descriptor) }
    if let error = keepPrivate(descriptor) {
      return error
    }
    return writeAll(line + "\n", to: descriptor)
  }

  /// Checks that the open file is a regular file and makes it 0600 if it is the user's own; one of
  /// another user's that others may use is refused rather than written to.
  private func keepPrivate(_ descriptor: Int32) -> HistoryFileError? {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .writing(path, errno) }
    if let error = refusal(of: status, reading: false) {
      return error
    }
    let mode = status.st_mode & 0o777
    guard mode != 0o600 else { return nil }
    guard status.st_uid == geteuid() else { return .notPrivate(path, mode: mode) }
    return fchmod(descriptor, 0o600) == 0 ? nil : .writing(path, errno)
  }

  /// Why the file described by `status` is not used, if it isn't: a directory, a FIFO, a device or a socket
  /// (named as such), or a file with another hard link (appending would change it behind that name's back).
  private func refusal(of status: stat, reading: Bool) -> HistoryFileError? {
    switch status.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: return reading ? .reading(path, EISDIR) : .writing(path, EISDIR)
    case S_IFIFO: return .notARegularFile(path, kind: "a FIFO", reading: reading)
    case S_IFCHR, S_IFBLK: return .notARegularFile(path, kind: "a device", reading: reading)
    case S_IFSOCK: return .notARegularFile(path, kind: "a socket", reading: reading)
    default: return .notARegularFile(path, kind: "something else", reading: reading)
    }
    return status.st_nlink > 1 ? .hardLinked(path) : nil
  }

  /// Whether the file's path names a symbolic link itself (not followed).
  private func isSymbolicLink() -> Bool {
    var status = stat()
    return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
  }

  /// Replaces the file's contents with `history`'s entries, atomically.
  func rewrite(with history: History) -> HistoryFileError? {
    if let error = createParentDirectories() {
      return error
    }
    let temporary = "\(path).\(getpid()).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return .writing(path, errno) }
    if let error = writeAll(history.fileContents, to: descriptor) {
      close(descriptor)
      unlink(temporary)
      return error
    }
    close(descriptor)
    guard rename(temporary, path) == 0 else {
      let error = errno
      unlink(temporary)
      return .writing(path, error)
    }
    return nil
  }

  private func writeAll(_ text: String, to descriptor: Int32) -> HistoryFileError? {
    Platform.writeAll(text, to: descriptor).map { .writing(path, $0) }
  }

  /// Creates every missing directory above the file with mode 0700 (``PrivateDirectories``); something
  /// there that is not a directory is named in the error.
  private func createParentDirectories() -> HistoryFileError? {
    guard let slash = path.lastIndex(of: "/") else { return nil }
    do {
      _ = try PrivateDirectories.createMissing(String(path[..<slash]))
      return nil
    } catch {
      switch error {
      case .notADirectory(let directory): return .notADirectory(path, directory, reading: false)
      case .cannotCreate(_, let code): return .writing(path, code)
      }
    }
  }

  /// The first of the directories above the file that exists but is not a directory, if any.
  private func firstNonDirectoryAbove() -> String? {
    for (directory, component) in Self.directories(above: path) where !component.isEmpty {
      var status = stat()
      guard stat(directory, &status) == 0 else { return nil }
      if status.st_mode & S_IFMT != S_IFDIR {
        return directory
      }
    }
    return nil
  }

  /// Each directory above the file at `path`, outermost first, as a path as long as the given one up to
  /// that component (`/a//b/../c/file` gives `/a`, `/a/`, `/a//b`, `/a//b/..`, `/a//b/../c`), with its
  /// last component.
  private static func directories(above path: String) -> [(path: String, component: Substring)] {
    var components = path.split(separator: "/", omittingEmptySubsequences: false)
    components.removeLast()
    var directory = ""
    var result: [(path: String, component: Substring)] = []
    for (index, component) in components.enumerated() {
      directory += index == 0 ? String(component) : "/" + component
      result.append((directory, component))
    }
    return result
  }
}
