/// Offsets as recordings hold them: their ranges, each `[lower, upper]` with the upper bound excluded
/// (`[[0,2],[5,6]]` is 0, 1 and 5), so that a range of any length takes two numbers.
extension FavoritePrimeOffsets: Codable {
  /// Decodes the offsets a recording holds; a range whose bounds are not two increasing numbers is refused.
  public init(from decoder: any Decoder) throws {
    let pairs = try [[Int]](from: decoder)
    var ranges: [Range<Int>] = []
    for pair in pairs {
      guard pair.count == 2, pair[0] <= pair[1] else {
        throw DecodingError.dataCorrupted(
          .init(codingPath: decoder.codingPath, debugDescription: "\(pair) is not a range [lower, upper]")
        )
      }
      ranges.append(pair[0]..<pair[1])
    }
    self.init(ranges: ranges)
  }

  /// Encodes the offsets for a recording.
  public func encode(to encoder: any Encoder) throws {
    try ranges.ranges.map { [$0.lowerBound, $0.upperBound] }.encode(to: encoder)
  }
}
