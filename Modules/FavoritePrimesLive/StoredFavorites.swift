/// The favourites as stored at one moment, remembered by ``FavoritePrimesDatabase`` between saves.
struct StoredFavorites: Sendable {
  /// The list, in order.
  let primes: [Int]
  /// `primes` sorted, when already known; the diff of two lists merges their sorted forms.
  let sorted: [Int]?
  /// `PRAGMA data_version` on the connection that read or wrote `primes`, while it was the stored list.
  let dataVersion: Int64

  /// What replacing this list by `new` removes and adds: each prime once, in the order of its first
  /// occurrence in the list it comes from; and `new` with its sorted form, to remember.
  ///
  /// Merging sorted lists keeps memory access sequential; the sort is linear when a list is already
  /// nearly in order, as favourites usually are.
  func changes(to new: [Int], dataVersion: Int64) -> (removed: [Int], added: [Int], saved: StoredFavorites) {
    let old = sorted ?? primes.sorted()
    let saved = StoredFavorites(primes: new, sorted: new.sorted(), dataVersion: dataVersion)
    var removed: [Int] = []
    var added: [Int] = []
    var (i, j) = (old.startIndex, new.startIndex)
    let newSorted = saved.sorted ?? []
    while i < old.endIndex || j < newSorted.endIndex {
      if j == newSorted.endIndex || (i < old.endIndex && old[i] < newSorted[j]) {
        removed.append(old[i])
      } else if i == old.endIndex || newSorted[j] < old[i] {
        added.append(newSorted[j])
      }
      // Step past every copy of the smaller value (of both, when equal).
      let value = i == old.endIndex ? newSorted[j] : j == newSorted.endIndex ? old[i] : min(old[i], newSorted[j])
      while i < old.endIndex, old[i] == value { i += 1 }
      while j < newSorted.endIndex, newSorted[j] == value { j += 1 }
    }
    return (Self.inOrder(removed, of: primes), Self.inOrder(added, of: new), saved)
  }

  /// `values` (sorted, distinct, each in `list`), in the order of their first occurrence in `list`.
  private static func inOrder(_ values: [Int], of list: [Int]) -> [Int] {
    guard !values.isEmpty else { return [] }
    var found = [Bool](repeating: false, count: values.count)
    var ordered: [Int] = []
    ordered.reserveCapacity(values.count)
    for value in list {
      // The first index whose value is not below `value`.
      var (low, high) = (0, values.count)
      while low < high {
        let middle = low + (high - low) / 2
        if values[middle] < value { low = middle + 1 } else { high = middle }
      }
      guard low < values.count, values[low] == value, !found[low] else { continue }
      found[low] = true
      ordered.append(value)
      if ordered.count == values.count { break }
    }
    return ordered
  }
}
