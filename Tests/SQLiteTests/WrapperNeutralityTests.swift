import Foundation
import SQLite
import Testing

/// The SQLite module is a wrapper any program could use: it names no application, and its messages speak
/// of what the library reads, not of what one app stores.
@Suite(.timeLimit(.minutes(2)))
struct WrapperNeutralityTests {
  /// The module's sources, found from this file's path.
  private func sources() throws -> [(name: String, text: String)] {
    let module = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Modules/SQLite")
    let names = try FileManager.default.contentsOfDirectory(atPath: module.path).filter { $0.hasSuffix(".swift") }
    #expect(!names.isEmpty)
    return try names.sorted().map { name in
      (name, try String(contentsOf: module.appendingPathComponent(name), encoding: .utf8))
    }
  }

  @Test func theSourcesNameNoApp() throws {
    for (name, text) in try sources() {
      for word in ["PrimeTime", "favorite", "favourite"] {
        #expect(!text.localizedCaseInsensitiveContains(word), "\(name) says '\(word)'")
      }
    }
  }

  @Test func aRealValueIsRefusedInTheLibrarysOwnWords() throws {
    let connection = try Connection(path: ":memory:")
    let error = #expect(throws: SQLiteError.self) { try connection.query("SELECT 1.5") }
    #expect(error?.resultCode == ResultCode.mismatch)
    #expect(error?.message == "column 0 holds a REAL value, which this library does not read")
  }
}
