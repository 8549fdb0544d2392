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
        // `.strings` parsing and language resolution: plain Swift, no GTK, so it is
        // unit-tested without a display and fuzzed without GTK in the process.
        .target(name: "EntryKitStrings"),
        // The one piece that must be C: a GtkEntryBuffer subclass keeping passwords in locked memory.
        .target(name: "CEntryKit", dependencies: ["CGtk"]),
        .target(name: "EntryKit", dependencies: ["CGtk", "CEntryKit", "EntryKitStrings"]),
        .executableTarget(name: "entrykit", dependencies: ["EntryKit"]),
        // libFuzzer target for the parser; see README "Fuzzing". Built normally it replays files.
        .executableTarget(name: "strings-fuzz", dependencies: ["EntryKitStrings"], path: "Fuzz/StringsFuzz"),
        // Parser speed against Foundation's PropertyListSerialization; see README "Performance".
        .executableTarget(name: "strings-benchmark", dependencies: ["EntryKitStrings"], path: "Benchmarks/StringsBenchmark"),
        .testTarget(name: "EntryKitStringsTests", dependencies: ["EntryKitStrings"]),
        .testTarget(name: "EntryKitTests", dependencies: ["EntryKit", "CEntryKit"]),
    ]
)
