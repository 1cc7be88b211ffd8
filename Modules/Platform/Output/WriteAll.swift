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
  var written = 0
  return writeAll(bytes, to: fileDescriptor, written: &written)
}

/// Appends all of `text` to the regular file open at `fileDescriptor` with `O_APPEND`, or none of it: when a
/// write stops partway (the file size limit, `ulimit -f`; a full disk), the part it wrote is cut off again, so
/// the file still ends where the last whole text appended ended: never inside a line or a UTF-8 character.
///
/// Returns nil once everything is written, or the `errno` of the write that failed (`EFBIG` for the file size
/// limit, with `SIGXFSZ` ignored). The cut assumes no other process appended to the file during this call.
@discardableResult
public func appendWhole(_ text: String, toFile fileDescriptor: Int32) -> Int32? {
  var text = text
  return text.withUTF8 { bytes in
    var written = 0
    guard let code = writeAll(UnsafeRawBufferPointer(bytes), to: fileDescriptor, written: &written) else {
      return nil
    }
    if written > 0 {
      // With O_APPEND the offset is the end of what this call wrote.
      let end = lseek(fileDescriptor, 0, SEEK_CUR)
      if end >= written {
        _ = ftruncate(fileDescriptor, end - off_t(written))
      }
    }
    return code
  }
}

/// ``writeAll(_:to:)`` counting in `written` the bytes it wrote, also when it fails.
private func writeAll(_ bytes: UnsafeRawBufferPointer, to fileDescriptor: Int32, written: inout Int) -> Int32? {
  guard let base = bytes.baseAddress else { return nil }
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
