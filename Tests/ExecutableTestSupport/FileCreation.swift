public import Foundation
public import Testing

import Platform

/// Calls `action` on a thread of its own the moment a file whose name starts with `prefix` is made in
/// `directory` (after `start`, which sets it going), and returns when `action` was called; `nil`, with an issue
/// recorded, when no such file is made within `timeout`.
///
/// ```swift
/// let signalled = try await whenAFile(named: ".primetime-backup-", appearsIn: home.url) {
///   try running.write("backup \(copy)\n")
/// } then: {
///   running.send(signal: SIGTERM)
/// }
/// ```
///
/// For a test that must act while a short-lived file exists (a signal while a backup's hidden copy is being
/// written). A test's task that polls for the file can be kept from running for seconds when the whole suite
/// shares a loaded machine, and then sees the file only once it is gone; the kernel wakes this thread as the
/// file is made (inotify), so `action` runs within a scheduling delay of it.
///
/// - Throws: ``ExecutableFailure`` when `directory` cannot be watched; what `start` throws.
public func whenAFile(
  named prefix: String,
  appearsIn directory: URL,
  within timeout: Duration = hangBound,
  sourceLocation: SourceLocation = #_sourceLocation,
  after start: () throws -> Void,
  then action: @escaping @Sendable () -> Void
) async throws -> ContinuousClock.Instant? {
  let watcher = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
  guard watcher >= 0 else {
    throw ExecutableFailure(description: "cannot watch \(directory.path): \(describe(errno: errno))")
  }
  guard inotify_add_watch(watcher, directory.path, UInt32(IN_CREATE | IN_MOVED_TO)) >= 0 else {
    let reason = describe(errno: errno)
    close(watcher)
    throw ExecutableFailure(description: "cannot watch \(directory.path): \(reason)")
  }
  do {
    try start()
  } catch {
    close(watcher)
    throw error
  }
  let deadline = ContinuousClock.now + timeout
  let seen = await withCheckedContinuation { continuation in
    Thread {
      defer { close(watcher) }
      continuation.resume(returning: waitForAFile(named: Array(prefix.utf8), on: watcher, until: deadline, action))
    }.start()
  }
  if seen == nil {
    Issue.record(
      "no file named \(prefix)… was made in \(directory.path) within \(timeout)", sourceLocation: sourceLocation)
  }
  return seen
}

/// Reads `watcher`'s events until one names a file starting with `prefix`, then calls `action`; returns when
/// it did, or nil at `deadline`.
private func waitForAFile(
  named prefix: [UInt8], on watcher: Int32, until deadline: ContinuousClock.Instant,
  _ action: @Sendable () -> Void
) -> ContinuousClock.Instant? {
  var events = [UInt8](repeating: 0, count: 64 * 1024)
  let header = MemoryLayout<inotify_event>.size
  while case let left = deadline - .now, left > .zero {
    var request = pollfd(fd: watcher, events: Int16(POLLIN), revents: 0)
    guard poll(&request, 1, Int32(min(1000, (left / .milliseconds(1)).rounded(.up)))) > 0 else { continue }
    let count = events.withUnsafeMutableBytes { read(watcher, $0.baseAddress, $0.count) }
    var offset = 0
    // Each event: its header, then its name, padded with zero bytes.
    while count > 0, offset + header <= count {
      let length = Int(events.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self).len })
      let name = events[(offset + header)..<min(offset + header + length, count)].prefix { $0 != 0 }
      if name.starts(with: prefix) {
        let now = ContinuousClock.now
        action()
        return now
      }
      offset += header + length
    }
  }
  return nil
}
