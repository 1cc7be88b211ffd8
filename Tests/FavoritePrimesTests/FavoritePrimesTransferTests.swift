import ComposableArchitectureTestSupport
import FavoriteList
import FavoritePrimes
import Foundation
import Testing

/// Export, import and backup in the reducer: which primes an import adds and what it skips, what the person
/// is told, and failures that change nothing.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct FavoritePrimesTransferTests {
  @Test func theExportFormatIsAHeaderThenOnePrimePerLineEachEndingInANewline() {
    #expect(FavoritePrimesFile.text(of: [7, 2, 31]) == "# PrimeTime favorite primes\n7\n2\n31\n")
    #expect(FavoritePrimesFile.text(of: []) == "# PrimeTime favorite primes\n")
  }

  @Test func readingSkipsHeaderCommentsAndBlankLinesAndNamesWhatIsNotAPrime() {
    let text = "# PrimeTime favorite primes\n7\n\n  11\t\r\n8\nx\n# a note\n-7\n+5\n7\n1\n"
    let read = FavoritePrimesFile.read(text)
    #expect(read.primes == [7, 11, 7])
    #expect(read.skipped == ["8", "x", "-7", "+5", "1"])
  }

  /// A text editor may begin a saved file with a byte order mark: it is not part of the first line, which is
  /// read as it would be without it. Elsewhere it is a character like any other.
  @Test func aByteOrderMarkAtTheStartIsNotPartOfTheFirstLine() {
    #expect(FavoritePrimesFile.read("\u{FEFF}2\n3\n") == ([2, 3], []))
    #expect(FavoritePrimesFile.read("\u{FEFF}# PrimeTime favorite primes\r\n5\r\n") == ([5], []))
    #expect(FavoritePrimesFile.isExport("\u{FEFF}# PrimeTime favorite primes\n7\n"))
    #expect(FavoritePrimesFile.read("2\n\u{FEFF}3\n").skipped == ["\u{FEFF}3"])
  }

  @Test func anExportReadsBackAsTheSameList() {
    let primes = [2, 9_223_372_036_854_775_783, 3, 13]
    #expect(FavoritePrimesFile.read(FavoritePrimesFile.text(of: primes)) == (primes, []))
  }

  @Test func importingAddsNewPrimesInFileOrderAndSaysWhatItSkipped() async {
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [5, 2]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = .inMemory([5, 2], files: ["in.txt": "13\n8\n2\n3\nx\n13\n"])
    }
    await store.send(.importTapped(path: "in.txt")) { $0.importing = FavoritePrimesImport(path: "in.txt") }
    await store.receive(.importParsed(primes: [13, 2, 3, 13], skipped: ["8", "x"])) {
      $0.importing = FavoritePrimesImport(path: "in.txt", added: [13, 3], already: 2, skipped: ["8", "x"])
    }
    // Stored by a save of their own, they join the list with nothing left to save.
    await store.receive({ action in
      guard case let .importSaved(sync) = action else { return false }
      return sync.activity.map(\.type) == [.addedFavoritePrime(13), .addedFavoritePrime(3)]
    }) {
      $0.importing = nil
      $0.favoritePrimes = [5, 2, 13, 3]
      $0.notice = .imported(added: [13, 3], already: 2, skipped: ["8", "x"])
    }
    await store.finish()
    #expect(
      store.state.notice?.description
        == "Imported 2 favorite primes; 2 were already there; skipped 2 lines that are not primes: 8, x."
    )
  }

  /// The result says its counts as the progress line does: `1,000,000`, not `1000000`.
  @Test func theImportMessageGroupsTheThousandsOfItsCounts() {
    #expect(
      FavoritePrimesNotice.imported(added: Array(repeating: 2, count: 1_234), already: 12_345, skipped: []).description
        == "Imported 1,234 favorite primes; 12,345 were already there."
    )
  }

  @Test func theImportMessageReadsAsTheBriefAsks() {
    #expect(
      FavoritePrimesNotice.imported(added: [2, 3, 5], already: 0, skipped: ["8", "x"]).description
        == "Imported 3 favorite primes; skipped 2 lines that are not primes: 8, x."
    )
    #expect(
      FavoritePrimesNotice.imported(added: [7], already: 1, skipped: ["9"]).description
        == "Imported 1 favorite prime; 1 was already there; skipped 1 line that is not a prime: 9."
    )
    #expect(
      FavoritePrimesNotice.imported(added: [], already: 0, skipped: ["\u{1B}[31mred", "4", "6", "8", "9", "10"])
        .description
        == "Imported 0 favorite primes; skipped 6 lines that are not primes: \\u{1B}[31mred, 4, 6, 8, 9 and 1 more."
    )
  }

  /// A number too large for PrimeTime is named as that, not as a number that is not a prime: 2^64 - 59 is
  /// prime. Leading zeros do not make a number too large.
  @Test func aNumberTooLargeToKeepIsNamedAsTooLarge() {
    #expect(
      FavoritePrimesNotice.imported(
        added: [2_147_483_647], already: 0, skipped: ["18446744073709551557", "99999999999999999999999"]
      ).description
        == "Imported 1 favorite prime; skipped 2 numbers larger than 9223372036854775807, the largest PrimeTime "
        + "keeps: 18446744073709551557, 99999999999999999999…."
    )
    #expect(
      FavoritePrimesNotice.imported(added: [], already: 0, skipped: ["8", "9223372036854775808", "00009"])
        .description
        == "Imported 0 favorite primes; skipped 2 lines that are not primes: 8, 00009; skipped 1 number larger "
        + "than 9223372036854775807, the largest PrimeTime keeps: 9223372036854775808."
    )
  }

  /// A skipped line could turn the rest of the message around (U+202E), hide text (U+200B, U+2066) or break
  /// the line (U+2028, U+0085): each is escaped by the one rule of every line PrimeTime prints (`\u{202E}`), as
  /// control characters are.
  @Test func aSkippedLineCannotReorderHideOrBreakTheMessage() {
    let skipped = ["a\u{202E}b", "\u{200B}c", "d\u{2066}e\u{2069}", "f\u{2028}g", "h\u{85}i"]
    #expect(
      FavoritePrimesNotice.imported(added: [], already: 0, skipped: skipped).description
        == "Imported 0 favorite primes; skipped 5 lines that are not primes: a\\u{202E}b, \\u{200B}c, "
        + "d\\u{2066}e\\u{2069}, f\\u{2028}g, h\\u{85}i."
    )
  }

  @Test func anImportThatCannotBeReadChangesNothingAndSaysWhy() async {
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [5]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = .inMemory()
    }
    await store.send(.importTapped(path: "missing.txt")) { $0.importing = FavoritePrimesImport(path: "missing.txt") }
    let reason = "there is no file missing.txt (files here are kept in memory only)"
    await store.receive(.importFailed(reason)) {
      $0.importing = nil
      $0.problem = .importFailed(reason)
    }
    await store.finish()
    #expect(
      store.state.problem?.description
        == "Couldn't import favorite primes: there is no file missing.txt (files here are kept in memory only). "
        + "The list is unchanged."
    )
  }

  @Test func exportingHandsTheFormattedListToTheClientAndSaysHowMany() async {
    let written = CallLog<[String]>()
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [3, 2]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: FavoritePrimesClient.failing.load,
        save: FavoritePrimesClient.failing.save,
        export: { text, path in written.append([text, path]) }
      )
    }
    await store.send(.exportTapped(path: "out.txt"))
    await store.receive(.exported(count: 2, path: "out.txt")) { $0.notice = .exported(count: 2, path: "out.txt") }
    await store.finish()
    #expect(written.values == [["# PrimeTime favorite primes\n3\n2\n", "out.txt"]])
    #expect(store.state.notice?.description == "Exported 2 favorite primes to out.txt.")
  }

  @Test func anExportOverAFileThatIsNotAnExportIsRefusedAndTheFileKept() async throws {
    let client = FavoritePrimesClient.inMemory([2], files: ["notes.txt": "my notes\n"])
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = client
    }
    await store.send(.exportTapped(path: "notes.txt"))
    let reason = "notes.txt exists and is not a previous export, so it was left as it is"
    await store.receive(.exportFailed(reason)) { $0.problem = .exportFailed(reason) }
    await store.finish()
    #expect(try await client.read("notes.txt") == "my notes\n")
  }

  @Test func anExportReplacesAPreviousExportAndAnImportReadsItBack() async throws {
    let client = FavoritePrimesClient.inMemory([2], files: ["old.txt": "# PrimeTime favorite primes\n97\n"])
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2, 3]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = client
    }
    await store.send(.exportTapped(path: "old.txt"))
    await store.receive(.exported(count: 2, path: "old.txt")) { $0.notice = .exported(count: 2, path: "old.txt") }
    await store.finish()
    #expect(try await client.read("old.txt") == "# PrimeTime favorite primes\n2\n3\n")
  }

  @Test func aBackupWithoutADatabaseIsRefused() async {
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = .inMemory([2])
    }
    await store.send(.backupTapped(path: "copy.sqlite3")) { $0.backingUp = "copy.sqlite3" }
    let reason = "there is no database to back up: favorites are kept in memory only; 'export' prints them"
    await store.receive(.backupFailed(reason)) {
      $0.backingUp = nil
      $0.problem = .backupFailed(reason)
    }
    await store.finish()
  }

  @Test func aBackupThatSucceedsSaysWhere() async {
    let store = TestStore(initialState: FavoritePrimesState(favoritePrimes: [2]), reducer: FavoritePrimes()) {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: FavoritePrimesClient.failing.load,
        save: FavoritePrimesClient.failing.save,
        backup: { _ in }
      )
    }
    await store.send(.backupTapped(path: "copy.sqlite3")) { $0.backingUp = "copy.sqlite3" }
    await store.receive(.backedUp(path: "copy.sqlite3")) {
      $0.backingUp = nil
      $0.notice = .backedUp(path: "copy.sqlite3", withoutUnsavedChanges: false)
    }
    await store.finish()
  }

  /// The copy holds what was saved: after a failed save, the list shown is not all in it, and the notice says so.
  @Test func aBackupAfterAFailedSaveSaysTheUnsavedChangesAreNotInIt() async {
    let store = TestStore(
      initialState: FavoritePrimesState(favoritePrimes: FavoriteList([2, 3], unsavedChanges: [.addedFavoritePrime(3)])),
      reducer: FavoritePrimes()
    ) {
      $0.favoritePrimesClient = FavoritePrimesClient(
        load: FavoritePrimesClient.failing.load,
        save: FavoritePrimesClient.failing.save,
        backup: { _ in }
      )
    }
    await store.send(.backupTapped(path: "copy.sqlite3")) { $0.backingUp = "copy.sqlite3" }
    await store.receive(.backedUp(path: "copy.sqlite3")) {
      $0.backingUp = nil
      $0.notice = .backedUp(path: "copy.sqlite3", withoutUnsavedChanges: true)
    }
    await store.finish()
    #expect(
      store.state.notice?.description
        == "Backed up the saved favorite primes and their activity to copy.sqlite3; the changes that could not "
        + "be saved are not in it: 'save' them, then back up again."
    )
  }

  @Test func theNextActionClearsTheNoticeButASaveComingBackKeepsIt() async {
    let notice = FavoritePrimesNotice.imported(added: [7], already: 0, skipped: [])
    let store = TestStore(
      initialState: FavoritePrimesState(favoritePrimes: [2, 7], notice: notice),
      reducer: FavoritePrimes()
    )
    await store.send(.favoritePrimesSaved(FavoritePrimesSync()))
    await store.send(.deleteFavoritePrimes([0])) {
      $0.favoritePrimes = FavoriteList([7], unsavedChanges: [.removedFavoritePrime(2)])
      $0.notice = nil
    }
  }
}
