import Platform
import SQLite
import Testing

@testable import FavoritePrimesLive

/// A full disk stops an export or a backup with a line that says what to do, as a save on a full disk does:
/// found by the outside round, whose full file system gave `no space left on device` and `database or disk is
/// full` alone.
@Suite(.timeLimit(.minutes(1)))
struct FullDiskMessageTests {
  @Test func aFileNotWrittenForWantOfSpaceSaysToFreeSomeOrWriteElsewhere() {
    for code in [ENOSPC, EDQUOT] {
      #expect(TransferFiles.reason(code).hasSuffix("; free some space on that disk, or name a file on another one"))
    }
    #expect(TransferFiles.reason(EACCES) == "permission denied")
  }

  /// In the export's words: one advice, whichever file did not fit.
  @Test func aBackupOnAFullDiskSaysToFreeSomeSpaceOrCopyElsewhere() {
    let full = FavoritePrimesFileError.copyNotWritten("b.db", SQLiteError(.full, message: "database or disk is full"))
    #expect(
      full.description == "can't write the copy b.db: the disk is full; free some space on that disk, or name a "
        + "file on another one"
    )
    let other = FavoritePrimesFileError.copyNotWritten("b.db", SQLiteError(.ioError, message: "disk I/O error"))
    #expect(other.description == "can't write the copy b.db: disk I/O error")
  }
}
