// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "EntryKit",
    products: [
        .library(name: "EntryKit", targets: ["EntryKit"]),
        .executable(name: "entrykit", targets: ["entrykit"]),
    ],
    targets: [
        // GTK 3 through pkg-config; shim.h wraps the macros Swift cannot import.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk+-3.0",
            providers: [.apt(["libgtk-3-dev"])]
        ),
        // GLib without GTK, for the list model's Unicode normalization (see SearchFolding).
        .systemLibrary(
            name: "CGLib",
            pkgConfig: "glib-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        // `.strings` parsing and language resolution: plain Swift, no GTK, so it is
        // unit-tested without a display and fuzzed without GTK in the process.
        .target(name: "EntryKitStrings"),
        // The list's item store, filter and type-ahead: plain Swift, no GTK, so the model is
        // tested and benchmarked without a display. EntryKit re-exports it.
        .target(name: "EntryKitList", dependencies: ["CGLib"], path: "Sources/EntryKit/List/Model"),
        // What must be C: GObject subclasses Swift cannot declare (the virtualized list view and
        // its accessible; a GtkEntryBuffer keeping passwords in locked memory).
        .target(name: "CEntryKit", dependencies: ["CGtk"]),
        .target(name: "EntryKit", dependencies: ["CGtk", "CEntryKit", "EntryKitStrings", "EntryKitList"], exclude: ["List/Model"]),
        .executableTarget(name: "entrykit", dependencies: ["EntryKit"]),
        // libFuzzer target for the parser; see README "Fuzzing". Built normally it replays files.
        .executableTarget(name: "strings-fuzz", dependencies: ["EntryKitStrings"], path: "Fuzz/StringsFuzz"),
        // Parser speed against Foundation's PropertyListSerialization; see README "Performance".
        .executableTarget(name: "strings-benchmark", dependencies: ["EntryKitStrings"], path: "Benchmarks/StringsBenchmark"),
        // List open/set/filter/scroll/memory against stock GTK 3 lists; run by scripts/benchmark.
        .executableTarget(
            name: "list-benchmark", dependencies: ["CGtk", "EntryKit"], path: "Benchmarks/ListBenchmark",
            exclude: ["README.md"]
        ),
        .testTarget(name: "EntryKitStringsTests", dependencies: ["EntryKitStrings"]),
        // List model speed at 1k to 1M items; see README "Performance".
        .executableTarget(name: "list-model-benchmark", dependencies: ["EntryKitList"], path: "Benchmarks/ListModelBenchmark"),
        // What the test targets share: the display check and leak helpers (package-access hooks).
        .target(name: "EntryKitTestSupport", dependencies: ["EntryKit"], path: "Tests/EntryKitTestSupport"),
        .testTarget(name: "EntryKitTests", dependencies: ["EntryKit", "CEntryKit", "EntryKitList", "EntryKitTestSupport"]),
        // The app's own pieces (gallery window, command line) tested in-process.
        .testTarget(name: "entrykitTests", dependencies: ["entrykit", "EntryKitTestSupport"]),
    ]
)
