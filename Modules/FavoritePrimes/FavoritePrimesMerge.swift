/// `changed`'s changes since `base`, applied to `other`: how two lists of favourite primes edited apart from
/// the same start are brought together without losing either side's work.
///
/// The result is `other` without the primes `changed` dropped from `base`, followed by the primes `changed`
/// added to `base` that `other` lacks, in `changed`'s order; each prime appears once. A prime both sides
/// removed stays removed, and one both added appears once, where `other` has it.
public func mergingFavoritePrimes(_ changed: [Int], since base: [Int], into other: [Int]) -> [Int] {
  let changedSet = Set(changed)
  let baseSet = Set(base)
  var seen: Set<Int> = []
  let kept = other.filter { prime in
    (changedSet.contains(prime) || !baseSet.contains(prime)) && seen.insert(prime).inserted
  }
  let added = changed.filter { prime in !baseSet.contains(prime) && seen.insert(prime).inserted }
  return kept + added
}
