import Testing

@testable import Platform

/// `ThreadStacks`' check that the threads a process needs fit; the limit itself is tried end to end, in a
/// child under `ulimit -v` (AppTests, PlaygroundsTests), since it would bind this whole test process.
@Suite(.timeLimit(.minutes(1)))
struct ThreadStacksTests {
  /// The check's threads all run at once, then all end and are joined: the check returns.
  @Test func theCheckStartsItsThreadsTogetherAndEndsThem() {
    #expect(ThreadStacks.canStart(threads: 12))
    #expect(ThreadStacks.canStart(threads: 1))
  }
}
