import Testing

@testable import FavoritePrimesLive

/// The list's copy as bytes: every list of values from 2 up comes back as it was, in the fewest bytes a
/// value; any other bytes are refused, never read as a list.
@Suite(.timeLimit(.minutes(2)))
struct FavoritePrimesSnapshotTests {
  @Test(arguments: [
    [], [2], [3, 2, 5], Array(repeating: 251, count: 3), [65_521, 2], [1_299_709, 7, 2], [1_000_000_000_039],
    [Int.max, 2, 9_223_372_036_854_775_783],
  ] as [[Int]])
  func aListComesBackAsItWas(_ primes: [Int]) throws {
    for (lastPosition, schemaVersion) in [(0, 1), (41, 6), (-7, .max), (.min, 0), (.max, -1)] as [(Int64, Int64)] {
      let snapshot = try #require(
        FavoritePrimesSnapshot(primes: primes, lastPosition: lastPosition, schemaVersion: schemaVersion))
      #expect(FavoritePrimesSnapshot(bytes: snapshot.bytes) == snapshot)
    }
  }

  @Test func eachPrimeTakesTheFewestBytesTheLargestNeeds() throws {
    func size(_ primes: [Int]) throws -> Int {
      try #require(FavoritePrimesSnapshot(primes: primes, lastPosition: 9, schemaVersion: 6)).bytes.count
    }
    #expect(try size([]) == FavoritePrimesSnapshot.headerSize)
    #expect(try size([2, 251]) == FavoritePrimesSnapshot.headerSize + 2)
    #expect(try size([2, 257]) == FavoritePrimesSnapshot.headerSize + 4)
    // The first 100,000 primes end at 1,299,709: three bytes each.
    #expect(try size(Array(repeating: 1_299_709, count: 100_000)) == FavoritePrimesSnapshot.headerSize + 300_000)
    #expect(try size([Int.max]) == FavoritePrimesSnapshot.headerSize + 8)
  }

  @Test func aValueBelow2HasNoSnapshot() {
    #expect(FavoritePrimesSnapshot(primes: [2, 1], lastPosition: 1, schemaVersion: 6) == nil)
    #expect(FavoritePrimesSnapshot(primes: [0], lastPosition: 0, schemaVersion: 6) == nil)
    #expect(FavoritePrimesSnapshot(primes: [-7, 3], lastPosition: 1, schemaVersion: 6) == nil)
  }

  /// Damage of every kind a byte edit makes: each is refused, none traps.
  @Test func bytesThatAreNotASnapshotAreRefused() throws {
    let snapshot = FavoritePrimesSnapshot(primes: [2, 3, 5, 7, 1_299_709], lastPosition: 4, schemaVersion: 6)
    let bytes = try #require(snapshot).bytes
    var refused: [[UInt8]] = [[], [1], Array(bytes.prefix(FavoritePrimesSnapshot.headerSize - 1))]
    refused.append(Array(bytes.dropLast()))  // cut short
    refused.append(bytes + [0])  // a byte too many
    for (offset, value) in [(0, 2), (0, 0), (1, 0), (1, 9), (1, 255)] as [(Int, UInt8)] {
      var edited = bytes
      edited[offset] = value  // another format, a width of 0 or beyond 8
      refused.append(edited)
    }
    for offset in Array(26..<34) + Array(FavoritePrimesSnapshot.headerSize..<bytes.count) {
      var flipped = bytes
      flipped[offset] ^= 0x10  // one bit of the checksum or of one prime
      refused.append(flipped)
    }
    var counted = bytes
    counted.replaceSubrange(2..<10, with: [UInt8](repeating: 0xFF, count: 8))  // a count that overflows
    refused.append(counted)
    var small = try #require(FavoritePrimesSnapshot(primes: [2, 3], lastPosition: 1, schemaVersion: 6)).bytes
    small[FavoritePrimesSnapshot.headerSize + 1] = 1  // a value of 1
    refused.append(small)
    for bytes in refused {
      #expect(FavoritePrimesSnapshot(bytes: bytes) == nil, "\(bytes.prefix(24))")
    }
  }

  @Test func swappedPrimesAreRefused() throws {
    var bytes = try #require(FavoritePrimesSnapshot(primes: [2, 3, 5], lastPosition: 2, schemaVersion: 6)).bytes
    bytes.swapAt(FavoritePrimesSnapshot.headerSize, FavoritePrimesSnapshot.headerSize + 1)
    #expect(FavoritePrimesSnapshot(bytes: bytes) == nil)
  }
}
