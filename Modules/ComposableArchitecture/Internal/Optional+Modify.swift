extension Optional {
  /// Runs `body` on the wrapped value in place and returns its result, or returns `nil` when there is none.
  ///
  /// The value is moved out while `body` runs, so `body` mutates a uniquely referenced copy (no copy on
  /// write), and moved back afterwards: the safe counterpart of `body(&optional!)`.
  @inlinable
  mutating func modifyIfPresent<Result>(_ body: (inout Wrapped) throws -> Result) rethrows -> Result? {
    guard var wrapped = self else { return nil }
    self = nil
    defer { self = wrapped }
    return try body(&wrapped)
  }
}
