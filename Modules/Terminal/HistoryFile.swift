#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a line editor keeps its history between sessions: a text file, one entry per line.
///
/// The file is created with mode 0600 and missing parent directories with mode 0700 (existing ones are
/// left as they are). Each accepted line is appended at once, so a crash loses nothing; when the file
/// holds more than the history's capacity it is rewritten (through a temporary file and a rename) with
/// the newest entries only. Every failure is returned as a message for one warning line; nothing here traps.
struct HistoryFile: Sendable {
  /// The file's path.
  let path: String

  /// The most bytes read from the end of an existing file; older text is ignored.
  static let maximumReadBytes = 1 << 20

  /// The history stored in the file: empty when the file does not exist yet; a message when it exists
  /// but cannot be read.
  func load(capacity: Int) -> Result<(history: History, lineCount: Int), HistoryFileError> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let error = errno
      return error == ENOENT ? .success((History(capacity: capacity), 0)) : .failure(.reading(path, error))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .failure(.reading(path, errno)) }
    guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.reading(path, EISDIR)) }
    if status.st_size > Self.maximumReadBytes {
      _ = lseek(descriptor, -off_t(Self.maximumReadBytes), SEEK_END)
    }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while bytes.count < Self.maximumReadBytes {
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
    let text = String(decoding: bytes, as: UTF8.self)
    let lineCount = text.reduce(0) { $1.isNewline ? $0 + 1 : $0 }
    return .success((History(fileContents: text, capacity: capacity), lineCount))
  }

  /// Appends `line` and a newline, creating the file and its directories if needed.
  func append(_ line: String) -> HistoryFileError? {
    if let error = createParentDirectories() {
      return error
    }
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return .writing(path, errno) }
    defer { close(descriptor) }
    return writeAll(line + "\n", to: descriptor)
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
    Terminal.writeAll(text, to: descriptor).map { .writing(path, $0) }
  }

  /// Creates every missing directory above the file with mode 0700.
  private func createParentDirectories() -> HistoryFileError? {
    var components = path.split(separator: "/", omittingEmptySubsequences: false)
    components.removeLast()
    var directory = ""
    for (index, component) in components.enumerated() {
      directory += index == 0 ? String(component) : "/" + component
      guard !component.isEmpty, component != ".", component != ".." else { continue }
      if mkdir(directory, 0o700) != 0 && errno != EEXIST {
        return .writing(path, errno)
      }
    }
    return nil
  }
}

/// Why a history file could not be used; its `message` is the warning line, without the program name.
struct HistoryFileError: Error, Equatable, Sendable {
  let message: String

  static func reading(_ path: String, _ code: Int32) -> HistoryFileError {
    HistoryFileError(
      message: "warning: cannot read the history file \(path): \(describe(code)); history will not be saved."
    )
  }

  static func writing(_ path: String, _ code: Int32) -> HistoryFileError {
    HistoryFileError(
      message: "warning: cannot write the history file \(path): \(describe(code)); history will not be saved."
    )
  }

  private static func describe(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }
}
