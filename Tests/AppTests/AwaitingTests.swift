import ExecutableTestSupport
import Synchronization
import Testing

/// `awaiting`, the bound on every wait whose end depends on the code under test.
@Suite(.timeLimit(.minutes(2)))
struct AwaitingTests {
  @Test func anOperationThatEndsInTimeGivesItsValueAndNoIssue() async {
    let value = await awaiting("the answer", within: .seconds(30)) { 17 }
    #expect(value == 17)
  }

  /// An operation that never ends, and ignores cancellation too, fails the test in the bound, naming what
  /// was awaited.
  @Test func anOperationThatNeverEndsFailsNamingWhatWasAwaited() async {
    var value: Int? = 0
    await withKnownIssue {
      value = await awaiting("the answer that never comes", within: .milliseconds(200)) {
        await neverEnding()
        return 17
      }
    } matching: { issue in
      issue.comments.map(\.rawValue) == ["timed out after 0.2 seconds waiting for the answer that never comes"]
    }
    #expect(value == nil)
  }

  /// The test's own cancellation (its time limit) ends the wait at once, cancelling the operation, with no
  /// issue of its own.
  @Test func cancellingTheWaitEndsItAndCancelsTheOperation() async {
    let (started, seeStarted) = AsyncStream<Void>.makeStream()
    let (cancelled, seeCancelled) = AsyncStream<Void>.makeStream()
    let waiting = Task {
      await awaiting("the answer", within: .seconds(3600)) {
        seeStarted.yield()
        await withTaskCancellationHandler {
          await neverEnding()
        } onCancel: {
          seeCancelled.yield()
        }
        return 17
      }
    }
    _ = await awaiting("the operation to start") { await started.first { _ in true } }
    waiting.cancel()
    #expect(await waiting.value == nil)
    let seen = await awaiting("the operation's cancellation") { await cancelled.first { _ in true } != nil }
    #expect(seen == true)
  }
}

/// Continuations parked by `neverEnding`, kept for the life of the process so none is ever dropped.
private let parked = Mutex<[CheckedContinuation<Void, Never>]>([])

/// Suspends forever, whatever happens: a wait for something that never comes, deaf to cancellation.
private func neverEnding() async {
  await withCheckedContinuation { continuation in
    parked.withLock { $0.append(continuation) }
  }
}
