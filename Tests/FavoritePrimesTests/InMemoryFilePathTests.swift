import FavoritePrimes
import Testing

/// The in-memory files of `FavoritePrimesClient.inMemory` (the sandbox's and the demo's) are found by the file
/// they name, as on disk, not by the spelling: `x.txt`, `./x.txt` and `d/../x.txt` are one file.
@Suite(.timeLimit(.minutes(2)))
struct InMemoryFilePathTests {
  @Test func anExportIsReadBackUnderAnyNameForTheSameFile() async throws {
    let client = FavoritePrimesClient.inMemory()
    let text = "# PrimeTime favorite primes\n5\n"
    try await client.export(text, "x.txt")
    #expect(try await client.read("./x.txt") == text)
    #expect(try await client.read("d/../x.txt") == text)
    #expect(try await client.read(".//x.txt") == text)
  }

  @Test func aFileGivenAtTheStartIsFoundUnderAnyNameForIt() async throws {
    let client = FavoritePrimesClient.inMemory(files: ["./list.txt": "7\n"])
    #expect(try await client.read("list.txt") == "7\n")
  }
}
