// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "EntryKit",
    products: [
        .library(name: "EntryKit", targets: ["EntryKit"]),
        .executable(name: "entrykit", targets: ["entrykit"]),
        // libentrykit-1.0.so: the widgets as GObject types for C, Python, JavaScript and Vala
        // (with EntryKit-1.0.gir/.typelib, built by meson).
        .library(name: "entrykit-1.0", type: .dynamic, targets: ["EntryKitLibrary", "CEntryKitLibrary"]),
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
        // libpolkit-agent-1 through pkg-config, for `entrykit polkit-agent` alone (the library
        // does not link it).
        .systemLibrary(
            name: "CPolkitAgent",
            pkgConfig: "polkit-agent-1",
            providers: [.apt(["libpolkit-agent-1-dev"])]
        ),
        // The polkit agent's listener, a GObject subclass in C, and the few calls Swift cannot
        // make into polkit (GLib's macros, variadic functions).
        .target(name: "CEntryKitPolkit", dependencies: ["CGtk", "CPolkitAgent"]),
        // `.strings` parsing, what lint reports, tables as JSON (EntryKit's one JSON string
        // writer) and language resolution: plain Swift, no GTK, so it is unit-tested without a
        // display and fuzzed without GTK in the process.
        .target(name: "EntryKitStrings"),
        // The list's item store, filter and type-ahead: plain Swift, no GTK, so the model is
        // tested and benchmarked without a display. EntryKit re-exports it.
        .target(name: "EntryKitList", dependencies: ["CGLib"]),
        // What must be C: GObject subclasses Swift cannot declare (the virtualized list view and
        // its accessible; a GtkEntryBuffer keeping passwords in locked memory; the fields' GObject
        // classes, each instance made with its Swift behaviour; the library's public headers).
        // include/entrykit/ holds the public headers (installed); private/ those of the library's
        // own code (never installed), which its C sources include by name as they do the public ones.
        .target(
            name: "CEntryKit", dependencies: ["CGtk"],
            cSettings: [.headerSearchPath("include/entrykit"), .headerSearchPath("private")]
        ),
        // The widgets: DropDownField, PickerField (handles onto the C fields, and the behaviour
        // every field is made with, reached from C through @_cdecl entry points), AccountPanel,
        // the list view, and what they stand on (ownership, signals, localization, windows).
        .target(name: "EntryKit", dependencies: ["CGtk", "CEntryKit", "EntryKitStrings", "EntryKitList"]),
        // The command line without GTK: one option parser and generated --help for every command,
        // the exit statuses, the output writer, the standard-input reader, `strings`' tools.
        // Tested without a display; the app adds only the dialogs and the gallery.
        .target(name: "EntryKitCommandLine", dependencies: ["EntryKitStrings", "EntryKitList"]),
        // What only the password prompts need in C: the desktop's keyring through libsecret, which
        // is loaded when a prompt first needs it (its header, from libsecret-1-dev, is read at build
        // time only), and a secret read from standard input into locked memory.
        .target(
            name: "CEntryKitPrompts", dependencies: ["CGtk", "CEntryKit"],
            cSettings: [.unsafeFlags(["-I/usr/include/libsecret-1"])]
        ),
        // The app: gallery and dialogs. Its folder is named apart from the EntryKit library's, which
        // differs only in case (one folder on a case-insensitive checkout); the product is `entrykit`.
        .executableTarget(
            name: "entrykit", dependencies: ["EntryKit", "EntryKitCommandLine", "CEntryKitPolkit", "CEntryKitPrompts"],
            path: "Sources/EntryKitApp"
        ),
        // The shared library's load-time hook: its C constructor registers the GObject types, so
        // GtkBuilder files name them however a binding loaded the library. (Each field gets its
        // Swift behaviour when it is constructed, in the library as in the app.)
        .target(
            name: "EntryKitLibrary", dependencies: ["EntryKit", "CEntryKit"],
            linkerSettings: [.unsafeFlags(["-Xlinker", "-soname=libentrykit-1.0.so.0"])]
        ),
        .target(name: "CEntryKitLibrary", dependencies: ["EntryKitLibrary"]),
        // libFuzzer target for the parser and `strings lint`/`dump`; see CONTRIBUTING.md "Fuzzing the parser". Built
        // normally it replays files.
        .executableTarget(name: "strings-fuzz", dependencies: ["EntryKitStrings", "EntryKitCommandLine"], path: "Fuzz/StringsFuzz"),
        // libFuzzer target for the String Catalog reader (JSON, the catalog, lint, each language's
        // table, the writers); built normally it replays files (Fuzz/catalog-corpus), as the tests do.
        .executableTarget(name: "catalog-fuzz", dependencies: ["EntryKitStrings", "EntryKitCommandLine"], path: "Fuzz/CatalogFuzz"),
        // libFuzzer target for the Assuan reader and the pinentry conversation; built normally
        // it replays files (Fuzz/assuan-corpus).
        .executableTarget(name: "assuan-fuzz", dependencies: ["EntryKitCommandLine"], path: "Fuzz/AssuanFuzz"),
        // Parser speed against Foundation's PropertyListSerialization; see docs/performance.md.
        .executableTarget(name: "strings-benchmark", dependencies: ["EntryKitStrings"], path: "Benchmarks/StringsBenchmark"),
        // List open/set/filter/scroll/memory against stock GTK 3 lists; run by scripts/benchmark.
        .executableTarget(
            name: "list-benchmark", dependencies: ["CGtk", "EntryKit", "EntryKitTestInput"], path: "Benchmarks/ListBenchmark",
            exclude: ["README.md"]
        ),
        // The parser and its tools: the `strings` command's tests share the parser tests' helpers.
        .testTarget(name: "EntryKitStringsTests", dependencies: ["EntryKitStrings", "EntryKitCommandLine"]),
        // The GTK-free targets' own tests: no display needed.
        .testTarget(name: "EntryKitListTests", dependencies: ["EntryKitList"]),
        .testTarget(name: "EntryKitCommandLineTests", dependencies: ["EntryKitCommandLine"]),
        // List model speed at 1k to 1M items; see docs/performance.md.
        .executableTarget(name: "list-model-benchmark", dependencies: ["EntryKitList"], path: "Benchmarks/ListModelBenchmark"),
        // Clicks made in-process, as GTK's own tests deliver input: for the tests and the list
        // benchmark (which times from the click), kept out of the library.
        .target(name: "EntryKitTestInput", dependencies: ["CGtk", "EntryKit"], path: "Tests/EntryKitTestInput"),
        // What the test targets share: the display check and leak helpers (package-access hooks).
        .target(
            name: "EntryKitTestSupport", dependencies: ["EntryKit", "CEntryKit", "EntryKitTestInput"], path: "Tests/EntryKitTestSupport"
        ),
        .testTarget(name: "EntryKitTests", dependencies: ["EntryKit", "CEntryKit", "EntryKitTestSupport"]),
        // The app's own pieces (gallery window, dialogs) tested in-process.
        .testTarget(
            name: "entrykitTests", dependencies: ["entrykit", "EntryKitCommandLine", "EntryKitTestSupport"],
            path: "Tests/EntryKitAppTests"
        ),
    ]
)
