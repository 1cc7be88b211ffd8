extension Array where Element == Int {
  /// The index of the first element for which `belongs` holds, for an array where it holds on a suffix.
  func partitioningIndex(where belongs: (Int) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if belongs(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
