import Synchronization

/// A thread-safe list of events, for checking the order in which things happened.
public final class EventLog: Sendable {
  /// An empty log.
  public init() {}

  private let events = Mutex<[String]>([])

  /// Adds `event` at the end.
  public func append(_ event: String) {
    events.withLock { $0.append(event) }
  }

  /// Every event so far, oldest first.
  public var all: [String] {
    events.withLock { $0 }
  }
}
