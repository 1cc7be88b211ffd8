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
