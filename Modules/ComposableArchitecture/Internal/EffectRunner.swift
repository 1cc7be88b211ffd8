/// Runs effects for one store, or for one test: synchronous pieces inline, asynchronous pieces as tasks, and
/// keeps the books on what is running and under which cancel ids.
///
/// Cancel ids are scoped to the runner. When the runner goes away (its store is released) every task it
/// started is cancelled, and actions such a task still sends are dropped with a runtime warning. So are
/// actions sent through the ``Send`` of an effect that has finished (one that let `send` escape into a
/// callback or another task), naming where the effect was created.
@MainActor
package final class EffectRunner<Action> {
  /// An asynchronous effect that has started and not yet finished.
  package struct RunningEffect: Sendable {
    /// Tells this effect apart from every other one the runner started.
    package let id: UInt64
    /// Where the effect was created (`Effect.run`'s call site).
    package let location: SourceLocation
    /// A description of the action whose reducer returned the effect, when the owner gave one.
    package let origin: String?
  }

  private struct Entry {
    let task: Task<Void, Never>
    let cancelIDs: [CancelID]
    let info: RunningEffect
    let group: EffectGroup
  }

  private var entries: [UInt64: Entry] = [:]
  private var nextID: UInt64 = 0
  private let deliver: @MainActor (Action, EffectGroup) -> Void

  /// Called after each asynchronous effect finishes, for owners that wait on effects.
  package var onEffectFinished: (@MainActor () -> Void)?

  /// - Parameter deliver: receives each action an asynchronous effect sends, with the group of the `send`
  ///   that started the effect.
  package init(deliver: @escaping @MainActor (Action, EffectGroup) -> Void) {
    self.deliver = deliver
  }

  isolated deinit {
    for entry in entries.values {
      entry.task.cancel()
    }
  }

  /// Whether no asynchronous effect is running.
  package var isIdle: Bool { entries.isEmpty }

  /// The asynchronous effects still running, oldest first.
  package var runningEffects: [RunningEffect] {
    entries.sorted { $0.key < $1.key }.map(\.value.info)
  }

  /// The asynchronous effects of `group` still running, oldest first.
  package func runningEffects(in group: EffectGroup) -> [RunningEffect] {
    entries.sorted { $0.key < $1.key }.filter { $0.value.group === group }.map(\.value.info)
  }

  /// Runs each piece of `effect` in order: synchronous work now, passing its action to `emit`; cancellations
  /// now; asynchronous work in a new task registered in `group`, which is created if it is still `nil`.
  package func run(
    _ effect: Effect<Action>,
    group: inout EffectGroup?,
    origin: @autoclosure () -> String? = nil,
    emit: (Action) -> Void
  ) {
    for piece in effect.pieces {
      switch piece {
      case let .sync(work):
        if let action = work() {
          emit(action)
        }
      case let .cancel(id):
        cancel(id: id)
      case let .run(run):
        let effectGroup = group ?? EffectGroup()
        group = effectGroup
        start(run, in: effectGroup, origin: origin())
      }
    }
  }

  /// Cancels every running effect.
  package func cancelAll() {
    for entry in entries.values {
      entry.task.cancel()
    }
  }

  private func cancel(id: CancelID) {
    for entry in entries.values where entry.cancelIDs.contains(id) {
      entry.task.cancel()
    }
  }

  private func start(_ run: Effect<Action>.Run, in group: EffectGroup, origin: String?) {
    let id = nextID
    nextID &+= 1
    let location = run.location
    let send = Send<Action> { [weak self] action in
      guard let self else {
        RuntimeWarning.report(
          "An effect sent \(action) after its store was torn down; the action was dropped.",
          at: location
        )
        return
      }
      guard self.entries[id] != nil else {
        RuntimeWarning.report(
          "An effect sent \(action) after it had finished; the action was dropped. An effect may send only "
            + "while its operation runs: await the work that sends rather than handing 'send' to a callback "
            + "or an unstructured task that outlives it.",
          at: location
        )
        return
      }
      guard !Task.isCancelled else { return }
      self.deliver(action, group)
    }
    let operation = run.operation
    let task = Task(priority: run.priority) { [weak self] in
      do {
        try await operation(send)
      } catch is CancellationError {
      } catch {
        if !Task.isCancelled {
          RuntimeWarning.report(
            "An effect threw an error that nothing handled: \(error). "
              + "Pass a 'catch' handler to Effect.run to turn it into an action.",
            at: location
          )
        }
      }
      self?.finish(id)
    }
    entries[id] = Entry(
      task: task,
      cancelIDs: run.cancelIDs,
      info: RunningEffect(id: id, location: location, origin: origin),
      group: group
    )
    group.add(task)
  }

  private func finish(_ id: UInt64) {
    entries[id] = nil
    onEffectFinished?()
  }
}
