/// What the user did on the favourite primes screen, or what came back from the client.
public enum FavoritePrimesAction: Equatable, Sendable, Codable {
  /// The user deleted the favourites at these offsets (0 is the first), as a swipe-to-delete reports them; if
  /// the list lacks any, nothing is deleted (``FavoritePrimesProblem/noSuchPosition(offset:count:)``).
  case deleteFavoritePrimes(FavoritePrimeOffsets)
  /// The user asked to load the saved favourites.
  case loadButtonTapped
  /// The saved favourites came back (``FavoritePrimesSync/favoritePrimes`` is never nil after a load), with the
  /// activity stored since the client's last call.
  case loadedFavoritePrimes(FavoritePrimesSync)
  /// Loading failed, for the reason given.
  case loadFailed(String)
  /// The user asked to save the favourites: the changes not saved yet are sent.
  case saveButtonTapped
  /// A save stored the changes it sent; what came back with it: the stored list when another PrimeTime changed
  /// it meanwhile, and the activity stored since the client's last call.
  case favoritePrimesSaved(FavoritePrimesSync)
  /// Saving failed, for the reason given; `unsent` are the changes the save carried, which are unsaved again.
  case saveFailed(String, unsent: [Activity.Kind])
  /// The user asked to write the favourites to the file at `path` (see ``FavoritePrimesFile``).
  case exportTapped(path: String)
  /// The user asked for the export's text, to be shown rather than written to a file: refused while the list
  /// was never loaded (``FavoritePrimesState/isLoaded``), else the front end shows
  /// ``FavoritePrimesFile/lines(of:)`` of the list.
  case exportTextTapped
  /// The export of `count` favourites was written to `path`.
  case exported(count: Int, path: String)
  /// The export failed, for the reason given.
  case exportFailed(String)
  /// The user asked to add the primes listed in the file at `path`.
  case importTapped(path: String)
  /// The text of the file to import came back; the reducer decides which primes join.
  case importRead(String)
  /// Reading the file to import failed, for the reason given.
  case importFailed(String)
  /// The user asked for a copy of the database at `path`.
  case backupTapped(path: String)
  /// The copy was written to `path`.
  case backedUp(path: String)
  /// The backup failed, for the reason given.
  case backupFailed(String)
  /// The user asked to check the database for damage.
  case checkTapped
  /// The check ran: `findings` are its first findings, one line each; empty when the database passed.
  case checked(findings: [String])
  /// The check could not run, for the reason given (e.g. there is no database).
  case checkFailed(String)
}
