import Synchronization

extension DefaultValueCache {
  /// What the test support installs to name the cache of the test running now.
  private final class RunningTestLookup: Sendable {
    let cache: @Sendable () -> DefaultValueCache?

    init(_ cache: @escaping @Sendable () -> DefaultValueCache?) {
      self.cache = cache
    }
  }

  /// The bit pattern of the installed, retained ``RunningTestLookup``, or 0 (outside test binaries).
  private static let runningTestLookup = Atomic<UInt>(0)

  /// Makes `cache` the way to find the default values of the test running now: the test support installs it
  /// when a test binary loads, with a cache per Swift Testing test and per XCTest case.
  ///
  /// Installed once; a later call replaces the lookup, and the one it replaces is kept, as a reader may hold it.
  package static func installRunningTestLookup(_ cache: @escaping @Sendable () -> DefaultValueCache?) {
    let lookup = Unmanaged.passRetained(RunningTestLookup(cache))
    runningTestLookup.store(UInt(bitPattern: lookup.toOpaque()), ordering: .releasing)
  }

  /// The cache of the test running now, if the code runs in a test of a binary with the test support: where
  /// a test with no dependencies trait keeps its test defaults, and ``prepareDependencies(_:fileID:line:)``
  /// puts what a test prepares.
  static var ofRunningTest: DefaultValueCache? {
    // A stored lookup is retained when installed and never released, so its address stays valid.
    guard let pointer = UnsafeRawPointer(bitPattern: runningTestLookup.load(ordering: .acquiring)) else {
      return nil
    }
    return Unmanaged<RunningTestLookup>.fromOpaque(pointer).takeUnretainedValue().cache()
  }
}
