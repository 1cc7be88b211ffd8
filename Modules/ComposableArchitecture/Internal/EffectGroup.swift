/// The asynchronous effects started on behalf of one `send`, including the effects of every action those
/// effects send back, so that awaiting a send waits for the whole chain it set off.
@usableFromInline
@MainActor
package final class EffectGroup {
  private var tasks: [Task<Void, Never>] = []
  package private(set) var isCancelled = false

  @usableFromInline
  package init() {}

  func add(_ task: Task<Void, Never>) {
    if isCancelled {
      task.cancel()
    }
    tasks.append(task)
  }

  package func cancel() {
    isCancelled = true
    for task in tasks {
      task.cancel()
    }
  }

  /// Returns once every task of the group has finished, including tasks added while waiting.
  func waitUntilFinished() async {
    var index = 0
    while index < tasks.count {
      await tasks[index].value
      index += 1
    }
  }
}
