import Synchronization

/// What a stubbed endpoint was asked, in order, recorded from whichever task an effect runs on.
final class CallLog<Value: Sendable>: Sendable {
  private let storage = Mutex<[Value]>([])

  func append(_ value: Value) {
    storage.withLock { $0.append(value) }
  }

  var values: [Value] {
    storage.withLock { $0 }
  }
}

/// Suspends until the current task is cancelled, then throws `CancellationError`: a request that never answers.
func suspendUntilCancelled() async throws {
  let (never, continuation) = AsyncStream<Never>.makeStream()
  for await _ in never {}
  continuation.finish()
  throw CancellationError()
}

/// An error whose description is the reason a client gives.
struct ClientError: Error, CustomStringConvertible {
  let description: String
}
