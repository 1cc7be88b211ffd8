public import FoundationEssentials
import Synchronization

/// Makes UUIDs; the `\.uuid` dependency. Call it like a function: `uuid()`.
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID

  /// Creates a generator that calls `generate` for every UUID.
  public init(_ generate: @escaping @Sendable () -> UUID) {
    self.generate = generate
  }

  /// A new UUID, as this generator makes them.
  public func callAsFunction() -> UUID { generate() }

  /// A generator that counts up from `00000000-0000-0000-0000-000000000000`, one per call: predictable
  /// ids for tests and demos.
  public static var incrementing: Self {
    let counter = Mutex<UInt64>(0)
    return Self {
      let value = counter.withLock { value in
        defer { value &+= 1 }
        return value
      }
      return UUID(uuid: uuidBytes(value))
    }
  }

  private static func uuidBytes(_ value: UInt64) -> uuid_t {
    let b = withUnsafeBytes(of: value.bigEndian) { Array($0) }
    return (0, 0, 0, 0, 0, 0, 0, 0, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7])
  }
}

extension UUIDGenerator: DependencyKey {
  /// Random (version 4) UUIDs.
  public static let liveValue = UUIDGenerator { UUID() }

  /// Reports that the test made a UUID without controlling them, then counts up like ``incrementing``, on
  /// one counter for the whole process.
  public static let testValue: UUIDGenerator = {
    let incrementing = UUIDGenerator.incrementing
    return UUIDGenerator {
      RuntimeWarning.report(
        "A test read @Dependency(\\.uuid) without overriding it; use e.g. $0.uuid = .incrementing."
      )
      return incrementing()
    }
  }()
}

extension DependencyValues {
  /// Makes UUIDs: `@Dependency(\.uuid) var uuid`, then `uuid()`.
  ///
  /// Live, random (version 4) UUIDs. A test that makes one without overriding it is reported (a failure of that
  /// test); set `$0.uuid = .incrementing` for ids that count up from
  /// `00000000-0000-0000-0000-000000000000` (each `.incrementing` counts on its own).
  public var uuid: UUIDGenerator {
    get { self[UUIDGenerator.self] }
    set { self[UUIDGenerator.self] = newValue }
  }
}
