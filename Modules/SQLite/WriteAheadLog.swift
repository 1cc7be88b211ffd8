import FoundationEssentials

/// A database's `-wal` file, read without SQLite: its page size and the newest committed image of page 1,
/// so the database can be judged as SQLite would see it, before anything may write.
///
/// Frames are read as SQLite recovers them (sqlite.org/fileformat2.html, "The Write-Ahead Log"): each must
/// carry the header's salts and continue the checksum chain; the first that does not ends the log, and only
/// frames up to the last commit count. A log cut short by a crash is therefore read as far as it is whole.
public struct WriteAheadLog: Sendable {
  /// The page size the log was written for.
  public let pageSize: Int
  /// Page 1 as the last committed transaction in the log left it, if any transaction wrote it.
  public let firstPage: ArraySlice<UInt8>?

  /// The log in `bytes`; nil when its header is not a valid one, which SQLite ignores and resets.
  public init?(_ bytes: [UInt8]) {
    guard bytes.count >= 32 else { return nil }
    let magic = DatabaseFileHeader.bigEndian(bytes, at: 0, count: 4)
    guard magic == 0x377F_0682 || magic == 0x377F_0683,
      DatabaseFileHeader.bigEndian(bytes, at: 4, count: 4) == 3_007_000
    else { return nil }
    let bigEndianWords = magic & 1 == 1
    let pageSize = Int(DatabaseFileHeader.bigEndian(bytes, at: 8, count: 4))
    guard pageSize >= 512, pageSize <= 65536, pageSize & (pageSize - 1) == 0 else { return nil }
    var checksum = Self.checksum(bytes[0..<24], bigEndianWords: bigEndianWords, seed: (0, 0))
    guard checksum == Self.pair(bytes, at: 24) else { return nil }
    self.pageSize = pageSize

    let salts = bytes[16..<24]
    var committed: ArraySlice<UInt8>?
    var pending: ArraySlice<UInt8>?
    var offset = 32
    let frameSize = 24 + pageSize
    while offset <= bytes.count - frameSize {
      let page = bytes[(offset + 24)..<(offset + frameSize)]
      guard bytes[(offset + 8)..<(offset + 16)].elementsEqual(salts) else { break }
      checksum = Self.checksum(bytes[offset..<(offset + 8)], bigEndianWords: bigEndianWords, seed: checksum)
      checksum = Self.checksum(page, bigEndianWords: bigEndianWords, seed: checksum)
      guard checksum == Self.pair(bytes, at: offset + 16) else { break }
      if DatabaseFileHeader.bigEndian(bytes, at: offset, count: 4) == 1 {
        pending = page
      }
      if DatabaseFileHeader.bigEndian(bytes, at: offset + 4, count: 4) != 0 {  // a commit frame
        committed = pending ?? committed
        pending = nil
      }
      offset += frameSize
    }
    firstPage = committed
  }

  /// The log at `path`, or nil when there is none, it is empty, or its header is not valid.
  public init?(contentsOf path: String) {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    self.init([UInt8](data))
  }

  private static func pair(_ bytes: [UInt8], at offset: Int) -> (UInt32, UInt32) {
    (
      UInt32(DatabaseFileHeader.bigEndian(bytes, at: offset, count: 4)),
      UInt32(DatabaseFileHeader.bigEndian(bytes, at: offset + 4, count: 4))
    )
  }

  /// SQLite's WAL checksum of `bytes` (a multiple of 8 long), continuing from `seed`.
  private static func checksum(
    _ bytes: ArraySlice<UInt8>,
    bigEndianWords: Bool,
    seed: (UInt32, UInt32)
  ) -> (UInt32, UInt32) {
    var (first, second) = seed
    var index = bytes.startIndex
    func word(_ at: Int) -> UInt32 {
      let (a, b, c, d) = (UInt32(bytes[at]), UInt32(bytes[at + 1]), UInt32(bytes[at + 2]), UInt32(bytes[at + 3]))
      return bigEndianWords ? a << 24 | b << 16 | c << 8 | d : d << 24 | c << 16 | b << 8 | a
    }
    while index + 8 <= bytes.endIndex {
      first = first &+ word(index) &+ second
      second = second &+ word(index + 4) &+ first
      index += 8
    }
    return (first, second)
  }
}
