/// An import that is running: from `import FILE` until its primes are stored, it fails, or it is stopped.
///
/// Its primes join ``FavoritePrimesState/favoritePrimes`` only once stored, all in one save: until then the
/// list is as it was, so an import stopped half-way (Ctrl-C, the end of the session) changes nothing.
public struct FavoritePrimesImport: Equatable, Sendable, Codable {
  /// The file, as named.
  public var path: String
  /// The primes that join, in file order, once the file is read; nil while it is read.
  public var added: [Int]?
  /// How many lines named primes that were favourites already (or named one twice).
  public var already: Int
  /// The lines, as written, that were not primes.
  public var skipped: [String]
  /// How many of ``added`` the save has stored so far (they show only once all are).
  public var stored: Int

  /// An import of `path`, at the given point.
  public init(path: String, added: [Int]? = nil, already: Int = 0, skipped: [String] = [], stored: Int = 0) {
    self.path = path
    self.added = added
    self.already = already
    self.skipped = skipped
    self.stored = stored
  }
}
