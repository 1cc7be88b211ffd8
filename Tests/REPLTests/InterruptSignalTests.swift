import Dispatch
import Synchronization
@testable import REPL
@testable import Platform
import ExecutableTestSupport
import Testing


/// Counts calls from any thread, and waits for them without blocking a thread.
private final class Calls: Sendable {
  private let count = Atomic<Int>(0)

  func record() {
    count.add(1, ordering: .sequentiallyConsistent)
  }

  var value: Int {
    count.load(ordering: .sequentiallyConsistent)
  }

  /// Waits up to five seconds for at least `expected` calls; returns the count.
  func wait(for expected: Int) async -> Int {
    for _ in 0..<500 where value < expected {
      try? await Task.sleep(for: .milliseconds(10))
    }
    return value
  }
}

/// Whether SIGINT's disposition is the default one (end the process).
private func sigintIsDefault() -> Bool {
  var current = sigaction()
  sigaction(SIGINT, nil, &current)
  return current.__sigaction_handler.sa_handler == nil
}

// Serialized: these tests change how the whole test process handles SIGINT.
@Suite(.serialized, .timeLimit(.minutes(2))) struct InterruptSignalTests {
  @Test func sigintInsideTheScopeCallsTheHandlerInsteadOfEndingTheProcess() async {
    let calls = Calls()
    let seen = await withInterruptHandler({ calls.record() }) {
      #expect(InterruptSignal.shared.isActive)
      kill(getpid(), SIGINT)
      let first = await calls.wait(for: 1)
      kill(getpid(), SIGINT)
      return (first, await calls.wait(for: 2))
    }
    #expect(seen.0 == 1)
    #expect(seen.1 == 2)
  }

  @Test func theDefaultComesBackWhenTheLastScopeEnds() async {
    #expect(sigintIsDefault())
    await withInterruptHandler({}) {
      #expect(!sigintIsDefault())
      await withInterruptHandler({}) {
        #expect(!sigintIsDefault())
      }
      #expect(!sigintIsDefault())
      #expect(InterruptSignal.shared.isActive)
    }
    #expect(sigintIsDefault())
    #expect(!InterruptSignal.shared.isActive)
  }

  @Test func nestedScopesAllHearTheInterrupt() async {
    let outer = Calls()
    let inner = Calls()
    let counts = await withInterruptHandler({ outer.record() }) {
      await withInterruptHandler({ inner.record() }) {
        kill(getpid(), SIGINT)
        return (await outer.wait(for: 1), await inner.wait(for: 1))
      }
    }
    #expect(counts == (1, 1))
  }

  @Test func anInterruptStampedInAnEndedScopeDoesNotReachALaterScope() async {
    let first = Calls()
    let second = Calls()
    let stale = await withInterruptHandler({ first.record() }) { InterruptSignal.shared.currentStamp }
    await withInterruptHandler({ second.record() }) {
      InterruptSignal.shared.deliver(stamp: stale)
      #expect(second.value == 0)
      InterruptSignal.shared.deliver(stamp: InterruptSignal.shared.currentStamp)
      #expect(second.value == 1)
    }
    #expect(first.value == 0)
  }

  @Test func aCtrlCStillUndeliveredWhenItsScopeEndsIsDroppedNotGivenToTheNextScope() async throws {
    let first = Calls()
    let second = Calls()
    let release = DispatchSemaphore(value: 0)
    await withInterruptHandler({ first.record() }) {
      // Hold the delivery queue so the Ctrl-C stays undelivered until the next scope has begun.
      InterruptSignal.shared.queue.async { release.wait() }
      // Sent to this thread, the signal is handled (its stamp is in the pipe) before pthread_kill returns;
      // sent to the process, another thread could take it after this scope ends.
      pthread_kill(pthread_self(), SIGINT)
    }
    let counts = await withInterruptHandler({ second.record() }) {
      release.signal()
      // Every delivery queued before this point has run once this block does.
      await withCheckedContinuation { continuation in
        InterruptSignal.shared.queue.async { continuation.resume() }
      }
      let stale = second.value
      kill(getpid(), SIGINT)
      return (stale, await second.wait(for: 1))
    }
    #expect(counts == (0, 1))
    #expect(first.value == 0)
  }

  @Test func anInteractiveREPLCallsOnInterruptWhileAHandlerRuns() async {
    let calls = Calls()
    let recording = RecordingConsole()
    let repl = REPL(
      name: "demo",
      commands: demoCommands,
      isInteractive: true,
      console: recording.console,
      input: .lines(["nth 5", "save"]),
      onInterrupt: { calls.record() }
    )
    let status = await repl.run { command in
      guard command == .nth(5) else { return .output(["\(command) with SIGINT caught: \(!sigintIsDefault())"]) }
      kill(getpid(), SIGINT)
      return .output(["interrupts: \(await calls.wait(for: 1))"])
    }
    #expect(status == 0)
    #expect(recording.output == "> interrupts: 1\n> save with SIGINT caught: true\n> \n")
    #expect(sigintIsDefault())
  }

  /// With a line editor, a SIGINT while no command runs (here: while the next line is read) is ignored, not
  /// fatal, and is not handed to the next command's handler.
  @Test func withALineEditorASigintBetweenCommandsIsIgnoredAndNotGivenToTheNextCommand() async {
    let calls = Calls()
    let ignoredSignals = Calls()
    let recording = RecordingConsole()
    let remaining = LineSource.lines(["save"])
    let isFirstRead = Mutex(true)
    var input = LineSource {
      if isFirstRead.withLock({ first in defer { first = false }; return first }) {
        // Seen by a handler of the test's own, so the test knows the signal was delivered and dropped.
        await withInterruptHandler({ ignoredSignals.record() }) {
          kill(getpid(), SIGINT)
          _ = await ignoredSignals.wait(for: 1)
        }
      }
      return await remaining.nextLine()
    }
    input.readsCtrlCAsAKey = true
    let repl = REPL(
      name: "demo",
      commands: demoCommands,
      isInteractive: true,
      console: recording.console,
      input: input,
      onInterrupt: { calls.record() }
    )
    let status = await repl.run { command in .output(["\(command)"]) }
    #expect(status == 0)
    #expect(ignoredSignals.value == 1)
    #expect(calls.value == 0)
    #expect(recording.output == "> save\n> \n")
    #expect(sigintIsDefault())
  }

  /// With a line editor and no `onInterrupt` (a demo's REPL), SIGINT never ends the session either: at the
  /// prompt it reaches the line being read (as Ctrl-C typed there), and while a command runs it is ignored.
  /// Before, SIGINT kept its default there: the test then records that, rather than end its own process.
  @Test func withALineEditorAndNoOnInterruptASigintNeverEndsTheSession() async {
    let interruptedLines = Calls()
    let recording = RecordingConsole()
    let remaining = LineSource.lines(["nth 5", "save"])
    let isFirstRead = Mutex(true)
    var input = LineSource {
      if isFirstRead.withLock({ first in defer { first = false }; return first }) {
        guard !sigintIsDefault() else {
          Issue.record("at the prompt, SIGINT would end the session")
          return nil
        }
        kill(getpid(), SIGINT)
        _ = await interruptedLines.wait(for: 1)
      }
      return await remaining.nextLine()
    }
    input.readsCtrlCAsAKey = true
    input.interruptLine = { interruptedLines.record() }
    let repl = REPL(
      name: "demo", commands: demoCommands, isInteractive: true, console: recording.console, input: input)
    let status = await repl.run { command in
      guard command == .nth(5) else { return .output(["\(command)"]) }
      guard !sigintIsDefault() else { return .output(["while a command runs, SIGINT would end the session"]) }
      kill(getpid(), SIGINT)
      // The line editor is not reading: its `interruptLine` does nothing then.
      return .output(["interrupts: \(await interruptedLines.wait(for: 2))"])
    }
    #expect(status == 0)
    #expect(recording.output == "> interrupts: 2\n> save\n> \n")
    #expect(sigintIsDefault())
  }

  @Test func withoutALineEditorSigintIsLeftAloneBetweenCommands() async {
    let recording = RecordingConsole()
    let repl = REPL(
      name: "demo",
      commands: demoCommands,
      isInteractive: true,
      console: recording.console,
      input: LineSource {
        sigintIsDefault() ? nil : "save"
      },
      onInterrupt: {}
    )
    #expect(await repl.run { command in .output(["\(command)"]) } == 0)
    #expect(recording.output == "> \n")
  }
}
