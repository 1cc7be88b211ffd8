/// What changed between two lists of favourites.
struct FavoritesChange: Equatable {
  /// Primes of the old list missing from the new one, in their old order.
  var removed: [Int]
  /// Primes of the new list missing from the old one, in their new order.
  var added: [Int]

  init(from old: [Int], to new: [Int]) {
    let oldSet = Set(old)
    let newSet = Set(new)
    removed = old.filter { !newSet.contains($0) }
    added = new.filter { !oldSet.contains($0) }
  }

  var isEmpty: Bool { removed.isEmpty && added.isEmpty }
}
