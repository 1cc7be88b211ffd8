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

  /// Creates the file at `path`, which must not exist, readable and writable by its owner only, and opens it
  /// for writing: its descriptor, or the system's description of why it could not be created.
  package static func createNewFile(_ path: String) -> Result<Int32, CLibraryError> {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    return descriptor >= 0 ? .success(descriptor) : .failure(CLibraryError())
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

  /// Where the next write to `descriptor` goes: its offset; nil when it has none (a pipe).
  package static func offset(of descriptor: Int32) -> Int64? {
    let offset = lseek(descriptor, 0, SEEK_CUR)
    return offset < 0 ? nil : Int64(offset)
  }

  /// Cuts the file open at `descriptor` to `length` bytes and moves its offset there; nothing if it can't.
  package static func truncate(_ descriptor: Int32, to length: Int64) {
    guard ftruncate(descriptor, off_t(length)) == 0 else { return }
    _ = lseek(descriptor, off_t(length), SEEK_SET)
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

  /// The system's text for ``code``, such as "No such file or directory".
  package var description: String {
    strerror(code).map { String(cString: $0) } ?? "error \(code)"
  }
}
