import Glibc

/// A pipe from a signal handler to a dispatch read source: both ends close on `exec` and never block (a
/// handler must not wait on a full pipe). Nil when `pipe` fails.
func makeSignalPipe() -> (readEnd: Int32, writeEnd: Int32)? {
  var ends: [Int32] = [-1, -1]
  guard pipe(&ends) == 0 else { return nil }
  for end in ends {
    _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    _ = fcntl(end, F_SETFL, O_NONBLOCK)
  }
  return (ends[0], ends[1])
}
