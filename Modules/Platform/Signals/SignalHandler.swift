import Glibc

/// Makes `handler` the handler of `signalNumber`, with interrupted system calls restarted (`SA_RESTART`) and
/// no other signal blocked while it runs; returns `sigaction`'s result (0 on success) and, in `previous`, the
/// disposition it replaced.
///
/// The handler runs on whatever thread takes the signal: it may call only async-signal-safe functions
/// (`write`, `tcsetattr`, lock-free atomics) and should keep `errno` as it found it. This function is itself
/// async-signal-safe (`sigemptyset`, `sigaction`): a handler may re-install itself.
@discardableResult
public func setSignalHandler(
  _ signalNumber: Int32,
  to handler: @convention(c) (Int32) -> Void,
  previous: UnsafeMutablePointer<sigaction>? = nil
) -> Int32 {
  var action = sigaction()
  action.__sigaction_handler.sa_handler = handler
  sigemptyset(&action.sa_mask)
  action.sa_flags = SA_RESTART
  return sigaction(signalNumber, &action, previous)
}
