import Glibc

/// A pipe whose ends close on `exec` and never block; nil when `pipe` fails.
///
/// For waking a reader from elsewhere: a signal handler (which must not wait on a full pipe) or another thread
/// writes a byte to `writeEnd`, and whatever polls `readEnd` wakes.
public func makeNonBlockingPipe() -> (readEnd: Int32, writeEnd: Int32)? {
  var ends: [Int32] = [-1, -1]
  guard pipe(&ends) == 0 else { return nil }
  for end in ends {
    _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    _ = fcntl(end, F_SETFL, O_NONBLOCK)
  }
  return (ends[0], ends[1])
}
