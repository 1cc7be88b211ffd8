/// The favourite primes, in the order they were added, with the changes to them no save has stored yet: the
/// one owner of both, so each change is recorded where it is made.
///
/// A feature changes the list only through the methods that record what they did: ``add(_:)``,
/// ``add(contentsOf:)``, ``remove(_:)`` and ``remove(at:)``. A save takes the changes when it starts
/// (``startSave()``), and when it ends forgets them (``saveSucceeded()``) or gives them back, before any made
/// since (``saveFailed(unsent:)``), so the next save sends each change once. A list read from storage
/// (``takeStored(_:)``) gets the unsaved changes applied on top, and they stay unsaved.
///
/// It is a collection of the primes, and an array literal makes a list with nothing to save:
///
/// ```swift
/// var favorites: FavoriteList = [2, 3]
/// favorites.add(7)                    // unsavedChanges: [.addedFavoritePrime(7)]
/// let sent = favorites.startSave()    // sent: [.addedFavoritePrime(7)]; unsavedChanges: []; isSaving
/// favorites.saveFailed(unsent: sent)  // unsavedChanges: [.addedFavoritePrime(7)] again; not saving
/// ```
public struct FavoriteList: Equatable, Sendable {
  /// The favourite primes, in the order they were added, each once.
  public private(set) var primes: [Int]
  /// The changes made to ``primes`` that no save has stored yet, in the order they were made: what the next
  /// save sends.
  public private(set) var unsavedChanges: [FavoriteChange]
  /// How many saves have started and not ended: each ends with ``saveSucceeded()`` or ``saveFailed(unsent:)``.
  public private(set) var savesRunning: Int

  /// A list of `primes` (each once, in order) with `unsavedChanges` not stored yet and `savesRunning` saves
  /// in flight: for a state a test or a recording starts from.
  public init(_ primes: [Int] = [], unsavedChanges: [FavoriteChange] = [], savesRunning: Int = 0) {
    self.primes = primes
    self.unsavedChanges = unsavedChanges
    self.savesRunning = Swift.max(savesRunning, 0)
  }

  /// Whether the list has changes no save has stored: made and not saved yet, or given back by a save that
  /// failed. Ending the program then loses them.
  public var hasUnsavedChanges: Bool { !unsavedChanges.isEmpty }

  /// Whether a save has started and not ended.
  public var isSaving: Bool { savesRunning > 0 }

  /// Adds `prime` at the end and records it, unless the list holds it already.
  public mutating func add(_ prime: Int) {
    guard !primes.contains(prime) else { return }
    primes.append(prime)
    unsavedChanges.append(.addedFavoritePrime(prime))
  }

  /// Adds each of `newPrimes` the list lacks at the end, in order, and records each; the caller makes sure
  /// they are distinct (an import keeps the first of repeats).
  public mutating func add(contentsOf newPrimes: [Int]) {
    primes += newPrimes
    unsavedChanges += newPrimes.map(FavoriteChange.addedFavoritePrime)
  }

  /// Adds `storedPrimes` at the end, in order, recording nothing: a save of their own has stored them already
  /// (an import's). The caller makes sure the list lacks each, and that they are distinct.
  public mutating func appendStored(_ storedPrimes: [Int]) {
    primes += storedPrimes
  }

  /// Removes `prime` and records it, if the list holds it.
  public mutating func remove(_ prime: Int) {
    guard primes.contains(prime) else { return }
    primes.removeAll { $0 == prime }
    unsavedChanges.append(.removedFavoritePrime(prime))
  }

  /// Removes the primes at `offsets` (0 is the first), which must all be in the list, and records each
  /// removal in list order; one pass over the list for all of them.
  public mutating func remove(at offsets: RangeSet<Int>) {
    unsavedChanges += offsets.ranges.joined().map { .removedFavoritePrime(primes[$0]) }
    primes.removeSubranges(offsets)
  }

  /// Starts a save: returns the changes it must send and leaves none unsaved, until it ends.
  public mutating func startSave() -> [FavoriteChange] {
    defer { unsavedChanges = [] }
    savesRunning += 1
    return unsavedChanges
  }

  /// Ends a save that stored the changes it sent.
  public mutating func saveSucceeded() {
    savesRunning = Swift.max(savesRunning - 1, 0)
  }

  /// Ends a save that could not store `unsent`, the changes it took: they are unsaved again, before any made
  /// since.
  public mutating func saveFailed(unsent: [FavoriteChange]) {
    savesRunning = Swift.max(savesRunning - 1, 0)
    unsavedChanges = unsent + unsavedChanges
  }

  /// Takes `stored`, the list storage holds, with the unsaved changes applied on top (they stay unsaved): an
  /// addition appends a prime the list lacks, a removal deletes it. Visits the list once per unsaved change.
  public mutating func takeStored(_ stored: [Int]) {
    primes = stored
    for change in unsavedChanges {
      switch change {
      case let .addedFavoritePrime(prime):
        if !primes.contains(prime) { primes.append(prime) }
      case let .removedFavoritePrime(prime):
        primes.removeAll { $0 == prime }
      }
    }
  }
}

extension FavoriteList: RandomAccessCollection {
  /// The position of the first prime: 0.
  public var startIndex: Int { primes.startIndex }
  /// The position after the last prime: the count.
  public var endIndex: Int { primes.endIndex }
  /// The prime at `position`.
  public subscript(position: Int) -> Int { primes[position] }
}

extension FavoriteList: CustomReflectable {
  /// ``primes``, with ``unsavedChanges`` and ``savesRunning`` only when not empty or zero, so that a trace or a
  /// test's diff of a list with nothing to save reads `FavoriteList(primes: [2, 3])`.
  public var customMirror: Mirror {
    var children: [Mirror.Child] = [("primes", primes)]
    if !unsavedChanges.isEmpty {
      children.append(("unsavedChanges", unsavedChanges))
    }
    if savesRunning != 0 {
      children.append(("savesRunning", savesRunning))
    }
    return Mirror(self, children: children, displayStyle: .struct)
  }
}

extension FavoriteList: ExpressibleByArrayLiteral {
  /// A list of these primes with no unsaved change and no save running.
  public init(arrayLiteral primes: Int...) {
    self.init(primes)
  }
}

extension FavoriteList: Codable {
  private enum CodingKeys: String, CodingKey {
    case primes, unsavedChanges, savesRunning
  }

  /// Decodes `{"primes":[2,7],"unsavedChanges":[…],"savesRunning":1}`, the last two only when not empty or
  /// zero; or a bare array of primes, as recordings made before the list recorded its changes hold it.
  public init(from decoder: any Decoder) throws {
    if let primes = try? [Int](from: decoder) {
      self.init(primes)
      return
    }
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      try container.decode([Int].self, forKey: .primes),
      unsavedChanges: try container.decodeIfPresent([FavoriteChange].self, forKey: .unsavedChanges) ?? [],
      savesRunning: try container.decodeIfPresent(Int.self, forKey: .savesRunning) ?? 0
    )
  }

  /// Encodes the list for a recording, leaving out what is empty or zero.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(primes, forKey: .primes)
    if !unsavedChanges.isEmpty {
      try container.encode(unsavedChanges, forKey: .unsavedChanges)
    }
    if savesRunning != 0 {
      try container.encode(savesRunning, forKey: .savesRunning)
    }
  }
}

/// A change to the favourite primes: what a save sends, and what an entry of the activity history records.
public enum FavoriteChange: Equatable, Sendable, Codable {
  /// The prime was saved as a favourite.
  case addedFavoritePrime(Int)
  /// The prime stopped being a favourite.
  case removedFavoritePrime(Int)
}
