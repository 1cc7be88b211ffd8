// Public only so that the inlinable read path can load the lookup without a call, as DefaultValueCache.swift does.
public import Synchronization

extension DefaultValueCache {
  /// What the test support installs to name the cache of the test running now.
  private final class RunningTestLookup: Sendable {
    let cache: @Sendable () -> DefaultValueCache?

    init(_ cache: @escaping @Sendable () -> DefaultValueCache?) {
      self.cache = cache
    }
  }

  /// The bit pattern of the installed, retained ``RunningTestLookup``, or 0 (outside test binaries).
  @usableFromInline
  static let runningTestLookup = Atomic<UInt>(0)

  /// Makes `cache` the way to find the default values of the test running now: the test support installs it
  /// when a test binary loads, with a cache per Swift Testing test and per XCTest case.
  ///
  /// Installed once; a later call replaces the lookup, and the one it replaces is kept, as a reader may hold it.
  package static func installRunningTestLookup(_ cache: @escaping @Sendable () -> DefaultValueCache?) {
    let lookup = Unmanaged.passRetained(RunningTestLookup(cache))
    runningTestLookup.store(UInt(bitPattern: lookup.toOpaque()), ordering: .releasing)
  }

  /// The cache of the test running now, if the code runs in a test of a binary with the test support: where
  /// defaults read by values with no cache of their own are kept, and ``prepareDependencies(_:fileID:line:)``
  /// puts what a test prepares.
  ///
  /// Outside test binaries, one atomic load.
  @inlinable
  static var ofRunningTest: DefaultValueCache? {
    let bits = runningTestLookup.load(ordering: .acquiring)
    return bits == 0 ? nil : runningTest(lookingUpWith: bits)
  }

  /// The cache the lookup at `bits`, the value of ``runningTestLookup``, names.
  @usableFromInline
  static func runningTest(lookingUpWith bits: UInt) -> DefaultValueCache? {
    // A stored lookup is retained when installed and never released, so its address stays valid.
    guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return nil }
    return Unmanaged<RunningTestLookup>.fromOpaque(pointer).takeUnretainedValue().cache()
  }
}
