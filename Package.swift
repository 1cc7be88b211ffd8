// swift-tools-version: 6.1
import PackageDescription

/// Linker settings that put the Swift runtime, the standard library and FoundationEssentials inside a release
/// build of `primetime`, instead of loading them as 18 shared libraries at every start; with them, `--sandbox`
/// starts in about 3.5 ms instead of 7, in about 10.7 MiB instead of 16.4 (Benchmarks/compare-startup.sh).
///
/// - `-static-stdlib` links the toolchain's `swift_static` archives. Modules compiled for shared libraries
///   name only `FoundationEssentials` for the linker, so the two archives it needs are named here.
/// - `-use-ld=lld`, the toolchain's linker: gold warns at every link that FoundationEssentials' archive refers
///   to glibc's `mktemp`, and PrimeTime builds without warnings.
/// - `-z pack-relative-relocs`: the 40,000 relocations of the runtime's metadata, packed (glibc 2.36 and later
///   read them), which the loader then applies faster; about 1 MiB less memory.
/// - `--symbol-ordering-file`: the functions a start runs, side by side (App/primetime/symbol-order.txt, made by
///   Benchmarks/make-symbol-order.sh), so a start touches fewer pages of code; about 3 MiB less memory. A name
///   the binary no longer has is skipped without a warning: a stale file only costs memory.
///
/// Release only: a debug build (and so every test bundle, which links the executable's module) keeps shared
/// libraries, since the toolchain ships Testing and XCTest as shared libraries only. For the same reason,
/// `swift build -c release --build-tests` cannot link; test with a debug build.
let staticSwiftRuntimeInRelease: [LinkerSetting] = [
  .unsafeFlags(
    [
      "-static-stdlib", "-l_FoundationCShims", "-l_FoundationCollections", "-use-ld=lld",
      "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
      "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/App/primetime/symbol-order.txt",
      "-Xlinker", "--no-warn-symbol-ordering",
    ],
    .when(platforms: [.linux], configuration: .release)
  )
]

