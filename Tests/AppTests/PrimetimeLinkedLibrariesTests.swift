import ExecutableTestSupport
import Testing

/// What the `primetime` binary loads at start: no part of Foundation beyond `FoundationEssentials`, and no
/// network stack. Full Foundation brings ICU and FoundationNetworking libcurl with its TLS chain, about 40
/// shared libraries and 13 MiB resident that every start paid for although Wolfram|Alpha is off by default
/// (issue 16); the Wolfram|Alpha request runs in a helper process instead (`primetime-wolfram-alpha`). A release
/// build loads no Swift library at all (Package.swift's `staticSwiftRuntimeInRelease`), which `.ci/run` checks.
@Suite("primetime's shared libraries", .timeLimit(.minutes(2)))
struct PrimetimeLinkedLibrariesTests {
  /// The libraries of full Foundation and of its network stack, none of which `primetime` may load.
  static let forbidden = [
    "libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so", "libFoundationNetworking.so",
    "libcurl.so",
  ]

  @Test func primetimeLoadsNeitherFullFoundationNorTheNetworkStack() async throws {
    // glibc's dynamic loader lists what it would load, and exits, when this variable is set (what ldd does).
    let run = try await Executable("primetime").run(["--sandbox"], environment: ["LD_TRACE_LOADED_OBJECTS": "1"])
    let loaded = run.stdoutText.split(separator: "\n").compactMap { $0.split(whereSeparator: \.isWhitespace).first.map(String.init) }
    // libc in every build; libswiftCore only in a debug one (a release build links the Swift runtime in).
    try #require(loaded.contains { $0.hasPrefix("libc.so") }, "no list of libraries: \(run.stdoutText)")
    let found = loaded.filter { library in Self.forbidden.contains { library.hasPrefix($0) } }
    #expect(found == [], "primetime loads \(found.joined(separator: ", "))")
  }
}
