// favorite-primes-torture: the child process of FavoritePrimesLiveTests' process tests.
//
//   favorite-primes-torture save-loop PATH   saves the changes to random lists forever, writing
//                                            `save P1,P2,…` (one line, one write: the list the save leaves)
//                                            before each save; `save ` alone is the empty list
//   favorite-primes-torture save PATH N      saves the changes to N random lists, then writes `saved N`
//   favorite-primes-torture save-list PATH L  saves the changes from the stored list to L (`P1,P2,…`, empty
//                                            for none), then writes `saved` and the list now stored
//
// A save sends changes, so a list is reached by removing the stored primes it lacks, then adding its primes
// not stored, in its order: the stored primes it keeps stay in their order, before the ones it adds.
//   favorite-primes-torture open PATH        opens the database, then writes `opened`
//
// Any error goes to standard error as one line, with exit status 1; bad arguments give status 64.

import FavoritePrimes
import FavoritePrimesLive
import Foundation

/// Writes `line` and a newline to standard output in one `write`, unbuffered, so a parent that kills this
/// process sees every line announced before the kill.
func announce(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// The primes under 2,000.
func smallPrimes() -> [Int] {
  (2..<2000).filter { n in !(2..<n).contains { d in d * d <= n && n % d == 0 } }
}

/// A random list of up to 40 distinct `primes`, in random order; sometimes empty.
func randomList(of primes: [Int]) -> [Int] {
  Array(primes.shuffled().prefix(Int.random(in: 0...40)))
}

/// The changes that take the stored list `stored` towards `list` (each without repeats), and the list they
/// leave when no other process writes meanwhile.
func changes(from stored: [Int], to list: [Int]) -> (changes: [Activity.Kind], result: [Int]) {
  let wanted = Set(list)
  let present = Set(stored)
  let kept = stored.filter { wanted.contains($0) }
  let added = list.filter { !present.contains($0) }
  let removals = stored.filter { !wanted.contains($0) }.map(Activity.Kind.removedFavoritePrime)
  return (removals + added.map(Activity.Kind.addedFavoritePrime), kept + added)
}

func usage() -> Never {
  FileHandle.standardError.write(
    Data("usage: favorite-primes-torture save-loop PATH | save PATH N | save-list PATH P1,P2,… | open PATH\n".utf8))
  exit(64)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else { usage() }
let path = arguments[1]
let primes = smallPrimes()

do {
  switch arguments[0] {
  case "save-loop":
    let database = try FavoritePrimesDatabase(path: path)
    var stored = try await database.load().favoritePrimes ?? []
    while true {
      let (changes, result) = changes(from: stored, to: randomList(of: primes))
      announce("save " + result.map(String.init).joined(separator: ","))
      try await database.save(changes)
      stored = result
    }
  case "save":
    guard arguments.count == 3, let count = Int(arguments[2]) else { usage() }
    let database = try FavoritePrimesDatabase(path: path)
    var stored = try await database.load().favoritePrimes ?? []
    for _ in 0..<count {
      let (changes, result) = changes(from: stored, to: randomList(of: primes))
      // When another process saved meanwhile, the list stored comes back.
      stored = try await database.save(changes).favoritePrimes ?? result
    }
    announce("saved \(count)")
  case "save-list":
    guard arguments.count == 3 else { usage() }
    let text = arguments[2]
    let parsed = text.isEmpty ? [] : text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
    let list = parsed.compactMap { $0 }
    guard list.count == parsed.count else { usage() }
    let database = try FavoritePrimesDatabase(path: path)
    let stored = try await database.load().favoritePrimes ?? []
    try await database.save(changes(from: stored, to: list).changes)
    let saved = try await database.load().favoritePrimes ?? []
    announce("saved " + saved.map(String.init).joined(separator: ","))
  case "open":
    _ = try FavoritePrimesDatabase(path: path)
    announce("opened")
  default:
    usage()
  }
} catch {
  FileHandle.standardError.write(Data("favorite-primes-torture: \(error)\n".utf8))
  exit(1)
}
