/// Runs effects for one store, or for one test: synchronous pieces inline, asynchronous pieces as tasks, and
/// keeps the books on what is running and under which cancel ids.
///
/// Cancel ids are scoped to the runner. When the runner goes away (its store is released) every task it
/// started is cancelled, and actions such a task still sends are dropped with a runtime warning. So are
/// actions sent through the ``Send`` of an effect that has finished (one that let `send` escape into a
/// callback or another task), naming where the effect was created.
@MainActor
package final class EffectRunner<Action>: EffectCancelling {
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

  /// Work started by `withTaskCancellation(id:cancelInFlight:operation:)` inside one of this runner's
  /// effects, cancellable by its id like an effect.
  private struct CancellableOperation {
    let cancelID: CancelID
    let cancel: @Sendable () -> Void
  }

  /// The running effects and operations, by token. Both take their tokens from `nextID`, so a token names one
  /// of them only.
  private var entries: [UInt64: Entry] = [:]
  private var operations: [UInt64: CancellableOperation] = [:]
  /// The tokens of the entries and operations running under each cancel id, so that cancelling an id visits
  /// only its own work (scanning every effect made removing thousands of rows at once quadratic). A token is
  /// added when its work starts and removed when it finishes; an id with no token left is removed.
  private var tokensByCancelID: [CancelID: Set<UInt64>] = [:]
  private var nextID: UInt64 = 0
  /// The scope every task this runner starts runs in, through which `Task.cancel(id:)` and
  /// `withTaskCancellation` inside an effect reach this runner.
  private lazy var scope = EffectScope(self)
  private let deliver: @MainActor (Action, EffectGroup) -> Void

  /// Called after each asynchronous effect finishes, for owners that wait on effects.
  package var onEffectFinished: (@MainActor () -> Void)?

  /// - Parameter deliver: receives each action an asynchronous effect sends, with the group of the `send`
  ///   that started the effect.
  package init(deliver: @escaping @MainActor (Action, EffectGroup) -> Void) {
    self.deliver = deliver
  }

  isolated deinit {
    cancelAll()
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
    _ = runPieces(of: effect, group: &group, origin: origin, emit: emit)
  }

  /// Runs `effect` as ``run(_:group:origin:emit:)`` does, and returns the tasks it started.
  private func runPieces(
    of effect: Effect<Action>,
    group: inout EffectGroup?,
    origin: () -> String?,
    emit: (Action) -> Void
  ) -> [Task<Void, Never>] {
    var started: [Task<Void, Never>] = []
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
        started.append(start(run, in: effectGroup, origin: origin()))
      case let .concatenate(concatenation):
        var rest = concatenation.effects[...]
        while let next = rest.popFirst() {
          let tasks = runPieces(of: next, group: &group, origin: origin, emit: emit)
          guard tasks.isEmpty else {
            if !rest.isEmpty {
              let effectGroup = group ?? EffectGroup()
              group = effectGroup
              started.append(
                startSequence(rest, after: tasks, of: concatenation, in: effectGroup, origin: origin())
              )
            } else {
              started += tasks
            }
            break
          }
        }
      }
    }
    return started
  }

  /// Cancels every running effect.
  package func cancelAll() {
    for entry in entries.values {
      entry.task.cancel()
    }
    for operation in operations.values {
      operation.cancel()
    }
  }

  /// Cancels the effects, and the operations of `withTaskCancellation`, running under `id`.
  ///
  /// Takes time proportional to the work running under `id`, whatever else runs.
  func cancel(id: CancelID) {
    guard let tokens = tokensByCancelID[id] else { return }
    for token in tokens {
      entries[token]?.task.cancel()
      operations[token]?.cancel()
    }
  }

  /// Indexes the work with `token` under each of `ids`.
  private func index(_ token: UInt64, under ids: some Sequence<CancelID>) {
    for id in ids {
      tokensByCancelID[id, default: []].insert(token)
    }
  }

  /// Removes the work with `token`, which has finished, from the index under each of `ids`.
  private func unindex(_ token: UInt64, under ids: some Sequence<CancelID>) {
    for id in ids {
      guard var tokens = tokensByCancelID.removeValue(forKey: id) else { continue }
      tokens.remove(token)
      if !tokens.isEmpty {
        tokensByCancelID[id] = tokens
      }
    }
  }

  /// Starts `operation` in a new task cancellable by `id`; see `withTaskCancellation`.
  func startOperation<Success: Sendable>(
    id: CancelID,
    cancelInFlight: Bool,
    _ operation: @escaping @Sendable () async throws -> Success
  ) -> (task: Task<Success, any Error>, token: UInt64) {
    if cancelInFlight {
      cancel(id: id)
    }
    let token = nextID
    nextID &+= 1
    let task = Task { try await operation() }
    operations[token] = CancellableOperation(cancelID: id, cancel: { task.cancel() })
    index(token, under: CollectionOfOne(id))
    return (task, token)
  }

  /// Forgets the operation `startOperation` returned `token` for, which has ended.
  func finishOperation(_ token: UInt64) {
    guard let operation = operations.removeValue(forKey: token) else { return }
    unindex(token, under: CollectionOfOne(operation.cancelID))
  }

  private func start(
    _ run: Effect<Action>.Run,
    in group: EffectGroup,
    origin: String?
  ) -> Task<Void, Never> {
    let id = nextID
    nextID &+= 1
    let location = run.location
    let send = Send<Action> { [weak self] action in
      // A cancelled effect's actions are dropped silently, even once its store is gone: the store (or a
      // test store) cancelled it on purpose, and an action it was sending at that moment is no mistake.
      guard !Task.isCancelled else { return }
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
      self.deliver(action, group)
    }
    let operation = run.operation
    let scope = scope
    let task = Task(priority: run.priority) { [weak self] in
      do {
        try await EffectScope.$current.withValue(scope) {
          try await operation(send)
        }
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
    index(id, under: run.cancelIDs)
    group.add(task)
    return task
  }

  /// Starts a task that waits for `tasks` (the effects of the step of `concatenation` that ran last), then
  /// runs the `remaining` effects one after another, each once the previous one's tasks have finished.
  ///
  /// The task counts as a running effect, created where `concatenate` was called, so that a store or test
  /// waiting for its effects waits for the whole sequence; cancelling it (by one of the concatenation's ids,
  /// its group, or the runner going away) starts no further step.
  private func startSequence(
    _ remaining: ArraySlice<Effect<Action>>,
    after tasks: [Task<Void, Never>],
    of concatenation: Effect<Action>.Concatenation,
    in group: EffectGroup,
    origin: String?
  ) -> Task<Void, Never> {
    let id = nextID
    nextID &+= 1
    // The task is isolated to the main actor, like this runner, so the effects it holds never leave it.
    let task = Task { [weak self] in
      var waitingFor = tasks
      var rest = remaining
      while true {
        for task in waitingFor {
          await task.value
        }
        guard !Task.isCancelled, let next = rest.popFirst(), let runner = self else { break }
        var stepGroup: EffectGroup? = group
        waitingFor = runner.runPieces(of: next, group: &stepGroup, origin: { origin }) { action in
          runner.deliverFromSequence(action, group: group)
        }
      }
      self?.finish(id)
    }
    entries[id] = Entry(
      task: task,
      cancelIDs: concatenation.cancelIDs,
      info: RunningEffect(id: id, location: concatenation.location, origin: origin),
      group: group
    )
    index(id, under: concatenation.cancelIDs)
    group.add(task)
    return task
  }

  /// Delivers an action a synchronous effect of a concatenation's later step computed, unless the sequence
  /// was cancelled meanwhile.
  private func deliverFromSequence(_ action: Action, group: EffectGroup) {
    guard !Task.isCancelled else { return }
    deliver(action, group)
  }

  private func finish(_ id: UInt64) {
    if let entry = entries.removeValue(forKey: id) {
      unindex(id, under: entry.cancelIDs)
    }
    onEffectFinished?()
  }
}
