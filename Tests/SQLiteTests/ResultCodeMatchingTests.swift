import CSQLite
import SQLite
import Testing

/// A ``ResultCode`` is a pattern: it matches every extended code of its family, in a `switch` or with `~=`.
@Suite(.timeLimit(.minutes(1)))
struct ResultCodeMatchingTests {
  @Test func aCodeMatchesEveryExtendedCodeOfItsFamilyAndNoOther() {
    let primaryKey = SQLiteError(code: SQLITE_CONSTRAINT_PRIMARYKEY, message: "")
    #expect(ResultCode(rawValue: SQLITE_CONSTRAINT) ~= primaryKey)
    #expect(!(ResultCode.busy ~= primaryKey))
    #expect(ResultCode.ioError ~= Int32(4874))  // SQLITE_IOERR_SHMSIZE
    #expect(ResultCode.busy ~= SQLITE_BUSY)
    #expect(!(ResultCode.busy ~= SQLITE_LOCKED))
    #expect(primaryKey.resultCode == ResultCode(rawValue: 19))
  }

  @Test func anErrorIsMatchedInASwitchByTheNameOfItsFamily() throws {
    let connection = try Connection(path: ":memory:")
    try connection.execute("CREATE TABLE t(n INTEGER PRIMARY KEY)")
    try connection.execute("INSERT INTO t(n) VALUES (1)")
    let error = try #require(throws: SQLiteError.self) { try connection.execute("INSERT INTO t(n) VALUES (1)") }
    let family: String
    switch error {
    case ResultCode.busy, ResultCode.locked: family = "busy"
    case ResultCode(rawValue: SQLITE_CONSTRAINT): family = "constraint"
    default: family = "other"
    }
    #expect(family == "constraint")
    switch SQLiteError.closed.resultCode {
    case .misuse: break
    default: Issue.record("closed is not a misuse")
    }
  }

  @Test(arguments: [
    (SQLITE_CORRUPT, true), (SQLITE_CORRUPT | (2 << 8), true), (SQLITE_NOTADB, true), (SQLITE_BUSY, false),
    (SQLITE_IOERR, false),
  ])
  func damageIsCorruptOrNotADatabaseInAnyExtendedForm(code: Int32, isDamage: Bool) {
    #expect(SQLiteError(code: code, message: "").saysFileIsDamaged == isDamage)
  }

  @Test func aCodeIsWrittenAsItsNumber() {
    let code: ResultCode = 26
    #expect(code == .notADatabase)
    #expect(ResultCode.range.rawValue == SQLITE_RANGE)
    #expect(SQLiteError(.full, message: "full").code == SQLITE_FULL)
  }
}
