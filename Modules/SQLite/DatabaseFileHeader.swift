import Platform

/// The fields of a SQLite database's first page that say whose it is and what it holds, read from bytes
/// without SQLite, so a file can be judged before anything may write to it.
///
/// See "The Database File Format" (sqlite.org/fileformat2.html): the 100-byte header, then page 1's b-tree
/// header, which is the root of `sqlite_schema`.
public struct DatabaseFileHeader: Equatable, Sendable {
  /// How many bytes of page 1 are read: the header and the b-tree page header after it.
  public static let length = 108

  /// The page size in bytes: a power of two from 512 to 65536.
  public let pageSize: Int
  /// `PRAGMA user_version`.
  public let userVersion: Int64
  /// `PRAGMA application_id`.
  public let applicationID: Int64
  /// The schema format number (offset 44): SQLite writes 1 to 4 and refuses to read any other.
  public let schemaFormat: UInt64
  /// Whether `sqlite_schema` lists anything (a table, an index, a view or a trigger).
  public let hasSchema: Bool
  /// The size in pages the header records, when it is known to be valid (it is not after an old SQLite
  /// wrote the file).
  public let recordedPageCount: Int?

  /// The header in `bytes`, the start of page 1; nil unless they start with SQLite's magic string and name a
  /// valid page size.
  public init?(_ bytes: some RandomAccessCollection<UInt8>) {
    let bytes = Array(bytes)
    guard bytes.count >= Self.length, bytes.starts(with: Array("SQLite format 3\u{0}".utf8)) else { return nil }
    let rawPageSize = Self.bigEndian(bytes, at: 16, count: 2)
    let pageSize = rawPageSize == 1 ? 65536 : Int(rawPageSize)
    guard pageSize >= 512, pageSize <= 65536, pageSize & (pageSize - 1) == 0 else { return nil }
    self.pageSize = pageSize
    userVersion = Int64(Int32(bitPattern: UInt32(Self.bigEndian(bytes, at: 60, count: 4))))
    applicationID = Int64(Int32(bitPattern: UInt32(Self.bigEndian(bytes, at: 68, count: 4))))
    schemaFormat = Self.bigEndian(bytes, at: 44, count: 4)
    // Page 1's b-tree page: an interior page (type 5) has children, a leaf (type 13) a cell count.
    hasSchema = bytes[100] == 5 || Self.bigEndian(bytes, at: 103, count: 2) > 0
    let changeCounter = Self.bigEndian(bytes, at: 24, count: 4)
    let validFor = Self.bigEndian(bytes, at: 92, count: 4)
    let pageCount = Self.bigEndian(bytes, at: 28, count: 4)
    recordedPageCount = pageCount > 0 && changeCounter == validFor ? Int(pageCount) : nil
  }

  /// The unsigned big-endian integer of `count` bytes (at most 4) at `offset` of `bytes`.
  static func bigEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> UInt64 {
    bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | UInt64($1) }
  }

  /// The first ``length`` bytes of the file at `path` (fewer if it is shorter), read with plain `read`
  /// calls: nothing SQLite would do, no lock, no journal.
  ///
  /// - Throws: the `errno` of a file that may not be opened or read, e.g. one of another user.
  public static func firstBytes(ofFileAt path: String) throws(SystemCallError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
    guard descriptor >= 0 else { throw SystemCallError(errno: errno) }
    defer { _ = close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: length)
    var count = 0
    while count < bytes.count {
      let got = bytes.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
      }
      if got == 0 { break }
      if got < 0 {
        let code = errno
        if code == EINTR { continue }
        throw SystemCallError(errno: code)
      }
      count += got
    }
    return Array(bytes[..<count])
  }
}
