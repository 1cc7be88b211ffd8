/// The favourite list as one BLOB: what a start reads instead of one row per favourite.
///
/// The bytes are a header and the primes, each in the same number of bytes, little-endian:
///
/// | bytes | what |
/// |---|---|
/// | 1 | the format, 1 |
/// | 1 | the width of each prime in bytes, 1 to 8: the fewest that hold the largest |
/// | 8 | the number of primes |
/// | 8 | the `position` of the last prime's row, two's complement |
/// | 8 | the file's `PRAGMA schema_version` when the copy was made, two's complement |
/// | 8 | a checksum of the primes and their positions |
/// | width × number | the primes, in list order |
///
/// Decoding refuses anything else (another length, a zero width, a value below 2, a checksum that does not
/// match), so damaged bytes are never taken for a list: the database then reads the rows. The last row's
/// position and the schema version tie the copy to the table it was made from: a load uses it only while the
/// table ends alike and no schema change (a trigger made or dropped, say) came since.
struct FavoritePrimesSnapshot: Equatable, Sendable {
  /// The primes, in list order.
  let primes: [Int]
  /// The `position` of the row holding the last prime.
  let lastPosition: Int64
  /// The file's schema version (`PRAGMA schema_version`) when the copy was made.
  let schemaVersion: Int64

  /// The snapshot of `primes`, whose last one is at `lastPosition`, made under `schemaVersion`; nil when one
  /// is below 2 (no prime is).
  init?(primes: [Int], lastPosition: Int64, schemaVersion: Int64) {
    guard !primes.contains(where: { $0 < 2 }) else { return nil }
    self.primes = primes
    self.lastPosition = lastPosition
    self.schemaVersion = schemaVersion
  }

  /// The snapshot `bytes` encode; nil unless they are exactly what ``bytes`` writes for some list.
  init?(bytes: [UInt8]) {
    guard let snapshot = bytes.withUnsafeBytes(Self.init(buffer:)) else { return nil }
    self = snapshot
  }

  /// The snapshot the bytes of `buffer` encode, read in place; nil unless they are exactly what ``bytes``
  /// writes for some list.
  init?(buffer: UnsafeRawBufferPointer) {
    guard let (primes, lastPosition, schemaVersion) = Self.decode(buffer) else { return nil }
    self.primes = primes
    self.lastPosition = lastPosition
    self.schemaVersion = schemaVersion
  }

  /// The first byte of every snapshot this build writes.
  static let format: UInt8 = 1
  /// The bytes before the primes.
  static let headerSize = 34

  /// The encoded snapshot.
  var bytes: [UInt8] {
    let largest = UInt64(primes.max() ?? 2)
    let width = max(1, (64 - largest.leadingZeroBitCount + 7) / 8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(Self.headerSize + width * primes.count)
    bytes.append(Self.format)
    bytes.append(UInt8(width))
    Self.append(UInt64(primes.count), width: 8, to: &bytes)
    Self.append(UInt64(bitPattern: lastPosition), width: 8, to: &bytes)
    Self.append(UInt64(bitPattern: schemaVersion), width: 8, to: &bytes)
    let checksum = primes.enumerated().reduce(0 as UInt64) { $0 &+ Self.mixed(UInt64($1.element), at: $1.offset) }
    Self.append(checksum, width: 8, to: &bytes)
    for prime in primes {
      Self.append(UInt64(prime), width: width, to: &bytes)
    }
    return bytes
  }

  /// Appends the `width` low bytes of `value`, least significant first.
  private static func append(_ value: UInt64, width: Int, to bytes: inout [UInt8]) {
    for shift in stride(from: 0, to: width * 8, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
    }
  }

  /// The `width` bytes at `offset` of `buffer` as a little-endian number, read byte by byte; the caller
  /// checked the bounds.
  private static func read(_ buffer: UnsafeRawBufferPointer, at offset: Int, width: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in (0..<width).reversed() {
      value = value << 8 | UInt64(buffer[offset + index])
    }
    return value
  }

  /// One prime's share of the checksum: mixed with its position, so a changed value, and most swaps, change
  /// the sum.
  private static func mixed(_ value: UInt64, at position: Int) -> UInt64 {
    (value ^ UInt64(truncatingIfNeeded: position)) &* 0x9E37_79B9_7F4A_7C15
  }

  /// The primes, last position and schema version `bytes` encode, or nil when they are not a snapshot this
  /// format writes.
  private static func decode(_ buffer: UnsafeRawBufferPointer) -> ([Int], Int64, Int64)? {
    guard buffer.count >= headerSize, buffer[0] == format, (1...8).contains(buffer[1]) else { return nil }
    let width = Int(buffer[1])
    let count = read(buffer, at: 2, width: 8)
    let lastPosition = Int64(bitPattern: read(buffer, at: 10, width: 8))
    let schemaVersion = Int64(bitPattern: read(buffer, at: 18, width: 8))
    let expectedChecksum = read(buffer, at: 26, width: 8)
    // The length must be exactly the header and `count` primes: checked without overflowing.
    guard count <= UInt64(buffer.count), Int(count) * width == buffer.count - headerSize else { return nil }
    // All but the last prime or so have eight bytes from where they start: each is one load and a mask.
    let mask: UInt64 = width == 8 ? .max : 1 << UInt64(width * 8) - 1
    let primeCount = Int(count)
    let loadable = buffer.count < headerSize + 8 ? 0 : min(primeCount, (buffer.count - headerSize - 8) / width + 1)
    var sum: UInt64 = 0
    var isValid = true
    guard let base = buffer.baseAddress else { return nil }
    let primes = [Int](unsafeUninitializedCapacity: primeCount) { primes, initialized in
      var offset = headerSize
      for position in 0..<primeCount {
        // `loadable` keeps every eight-byte load inside the buffer.
        let value =
          position < loadable
          ? UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) & mask
          : read(buffer, at: offset, width: width)
        // From 2 to Int.max, in one comparison.
        guard value &- 2 <= UInt64(Int.max) - 2 else {
          initialized = position
          isValid = false
          return
        }
        sum &+= mixed(value, at: position)
        primes.initializeElement(at: position, to: Int(value))
        offset &+= width
      }
      initialized = primeCount
    }
    return isValid && sum == expectedChecksum ? (primes, lastPosition, schemaVersion) : nil
  }
}
