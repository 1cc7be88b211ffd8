import SQLite
import Testing

@Suite(.timeLimit(.minutes(2))) struct RoundTripTests {
  /// Stores `value` in a fresh STRICT table and reads it back.
  private func roundTrip(_ value: SQLiteValue, type: String) throws -> SQLiteValue {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE t(x \(type)) STRICT")
    try connection.execute("INSERT INTO t(x) VALUES (?)", [value])
    let rows = try connection.query("SELECT x FROM t")
    try #require(rows.count == 1)
    return rows[0][0]
  }

  @Test(arguments: [Int64.min, Int64.max, 0, -1, -42, 1, 9_007_199_254_740_993])
  func integersRoundTrip(_ integer: Int64) throws {
    #expect(try roundTrip(.integer(integer), type: "INTEGER") == .integer(integer))
  }

  @Test(arguments: [
    "",
    "plain",
    "🎉 party",
    "e\u{0301}\u{0323} and \u{0041}\u{030A}",  // combining marks, kept as written (not normalised)
    "'); DROP TABLE t; --",
  ])
  func textRoundTripsByteForByte(_ text: String) throws {
    let value = try roundTrip(.text(text), type: "TEXT")
    guard case let .text(read) = value else {
      Issue.record("expected text, got \(value)")
      return
    }
    // Swift's `==` on String ignores normalisation differences: compare the UTF-8 bytes.
    #expect(Array(read.utf8) == Array(text.utf8))
  }

  @Test(arguments: [[], [0], [0, 255, 0, 1], Array(repeating: 0xA5, count: 300_000)] as [[UInt8]])
  func blobsRoundTripByteForByte(_ bytes: [UInt8]) throws {
    #expect(try roundTrip(.blob(bytes), type: "BLOB") == .blob(bytes))
  }

  @Test func aBlobIsReadInPlaceAndAnythingElseIsNamedAsNotABlob() throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE t(x ANY) STRICT")
    try connection.execute("INSERT INTO t(x) VALUES (?), (?)", [.blob([1, 2, 3]), .text("abc")])
    var read: [[UInt8]] = []
    let error = #expect(throws: SQLiteError.self) {
      try connection.forEachRow("SELECT x FROM t ORDER BY rowid") { read.append(try $0.bytes(0)) }
    }
    #expect(read == [[1, 2, 3]])
    #expect(error?.message == "column 0 holds text, not a BLOB")
    #expect(throws: SQLiteError.self) { try connection.query("SELECT 'abc'").first?.bytes(0) }
  }

  /// A BLOB lent in place reads as the one copied out; an empty one lends an empty buffer; text is refused.
  @Test func aBlobIsLentInPlaceWithoutACopy() throws {
    let connection = try Connection(path: ":memory:")
    let large = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    var lent: [[UInt8]] = []
    try connection.forEachRow("SELECT ? UNION ALL SELECT x''", [.blob(large)]) { row in
      lent.append(try row.withBytes(0) { Array($0) })
    }
    #expect(lent == [large, []])
    let error = #expect(throws: SQLiteError.self) {
      try connection.forEachRow("SELECT 'abc'") { row in _ = try row.withBytes(0) { $0.count } }
    }
    #expect(error?.message == "column 0 holds text, not a BLOB")
  }

  @Test func textWithEmbeddedNulRoundTrips() throws {
    for text in ["before\0after", "\0", "\0\0end"] {
      #expect(try roundTrip(.text(text), type: "TEXT") == .text(text))
    }
  }

  @Test func longTextRoundTrips() throws {
    let text = String(repeating: "prime 🎉 ", count: 100_000)  // 1.1 MB
    let value = try roundTrip(.text(text), type: "TEXT")
    #expect(value == .text(text), "long text changed (\(text.utf8.count) bytes written)")
  }

  @Test func embeddedNulIsStoredNotTruncated() throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE t(x TEXT) STRICT")
    try connection.execute("INSERT INTO t(x) VALUES (?)", ["a\0bc"])
    let rows = try connection.query("SELECT length(CAST(x AS BLOB)) FROM t")
    #expect(try rows.first?.integer(0) == 4)
  }

  @Test func unicodeIsStoredAsUTF8() throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE t(x TEXT) STRICT")
    try connection.execute("INSERT INTO t(x) VALUES (?)", ["🎉e\u{0301}"])
    let rows = try connection.query("SELECT length(CAST(x AS BLOB)), length(x), hex(x) FROM t")
    let row = try #require(rows.first)
    #expect(try row.integer(0) == 7)  // 4 bytes of emoji, 1 of e, 2 of U+0301
    #expect(try row.integer(1) == 3)  // 3 characters as SQLite counts them
    #expect(try row.text(2) == "F09F8E8965CC81")
  }

  @Test func nullRoundTrips() throws {
    #expect(try roundTrip(.null, type: "INTEGER") == .null)
    #expect(try roundTrip(nil, type: "TEXT") == .null)
  }

  @Test func severalColumnsAndRowsComeBackInOrder() throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE t(n INTEGER PRIMARY KEY, name TEXT, note TEXT) STRICT")
    let inserted: [[SQLiteValue]] = [
      [3, "three", nil],
      [1, "one", "first"],
      [2, "two", ""],
    ]
    for values in inserted {
      try connection.execute("INSERT INTO t(n, name, note) VALUES (?, ?, ?)", values)
    }
    let rows = try connection.query("SELECT n, name, note FROM t ORDER BY n")
    #expect(rows.map(\.values) == [
      [1, "one", "first"],
      [2, "two", ""],
      [3, "three", nil],
    ])
    let reversed = try connection.query("SELECT note, n FROM t ORDER BY n DESC")
    #expect(reversed.map(\.values) == [[nil, 3], ["", 2], ["first", 1]])
  }

  @Test func queryWithNoRowsReturnsEmpty() throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE t(n INTEGER)")
    #expect(try connection.query("SELECT n FROM t").isEmpty)
  }
}
