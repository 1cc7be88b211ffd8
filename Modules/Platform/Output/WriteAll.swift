import Glibc

/// Writes all of `text` to `fileDescriptor` with POSIX `write`, looping over partial writes and `EINTR`, and
/// waiting (with `poll`) when the descriptor was left non-blocking and is full.
///
/// Returns nil once everything is written, or the `errno` of the write that failed (`EIO` for a write that
/// wrote nothing); the rest of the text is then dropped.
@discardableResult
public func writeAll(_ text: String, to fileDescriptor: Int32) -> Int32? {
  var text = text
  return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: fileDescriptor) }
}

/// Writes all of `bytes` to `fileDescriptor`, as the `String` overload writes a string's UTF-8.
///
/// Returns nil once everything is written, or the `errno` of the write that failed (`EIO` for a write that
/// wrote nothing).
@discardableResult
public func writeAll(_ bytes: UnsafeRawBufferPointer, to fileDescriptor: Int32) -> Int32? {
  guard let base = bytes.baseAddress else { return nil }
  var written = 0
  while written < bytes.count {
    let result = write(fileDescriptor, base + written, bytes.count - written)
    if result > 0 {
      written += result
    } else if result < 0 && errno == EINTR {
      continue
    } else if result < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
      var request = pollfd(fd: fileDescriptor, events: Int16(POLLOUT), revents: 0)
      while poll(&request, 1, -1) < 0 && errno == EINTR {}
    } else {
      return result < 0 ? errno : EIO
    }
  }
  return nil
}
