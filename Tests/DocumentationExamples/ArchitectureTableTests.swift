import Foundation
import Testing

/// Keeps docs/Architecture.md's table of targets true: every target of Package.swift is a row, with its kind
/// and exactly the targets it depends on, and the table lists no target the package does not have.
@Suite(.timeLimit(.minutes(2)))
struct ArchitectureTableTests {
  /// A target as the package declares it, or as a row of the table describes it.
  struct Target: Equatable, CustomStringConvertible {
    var name: String
    var kind: String
    var imports: [String]

    var description: String { "\(name) (\(kind)): \(imports.joined(separator: ", "))" }
  }

  private static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test func theTableListsEveryTargetOfThePackageWithWhatItImports() throws {
    let package = Self.targets(inManifest: try Self.read("Package.swift"))
    let table = Self.targets(inTable: try Self.read("docs/Architecture.md"))
    #expect(package.count >= 30, "Package.swift was read")

    for target in package where !table.contains(target) {
      Issue.record("docs/Architecture.md should have this row (Package.swift declares it): \(target)")
    }
    for row in table where !package.contains(row) {
      Issue.record("docs/Architecture.md has a row Package.swift does not declare: \(row)")
    }
  }

  /// The arrows the architecture draws for the command line and the terminal: `CommandLineInterface` imports
  /// `Platform` alone, `REPL` imports `LineEditor` and `Platform`, and none of them, nor `LineEditor`, reaches
  /// the library through any module; `Replay`, which the executables import, is the command line's one way to it.
  @Test func theCommandLineAndTheREPLNeverReachTheLibrary() throws {
    let package = Self.targets(inManifest: try Self.read("Package.swift"))
    let imports = Dictionary(package.map { ($0.name, $0.imports) }) { first, _ in first }
    #expect(imports["CommandLineInterface"] == ["Platform"])
    #expect(imports["REPL"] == ["LineEditor", "Platform"])
    #expect(imports["Replay"] == ["CommandLineInterface", "ComposableArchitecture", "Platform"])
    for module in ["CommandLineInterface", "LineEditor", "REPL"] {
      let reached = Self.reachable(from: module, imports: imports)
      #expect(!reached.contains("ComposableArchitecture"), "\(module) reaches the library: \(reached.sorted())")
    }
  }

  /// The rule under the table: the C library is imported in `Modules/Platform` and, for the library (which
  /// may not import Platform), in its one file `Internal/CLibrary.swift`; nowhere else.
  @Test func noSourceOutsidePlatformImportsTheCLibrary() throws {
    let pattern = /(?m)^\s*(@_exported\s+)?(public\s+|internal\s+|package\s+)?import\s+(Glibc|Musl|Darwin)\b|canImport\((Glibc|Musl|Darwin)\)/
    var offenders: [String] = []
    var swiftFiles = 0
    for folder in ["Modules", "App", "Playgrounds", "Benchmarks", "Tests"] {
      let base = Self.root.appendingPathComponent(folder)
      guard let walk = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
      for case let file as URL in walk where file.pathExtension == "swift" {
        swiftFiles += 1
        let path = String(file.path.dropFirst(Self.root.path.count + 1))
        if path.hasPrefix("Modules/Platform/") || path == "Modules/ComposableArchitecture/Internal/CLibrary.swift" {
          continue
        }
        if try String(contentsOf: file, encoding: .utf8).contains(pattern) { offenders.append(path) }
      }
    }
    #expect(swiftFiles > 300, "the sources were found")
    #expect(offenders == [], "these files import the C library themselves instead of Platform")
  }

  @Test func aManifestTargetIsReadWithItsKindAndDependencies() {
    let manifest = """
      .target(
        name: "A",
        dependencies: ["B", "C"],
        path: "Modules/A"
      ),
      .testTarget(
        name: "ATests",
        dependencies: [
          "A", "D",
        ],
        path: "Tests/ATests"
      ),
      .systemLibrary(name: "CX", path: "Modules/CX", providers: [.apt(["x"])]),
      """
    #expect(
      Self.targets(inManifest: manifest) == [
        Target(name: "A", kind: "library", imports: ["B", "C"]),
        Target(name: "ATests", kind: "tests", imports: ["A", "D"]),
        Target(name: "CX", kind: "system library", imports: []),
      ]
    )
  }

  /// Every target `module` imports, directly or through others.
  private static func reachable(from module: String, imports: [String: [String]]) -> Set<String> {
    var reached: Set<String> = []
    var next = imports[module] ?? []
    while let target = next.popLast() {
      if reached.insert(target).inserted {
        next += imports[target] ?? []
      }
    }
    return reached
  }

  private static func read(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The targets the manifest declares, in order.
  private static func targets(inManifest manifest: String) -> [Target] {
    let kinds = [
      ".target(": "library", ".testTarget(": "tests", ".executableTarget(": "executable",
      ".systemLibrary(": "system library",
    ]
    var starts: [(index: String.Index, kind: String)] = []
    var search = manifest.startIndex
    while search < manifest.endIndex {
      let next = kinds.keys.compactMap { key in
        manifest.range(of: key, range: search..<manifest.endIndex).map { (range: $0, kind: kinds[key] ?? "") }
      }
      .min { $0.range.lowerBound < $1.range.lowerBound }
      guard let next else { break }
      starts.append((next.range.upperBound, next.kind))
      search = next.range.upperBound
    }
    return starts.enumerated().compactMap { offset, start in
      let end = offset + 1 < starts.count ? starts[offset + 1].index : manifest.endIndex
      let body = String(manifest[start.index..<end])
      guard let name = firstQuoted(in: body, after: "name:") else { return nil }
      var imports: [String] = []
      if let dependencies = body.range(of: "dependencies: ["),
        let close = body.range(of: "]", range: dependencies.upperBound..<body.endIndex)
      {
        imports = quoted(in: String(body[dependencies.upperBound..<close.lowerBound]))
      }
      return Target(name: name, kind: start.kind, imports: imports.sorted())
    }
  }

  /// The rows of the table of targets: `| `Name` | kind | `A`, `B` |`.
  private static func targets(inTable markdown: String) -> [Target] {
    markdown.split(separator: "\n").compactMap { line in
      let cells = line.split(separator: "|", omittingEmptySubsequences: false)
        .map { $0.trimmingCharacters(in: .whitespaces) }
      guard cells.count == 5, cells[1].hasPrefix("`") else { return nil }
      let imports = cells[3].split(separator: ",")
        .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) }
        .filter { !$0.isEmpty && $0 != "—" }
      let name = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      return Target(name: name, kind: cells[2], imports: imports.sorted())
    }
  }

  private static func firstQuoted(in text: String, after label: String) -> String? {
    guard let labelRange = text.range(of: label) else { return nil }
    return quoted(in: String(text[labelRange.upperBound...])).first
  }

  /// The double-quoted strings of `text`, in order.
  private static func quoted(in text: String) -> [String] {
    text.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
      .compactMap { $0.offset.isMultiple(of: 2) ? nil : String($0.element) }
  }
}
