// The library's one import of the C library.
//
// Every other module of the package reaches libc through `Platform`; the library cannot, because it imports
// nothing of PrimeTime (docs/Architecture.md): it ships as a product of its own. What it needs is a few calls,
// wrapped here so that no other file of the library, or of its test support, imports libc.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library calls of the library and its test support, in one place.
package enum CLibrary {
  /// The descriptor of standard error.
  package static let standardError: Int32 = 2

  /// The value of the environment variable `name`, or nil when it is not set.
  package static func environmentValue(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// A number for the thread running now that no other running thread has.
  package static func currentThread() -> UInt {
    #if canImport(Darwin)
      UInt(bitPattern: pthread_self())
    #else
      UInt(pthread_self())
    #endif
  }

  /// Creates the file at `path`, which must not exist, readable and writable by its owner only (mode 0600,
  /// whatever the umask), and opens it for writing: its descriptor, or why it could not be created.
  package static func createNewFile(_ path: String) -> Result<Int32, CLibraryError> {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return .failure(CLibraryError()) }
    // The mode is 0600 whatever the umask took away from it (a umask of 077 or more leaves the owner less).
    _ = fchmod(descriptor, 0o600)
    return .success(descriptor)
  }

  /// Closes `descriptor`.
  package static func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
  }

  /// Writes all of `text` to `descriptor`, again after a partial write or a signal; nil when all of it was
  /// written, otherwise why not.
  package static func writeWhole(_ text: String, to descriptor: Int32) -> CLibraryError? {
    var text = text
    return text.withUTF8 { bytes in
      var rest = UnsafeRawBufferPointer(bytes)
      while let base = rest.baseAddress, !rest.isEmpty {
        let count = write(descriptor, base, rest.count)
        guard count > 0 else {
          if count < 0 && errno == EINTR { continue }
          return count < 0 ? CLibraryError() : CLibraryError(code: EIO)
        }
        rest = UnsafeRawBufferPointer(rebasing: rest.dropFirst(count))
      }
      return nil
    }
  }

  /// Cuts the file open at `descriptor` to `length` bytes and moves its offset there; nothing if it can't.
  package static func truncate(_ descriptor: Int32, to length: Int64) {
    guard ftruncate(descriptor, off_t(length)) == 0 else { return }
    _ = lseek(descriptor, off_t(length), SEEK_SET)
  }

  /// Why ``readRegularFile(_:maximumSize:)`` read nothing.
  package enum ReadRefusal: Error {
    /// The file could not be opened, or a read failed.
    case failed(CLibraryError)
    /// The path names something other than a regular file: a directory, a FIFO, a device.
    case notARegularFile(isDirectory: Bool)
    /// The file is larger than the reader takes; its size in bytes.
    case tooLarge(Int64)
  }

  /// The bytes of the regular file at `path`, read whole, if it holds at most `maximumSize` bytes.
  ///
  /// Anything else is refused before a byte is read: a directory, a FIFO (opened without waiting for a
  /// writer), a device such as `/dev/zero`, a file larger than `maximumSize`. A path ending in `/` names a
  /// directory, so a file named that way is refused as the system refuses it. A file that grows while it is
  /// read is read up to the size it had when it was opened.
  package static func readRegularFile(_ path: String, maximumSize: Int64) -> Result<[UInt8], ReadRefusal> {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(.failed(CLibraryError())) }
    defer { _ = close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return .failure(.failed(CLibraryError())) }
    let type = status.st_mode & S_IFMT
    guard type == S_IFREG else { return .failure(.notARegularFile(isDirectory: type == S_IFDIR)) }
    let size = Int64(status.st_size)
    guard size <= maximumSize else { return .failure(.tooLarge(size)) }
    var bytes = [UInt8](repeating: 0, count: Int(size))
    var filled = 0
    while filled < bytes.count {
      let count = bytes.withUnsafeMutableBytes { buffer in
        // In bounds: `filled` is below the buffer's count, and the read asks for what is left of it.
        read(descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
      }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { return .failure(.failed(CLibraryError())) }
      if count == 0 { break }  // The file shrank while it was read: what is there is the file.
      filled += count
    }
    return .success(Array(bytes[..<filled]))
  }

  /// Runs `body` when the process exits normally (`exit`, or the end of `main`), after the handlers
  /// registered later; it captures nothing, as a C function pointer.
  package static func atExit(_ body: @escaping @convention(c) () -> Void) {
    _ = atexit(body)
  }

  /// Ends the process at once with `status`, running no exit handlers.
  package static func exitImmediately(_ status: Int32) -> Never {
    _exit(status)
  }
}

/// A failed C library call: its `errno`, described as the system describes it.
package struct CLibraryError: Error, CustomStringConvertible {
  /// The error number.
  package var code: Int32

  /// The error of the call that just failed (the current `errno`).
  package init(code: Int32 = errno) {
    self.code = code
  }

  /// The system's text for ``code``, worded to stand mid-sentence: "no such file or directory".
  ///
  /// The rule of PrimeTime's `describe(errno:)` (Platform), which this library cannot import: the first word in
  /// lower case unless it is an abbreviation in capitals ("RPC struct is bad").
  package var description: String {
    guard let text = strerror(code).map({ String(cString: $0) }) else { return "error \(code)" }
    let firstWord = text.prefix { $0 != " " }
    guard firstWord.filter(\.isUppercase).count == 1, let first = firstWord.first, first.isUppercase else {
      return text
    }
    return first.lowercased() + text.dropFirst()
  }

  /// Why a file could not be written, in words for the end of a line: `the file size limit (ulimit -f) stops it
  /// from growing`; the system's text for other errors.
  package var writingReason: String {
    code == EFBIG ? "the file size limit (ulimit -f) stops it from growing" : description
  }

  /// Why a file could not be opened for reading, in words for the end of a line: `there is no such file`,
  /// `it is a directory`, `permission denied`; the system's text for other errors.
  package var readingReason: String {
    switch code {
    case ENOENT: "there is no such file"
    case EISDIR: "it is a directory"
    case EACCES, EPERM: "permission denied"
    case ENOTDIR: "a directory on its path is a file (a file's path does not end in '/')"
    default: description
    }
  }
}
