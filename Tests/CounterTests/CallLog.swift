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
