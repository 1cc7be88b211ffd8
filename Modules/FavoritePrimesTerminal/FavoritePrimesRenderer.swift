public import FavoritePrimes
import Platform
import REPL

/// The favourite primes as lines of text, numbered from 1 as a person refers to them: `1. 2`, `2. 3`.
///
/// While the stored list was never loaded (``FavoritePrimesState/isLoaded`` is false: the load at start failed),
/// the list is not the stored one, and a last line says so, rather than `No favorite primes yet.` for a
/// database that may hold many; it names the program as `storage` does (PrimeTime's database by default).
/// ``FavoritePrimesProblem``s are not drawn here: a front end reports them as errors.
public func renderFavoritePrimes(
  _ state: FavoritePrimesState,
  in storage: FavoritePrimesStorage = .database
) -> [String] {
  let list = state.favoritePrimes.enumerated().map { "\($0.offset + 1). \($0.element)" }
  guard state.isLoaded else {
    let kept = list.isEmpty ? "" : "Only the primes added since \(storage.program) started are shown: "
    return list + [kept + "the stored favorite primes could not be loaded; 'check' says why, 'load' tries again."]
  }
  return list.isEmpty ? ["No favorite primes yet."] : list
}

/// What a front end says after a save that recorded no problem: how many favourites the list saved holds,
/// `Saved 3 favorite primes.` or `Saved 1 favorite prime.`
public func renderFavoritePrimesSaved(_ state: FavoritePrimesState) -> [String] {
  let count = state.favoritePrimes.count
  return ["Saved \(count) favorite \(count == 1 ? "prime" : "primes")."]
}

/// What a front end says after an export, import or backup that recorded no problem: the
/// ``FavoritePrimesNotice``'s one line, or nothing if there is none.
/// File names in it are shown with their control and format characters escaped (``Echo/escaped(_:)``). It names
/// the store and the program as `storage` does (PrimeTime's database by default).
public func renderFavoritePrimesNotice(
  _ state: FavoritePrimesState,
  in storage: FavoritePrimesStorage = .database
) -> [String] {
  state.notice.map { [Echo.escaped($0.description(in: storage))] } ?? []
}

/// The waiting line of an import or backup that is running, nil when none is: `Importing favorites.txt… 40,000 of
/// 100,000 primes stored  (Ctrl-C stops)`, `Reading favorites.txt…  (Ctrl-C stops)` before the file is read, or
/// `Backing up to copy.db…  (Ctrl-C stops)`; the file's name escaped (``Echo/escaped(_:)``).
public func renderFavoritePrimesProgress(_ state: FavoritePrimesState) -> String? {
  if let running = state.importing {
    let path = Echo.escaped(running.path)
    guard let added = running.added else { return "Reading \(path)…  (Ctrl-C stops)" }
    return "Importing \(path)… \(grouped(running.stored)) of \(grouped(added.count)) primes stored  (Ctrl-C stops)"
  }
  return state.backingUp.map { "Backing up to \(Echo.escaped($0))…  (Ctrl-C stops)" }
}

/// The one line a front end reports for `problem`: its ``FavoritePrimesProblem/description``, with every
/// control character, format character (U+202E, U+200B) and line or paragraph separator escaped
/// (``Echo/escaped(_:)``), since it may repeat a file name as typed or a reason from storage. It names the store
/// and the program as `storage` does (PrimeTime's database by default).
public func renderFavoritePrimesProblem(
  _ problem: FavoritePrimesProblem,
  in storage: FavoritePrimesStorage = .database
) -> String {
  Echo.escaped(problem.description(in: storage))
}

/// The offsets (0 is the first) of `positions` as ``renderFavoritePrimes(_:)`` numbers them (1 is the first):
/// what ``FavoritePrimesAction/deleteFavoritePrimes(_:)`` takes. Whether the list has them is the reducer's
/// to say; a position below 1, which no command produces, becomes offset -1, which it refuses as position 0.
public func favoritePrimesOffsets(ofPositions positions: [Int]) -> FavoritePrimeOffsets {
  FavoritePrimeOffsets(positions.map { max($0, 0) - 1 })
}