let package = Package(
  name: "PrimeTime",
  products: [
    .library(name: "ComposableArchitecture", targets: ["ComposableArchitecture"]),
    .library(name: "ComposableArchitectureTestSupport", targets: ["ComposableArchitectureTestSupport"]),
    .executable(name: "primetime", targets: ["primetime"]),
    .executable(name: "primetime-wolfram-alpha", targets: ["primetime-wolfram-alpha"]),
    .executable(name: "counter-demo", targets: ["counter-demo"]),
    .executable(name: "prime-modal-demo", targets: ["prime-modal-demo"]),
    .executable(name: "favorite-primes-demo", targets: ["favorite-primes-demo"]),
  ],
  targets: [
    // MARK: Library

    .target(
      name: "ComposableArchitecture",
      path: "Modules/ComposableArchitecture"
    ),
    .target(
      name: "ComposableArchitectureTestSupport",
      dependencies: ["ComposableArchitecture", "ComposableArchitectureTestHook"],
      path: "Modules/ComposableArchitectureTestSupport"
    ),
    // Installs the test support's reporter of runtime warnings when a test binary loads.
    .target(
      name: "ComposableArchitectureTestHook",
      path: "Modules/ComposableArchitectureTestHook"
    ),

    // MARK: Features

    .target(
      name: "Primes",
      dependencies: ["Platform"],
      path: "Modules/Primes"
    ),
    // The favourite primes and their unsaved changes: the model the features share, so none imports another for it.
    .target(
      name: "FavoriteList",
      path: "Modules/FavoriteList"
    ),
    .target(
      name: "PrimeModal",
      dependencies: ["ComposableArchitecture", "FavoriteList", "Primes"],
      path: "Modules/PrimeModal"
    ),
    .target(
      name: "Counter",
      dependencies: ["ComposableArchitecture", "FavoriteList", "PrimeModal", "Primes"],
      path: "Modules/Counter"
    ),
    .target(
      name: "FavoritePrimes",
      dependencies: ["ComposableArchitecture", "FavoriteList", "Platform", "Primes"],
      path: "Modules/FavoritePrimes"
    ),

    // MARK: Persistence

    .systemLibrary(
      name: "CSQLite",
      path: "Modules/CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    .target(
      name: "SQLite",
      dependencies: ["CSQLite", "Platform"],
      path: "Modules/SQLite"
    ),
    .target(
      name: "FavoritePrimesLive",
      dependencies: ["FavoritePrimes", "Platform", "Primes", "SQLite"],
      path: "Modules/FavoritePrimesLive"
    ),

    // MARK: Platform (the C library, once: output, errno text, XDG and 0700 directories, signals)

    .target(
      name: "Platform",
      dependencies: ["CPlatform"],
      path: "Modules/Platform"
    ),
    // The glibc calls Platform needs that are declared only with _GNU_SOURCE; imported by Platform alone.
    .target(
      name: "CPlatform",
      path: "Modules/CPlatform"
    ),

    // MARK: Command line (the executables' flags, and `--record FILE` with the `replay` subcommand)

    // Declarative flags, parsing, --help, completion scripts, the manual page: every executable's command line.
    .target(
      name: "CommandLineInterface",
      dependencies: ["Platform"],
      path: "Modules/CommandLineInterface"
    ),
    // `--record FILE` and `PROGRAM replay FILE`, which every program that records shares: a module of its own
    // because replaying needs the library (Recording, Recorder, replay) and the command line both, and so that
    // REPL, which reads lines and runs commands, does not import the library. Not in ComposableArchitecture:
    // the library imports nothing of PrimeTime, and the subcommand is a CommandLineInterface.
    .target(
      name: "Replay",
      dependencies: ["CommandLineInterface", "ComposableArchitecture", "Platform"],
      path: "Modules/Replay"
    ),

    // MARK: Terminal (the line editor, the REPL, and each feature's front end)

    .target(
      name: "LineEditor",
      dependencies: ["Platform"],
      path: "Modules/LineEditor"
    ),
    .target(
      name: "REPL",
      dependencies: ["LineEditor", "Platform"],
      path: "Modules/REPL"
    ),
    .target(
      name: "FavoritePrimesTerminal",
      dependencies: ["ComposableArchitecture", "FavoritePrimes", "LineEditor", "Platform", "REPL"],
      path: "Modules/FavoritePrimesTerminal"
    ),
    .target(
      name: "PrimeModalTerminal",
      dependencies: ["ComposableArchitecture", "PrimeModal", "REPL"],
      path: "Modules/PrimeModalTerminal"
    ),
    .target(
      name: "CounterTerminal",
      dependencies: [
        "ComposableArchitecture", "Counter", "LineEditor", "PrimeModal", "PrimeModalTerminal", "Primes", "REPL",
      ],
      path: "Modules/CounterTerminal"
    ),

    // MARK: App

    .target(
      name: "PrimeTimeApp",
      dependencies: [
        "ComposableArchitecture", "Counter", "CounterTerminal", "FavoriteList", "FavoritePrimes",
        "FavoritePrimesTerminal", "Platform", "PrimeModal", "PrimeModalTerminal", "Primes", "REPL",
      ],
      path: "App/PrimeTimeApp"
    ),
    .executableTarget(
      name: "primetime",
      dependencies: [
        "CommandLineInterface", "ComposableArchitecture", "Counter", "CounterTerminal", "FavoritePrimes",
        "FavoritePrimesLive", "LineEditor", "NthPrimeLive", "Platform", "PrimeTimeApp", "Primes", "REPL", "Replay",
        "SQLite",
      ],
      path: "App/primetime",
      exclude: ["symbol-order.txt"],
      linkerSettings: staticSwiftRuntimeInRelease
    ),
    // Sends the Wolfram|Alpha request for NthPrimeLive (WolframAlphaHelper): the one executable that links
    // FoundationNetworking, so that primetime and counter-demo start without a network stack.
    .executableTarget(
      name: "primetime-wolfram-alpha",
      dependencies: ["Platform"],
      path: "App/primetime-wolfram-alpha"
    ),

    // MARK: Nth prime (live: the offline engine, and Wolfram|Alpha when WOLFRAM_ALPHA_APPID is set)

    .target(
      name: "NthPrimeLive",
      dependencies: ["ComposableArchitecture", "Counter", "Platform", "Primes"],
      path: "Modules/NthPrimeLive"
    ),
    .testTarget(
      name: "NthPrimeLiveTests",
      dependencies: [
        "NthPrimeLive", "Counter", "ComposableArchitecture", "ComposableArchitectureTestSupport", "ExecutableTestSupport",
        "primetime-wolfram-alpha",
      ],
      path: "Tests/NthPrimeLiveTests"
    ),

    // MARK: Playgrounds

    .executableTarget(
      name: "counter-demo",
      dependencies: [
        "CommandLineInterface", "ComposableArchitecture", "Counter", "CounterTerminal", "LineEditor", "NthPrimeLive",
        "Platform", "REPL", "Replay",
      ],
      path: "Playgrounds/counter-demo"
    ),
    .executableTarget(
      name: "prime-modal-demo",
      dependencies: [
        "CommandLineInterface", "ComposableArchitecture", "FavoriteList", "Platform", "PrimeModal",
        "PrimeModalTerminal", "REPL", "Replay",
      ],
      path: "Playgrounds/prime-modal-demo"
    ),
    .executableTarget(
      name: "favorite-primes-demo",
      dependencies: [
        "CommandLineInterface", "ComposableArchitecture", "FavoritePrimes", "FavoritePrimesTerminal", "Platform",
        "REPL", "Replay",
      ],
      path: "Playgrounds/favorite-primes-demo"
    ),

    // MARK: Benchmarks

    // Prints one line: the start-up time and memory Benchmarks/compare-startup.sh compares primetime's with.
    .executableTarget(
      name: "hello-baseline",
      path: "Benchmarks/hello-baseline"
    ),
    .executableTarget(
      name: "benchmarks",
      dependencies: [
        "CSQLite", "CommandLineInterface", "ComposableArchitecture", "Counter", "CounterTerminal", "FavoritePrimes",
        "FavoritePrimesLive", "NthPrimeLive", "Platform", "PrimeModal", "PrimeTimeApp", "Primes",
      ],
      path: "Benchmarks/benchmarks"
    ),

    // MARK: Tests

    // Bounds how many test cases Swift Testing runs at once (see its source); every test target depends on it.
    .target(
      name: "TestParallelismLimit",
      path: "Tests/TestParallelismLimit"
    ),
    .target(
      name: "ExecutableTestSupport",
      // Platform for RecordingConsole, the test double of its Console.
      dependencies: ["Platform"],
      path: "Tests/ExecutableTestSupport"
    ),
    .testTarget(
      name: "ComposableArchitectureTests",
      // Counter and FavoritePrimes: docs/ComposableArchitecture.md shows the two styles on PrimeTime's own features.
      // CasePathFixtures: a feature in another module, for the spellings of its case paths that `receive` takes.
      dependencies: [
        "Platform", "CasePathFixtures", "ComposableArchitecture", "ComposableArchitectureTestSupport", "Counter",
        "FavoritePrimes",
      ],
      path: "Tests/ComposableArchitectureTests"
    ),
    .target(
      name: "CasePathFixtures",
      dependencies: ["ComposableArchitecture"],
      path: "Tests/CasePathFixtures"
    ),
    // The documentation's examples: every Swift block of the DocC articles and the tutorial, compiled and run.
    // The tutorial's feature and its live client are modules of their own, as the tutorial lays them out, so
    // its tests see only their public API.
    .testTarget(
      name: "DocumentationExamples",
      dependencies: [
        "ComposableArchitecture", "ComposableArchitectureTestSupport", "FavoriteList", "NextPrimeFeature",
        "NextPrimeLive",
      ],
      path: "Tests/DocumentationExamples"
    ),
    .target(
      name: "NextPrimeFeature",
      dependencies: ["ComposableArchitecture"],
      path: "Tests/DocumentationTutorial/NextPrimeFeature"
    ),
    .target(
      name: "NextPrimeLive",
      dependencies: ["ComposableArchitecture", "NextPrimeFeature"],
      path: "Tests/DocumentationTutorial/NextPrimeLive"
    ),
    .testTarget(
      name: "PrimesTests",
      dependencies: ["Platform", "Primes"],
      path: "Tests/PrimesTests"
    ),
    .testTarget(
      name: "FavoriteListTests",
      dependencies: ["FavoriteList"],
      path: "Tests/FavoriteListTests"
    ),
    .testTarget(
      name: "PrimeModalTests",
      dependencies: ["PrimeModal", "ComposableArchitectureTestSupport"],
      path: "Tests/PrimeModalTests"
    ),
    .testTarget(
      name: "CounterTests",
      dependencies: ["Counter", "ComposableArchitectureTestSupport", "ExecutableTestSupport"],
      path: "Tests/CounterTests"
    ),
    .testTarget(
      name: "FavoritePrimesTests",
      dependencies: ["FavoriteList", "FavoritePrimes", "ComposableArchitectureTestSupport"],
      path: "Tests/FavoritePrimesTests"
    ),
    .testTarget(
      name: "FavoritePrimesTerminalTests",
      dependencies: [
        "ComposableArchitecture", "ExecutableTestSupport", "FavoriteList", "FavoritePrimes", "FavoritePrimesTerminal",
        "Platform", "REPL",
      ],
      path: "Tests/FavoritePrimesTerminalTests"
    ),
    .testTarget(
      name: "SQLiteTests",
      dependencies: ["SQLite"],
      path: "Tests/SQLiteTests"
    ),
    .testTarget(
      name: "FavoritePrimesLiveTests",
      dependencies: [
        "Platform", "ExecutableTestSupport", "FavoritePrimes", "FavoritePrimesLive", "SQLite", "favorite-primes-torture",
      ],
      path: "Tests/FavoritePrimesLiveTests"
    ),
    // Saves in a loop until killed: the child process of FavoritePrimesLiveTests' crash and contention tests.
    .executableTarget(
      name: "favorite-primes-torture",
      dependencies: ["FavoritePrimes", "FavoritePrimesLive"],
      path: "Tests/FavoritePrimesTorture"
    ),
    .testTarget(
      name: "PlatformTests",
      dependencies: ["ExecutableTestSupport", "Platform"],
      path: "Tests/PlatformTests"
    ),
    .testTarget(
      name: "LineEditorTests",
      dependencies: ["ExecutableTestSupport", "LineEditor", "Platform"],
      path: "Tests/LineEditorTests"
    ),
    .testTarget(
      name: "CommandLineInterfaceTests",
      dependencies: ["CommandLineInterface", "ExecutableTestSupport", "Platform"],
      path: "Tests/CommandLineInterfaceTests"
    ),
    .testTarget(
      name: "ReplayTests",
      dependencies: ["CommandLineInterface", "ComposableArchitecture", "ExecutableTestSupport", "Platform", "Replay"],
      path: "Tests/ReplayTests"
    ),
    .testTarget(
      name: "REPLTests",
      dependencies: ["ExecutableTestSupport", "LineEditor", "Platform", "REPL"],
      path: "Tests/REPLTests"
    ),
    .testTarget(
      name: "PrimeModalTerminalTests",
      dependencies: ["ComposableArchitecture", "FavoriteList", "PrimeModal", "PrimeModalTerminal", "REPL"],
      path: "Tests/PrimeModalTerminalTests"
    ),
    .testTarget(
      name: "CounterTerminalTests",
      dependencies: [
        "ComposableArchitecture", "ComposableArchitectureTestSupport", "Counter", "CounterTerminal",
        "ExecutableTestSupport", "LineEditor", "Platform", "PrimeModal", "REPL",
      ],
      path: "Tests/CounterTerminalTests"
    ),
    .testTarget(
      name: "AppTests",
      dependencies: [
        "Platform",
        "ComposableArchitecture", "ComposableArchitectureTestSupport", "Counter", "ExecutableTestSupport",
        "FavoriteList", "FavoritePrimes", "PrimeTimeApp", "SQLite", "primetime", "primetime-wolfram-alpha",
      ],
      path: "Tests/AppTests",
      // Recorded runs of the app's user stories, replayed by RecordedStoriesTests.
      exclude: ["Recordings"]
    ),
    .testTarget(
      name: "PlaygroundsTests",
      dependencies: [
        "Platform",
        "ExecutableTestSupport", "counter-demo", "prime-modal-demo", "favorite-primes-demo",
        // primetime too: a demo and the app are run on one script and compared.
        "primetime", "primetime-wolfram-alpha",
      ],
      path: "Tests/PlaygroundsTests"
    ),
    .testTarget(
      name: "BenchmarksTests",
      dependencies: ["CommandLineInterface", "ExecutableTestSupport", "benchmarks"],
      path: "Tests/BenchmarksTests"
    ),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets where target.type == .test {
  target.dependencies.append("TestParallelismLimit")
}

for target in package.targets where target.type != .system {
  target.swiftSettings = (target.swiftSettings ?? []) + [
    .enableUpcomingFeature("InternalImportsByDefault")
  ]
}
