import CPlatform
import Glibc

/// The stacks of the process's threads under an address-space limit (`ulimit -v`).
///
/// glibc reserves 8 MiB of address space (`ulimit -s`) for each thread's stack. Under a limit of about 50 MB a
/// Swift program then cannot start the threads its tasks and Dispatch queues need, and Dispatch waits for one
/// without end: the program hangs, and no signal can end it, since handling one needs a thread too. Call
/// ``fitToAddressSpaceLimitOrExit(name:)`` first thing in `main`, after `StandardStreams.ensureOpen()` (which
/// starts none) and before anything starts a thread:
///
/// ```swift
/// StandardStreams.ensureOpen()
/// ThreadStacks.fitToAddressSpaceLimitOrExit(name: "counter-demo")
/// TerminationSignals.install()
/// ```
public enum ThreadStacks {
  /// The stack a thread reserves under an address-space limit: 1 MiB, twice what macOS gives a thread other
  /// than the main one, and plenty for this code, whose tasks keep their frames off the thread stacks.
  public static let sizeUnderALimit = 1 << 20

  /// The address space that must be left over once the threads fit, for the work itself: 8 MiB. A limit that
  /// leaves less fails the first allocation of any size, and Swift stops the program with a stack trace
  /// instead of a line; work that needs more (a long `nth`, a large list) can still meet that end.
  static let headroom = 8 << 20

  /// How many threads must fit besides the cooperative pool's one per CPU: the main thread, Dispatch's
  /// manager, signal handling, a database's queue and a few more, as a running `primetime` has them.
  static let threadsBesidesThePool = 6

  /// Under an address-space limit, makes every thread started from now on reserve ``sizeUnderALimit`` of
  /// stack, then starts as many threads at once as the process may need, with ``headroom`` reserved beside
  /// them; when they do not fit, writes one line naming the limit to standard error and exits with status 1.
  /// Without a limit, does nothing.
  public static func fitToAddressSpaceLimitOrExit(name: String) {
    var limit = rlimit()
    // `rlim_t.max` is RLIM_INFINITY, a macro Swift does not import.
    guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else {
      return
    }
    _ = c_platform_shrink_default_thread_stack(sizeUnderALimit)
    let processors = max(sysconf(Int32(_SC_NPROCESSORS_ONLN)), 1)
    // Reserved, not touched: it counts against the limit while the threads start, and costs no memory.
    let reserve = mmap(nil, headroom, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
    let fits = reserve != MAP_FAILED && canStart(threads: processors + threadsBesidesThePool)
    if let reserve, reserve != MAP_FAILED {
      munmap(reserve, headroom)
    }
    guard !fits else { return }
    writeAll(
      "\(name): the address-space limit (ulimit -v) of \(limit.rlim_cur / 1024) KB leaves too little room for "
        + "\(name)'s threads and work; raise the limit or remove it.\n", to: STDERR_FILENO)
    exit(1)
  }

  /// Whether `count` threads can run at once: each is started and waits on a pipe until all are, then all
  /// end and are joined.
  static func canStart(threads count: Int) -> Bool {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return false }
    defer { close(ends[0]) }
    var started: [pthread_t] = []
    for _ in 0..<count {
      var thread = pthread_t()
      // The read end's number travels as the argument; a read returns at the end of input, once the write
      // end is closed below.
      let created = pthread_create(
        &thread, nil,
        { argument in
          var byte: UInt8 = 0
          _ = read(Int32(truncatingIfNeeded: Int(bitPattern: argument)), &byte, 1)
          return nil
        }, UnsafeMutableRawPointer(bitPattern: Int(ends[0])))
      guard created == 0 else { break }
      started.append(thread)
    }
    close(ends[1])
    for thread in started {
      pthread_join(thread, nil)
    }
    return started.count == count
  }
}
