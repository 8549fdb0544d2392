import CGtk
import EntryKit
import Foundation

/// Measures one list widget at one size in this process and prints one JSON line (a "results"
/// row of `scripts/benchmark`; the keys are listed in README.md here). One size per process, so the memory figure starts from a clean
/// heap; `scripts/benchmark` runs it per widget and size and applies the time budget.
///
///     list-benchmark --widget NAME [--match prefix|substring] --items N [--samples S] [--hold SECONDS]
///     list-benchmark --list         (one "NAME<tab>MATCH" line per subject)
@main
struct ListBenchmark {
    @MainActor
    static func main() {
        var arguments = CommandLine.arguments.dropFirst()
        var widget: String?
        var count = 1000
        var samples = 5
        var match: QueryMatch?
        var hold: UInt32 = 0
        while let argument = arguments.popFirst() {
            switch argument {
            case "--widget": widget = arguments.popFirst()
            case "--items": count = Int(arguments.popFirst() ?? "") ?? -1
            case "--samples": samples = max(1, Int(arguments.popFirst() ?? "") ?? 5)
            case "--match": match = QueryMatch(rawValue: arguments.popFirst() ?? "") ?? { usage() }()
            case "--hold": hold = UInt32(arguments.popFirst() ?? "") ?? 0
            case "--list":
                for subject in allSubjects { print("\(subject.name)\t\(subject.match.rawValue)") }
                exit(0)
            default: usage()
            }
        }
        guard let widget, count > 0,
            let subject = allSubjects.first(where: { $0.name == widget && (match == nil || $0.match == match) })
        else { usage() }
        guard gtk_init_check(nil, nil) != 0 else {
            FileHandle.standardError.write(Data("list-benchmark: cannot open a display\n".utf8))
            exit(2)
        }
        let row = Measurement(subject: subject, count: count, samples: samples, holdSeconds: hold).run()
        print(row)
        exit(0)
    }

    static func usage() -> Never {
        FileHandle.standardError.write(
            Data("usage: list-benchmark --widget NAME [--match prefix|substring] --items N [--samples S] [--hold S] | --list\n".utf8))
        exit(2)
    }
}

/// The deterministic items every widget gets: "Item 0000123 orange" and the like.
/// `variant` > 0 marks the last item (`#1`), so rounds set items that differ (a field given the
/// same items again keeps them and does nothing) while the rows on screen stay the same. The
/// marks leave the queries' matches as they are.
func makeItems(_ count: Int, variant: Int = 0) -> [String] {
    let words = [
        "apple", "orange", "banana", "cherry", "grape", "mango", "lemon", "melon", "peach", "pear",
        "plum", "strange", "ranger", "garden", "window", "button", "letter", "number", "station",
        "river", "mountain", "forest", "island", "harbour", "granite", "silver", "copper", "amber",
        "violet", "crimson", "scarlet", "indigo", "ocean", "desert", "meadow", "valley", "canyon",
        "glacier", "thunder", "breeze", "shadow", "lantern", "compass", "anchor", "arrange", "orbit",
        "planet", "comet", "rocket", "engine", "marble", "pebble", "candle", "feather", "ribbon",
        "puzzle", "riddle", "whisper", "harvest", "journey", "kingdom", "library", "museum", "theatre",
    ]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    return (0..<count).map { index in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407  // LCG: same list every run
        let word = words[Int((state >> 33) % UInt64(words.count))]
        let digits = String(index)
        let item = "Item " + String(repeating: "0", count: max(0, 7 - digits.count)) + digits + " " + word
        return index == count - 1 && variant > 0 ? item + " #\(variant)" : item
    }
}

@MainActor
struct Measurement {
    let subject: any BenchmarkSubject.Type
    let count: Int
    /// Samples of every step: sets, re-opens, filter rounds, page-downs, floors.
    let samples: Int
    /// Keeps the first opened list on screen this long, to take a screenshot of what is measured.
    let holdSeconds: UInt32
    var query: String { subject.match.query }
    /// How long one filtered frame may take before the run fails as hung.
    let filterTimeout: Double = 60_000

    func run() -> String {
        disableAnimations()  // first painted frame = the whole list, for every widget alike
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_default_size(cast(window), 480, 760)
        gtk_window_move(cast(window), 0, 0)
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_container_add(cast(window), box)
        _ = Frames.timeToPaint(of: { window }) { gtk_widget_show_all(window) }

        // Warm-up: the first popup, CSS lookup and glyph cache cost once per process.
        let warm = subject.init(container: box)
        warm.setItems(makeItems(200))
        Frames.settle()
        _ = Frames.timeToPaint(of: { warm.paintedWidget }, until: { warm.isUpToDate }) { warm.open() }
        _ = Frames.timeToPaint(of: { warm.paintedWidget }) { _ = warm.pageDown() }
        _ = Frames.timeToPaint(of: { warm.paintedWidget }, until: { warm.isUpToDate }) { _ = warm.typeQuery(String(query.prefix(1))) }
        warm.close()
        warm.destroy()
        Frames.settle()

        let list = subject.init(container: box)
        Frames.settle()
        let emptyBytes = Memory.residentBytes()
        var row = Row()
        row.add("widget", subject.name)
        row.add("items", count)
        row.add("samples", samples)

        // Each round sets fresh items with the list closed (the widget keeps what it needs; our
        // array is dropped after the call), then opens it: the first open after new items is
        // the cold one (a widget that builds its rows when shown pays for them here).
        var stringBytes = 0
        var fullBytes = 0
        var sets: [Double] = []
        var colds: [Double] = []
        for round in 0..<samples {
            do {
                // Fresh items each round, the last round's the ones the floors below are made of.
                let items = makeItems(count, variant: samples - 1 - round)
                stringBytes = items.reduce(0) { $0 + $1.utf8.count }
                Frames.settle()
                sets.append(Frames.time { list.setItems(items) })
            }
            Frames.settle()
            colds.append(openTimed(list, expecting: count))
            if round == 0 {
                fullBytes = Memory.residentBytes()
                if holdSeconds > 0 { Frames.settle(milliseconds: holdSeconds * 1000) }
            }
            list.close()
        }
        row.add("set", sets)
        row.add("open_cold", colds)
        // Re-opens of the same items.
        var opens: [Double] = []
        for _ in 0..<samples {
            Frames.settle()
            opens.append(openTimed(list, expecting: count))
            list.close()
        }
        row.add("open", opens)
        Frames.settle()
        _ = openTimed(list, expecting: count)  // open for the steps below
        Frames.settle()

        // The floor and the expected rows come from the same folded bytes, apart from the widget.
        let floor = FloorScan(makeItems(count), match: subject.match)
        let keystrokes = (1...query.count).map { String(query.prefix($0)) }
        let expected = keystrokes.map { floor.count($0) }
        var filters: [Double] = []
        if list.typeQuery("") {
            _ = Frames.timeToPaint(of: { list.paintedWidget }, until: { list.isUpToDate }, timeout: filterTimeout) {}
            // The typing pace before the first key too: right after a frame, GTK's frame clock
            // holds the next one back to the next frame slot (up to 16.7 ms), which is no part of
            // the widget's cost and which no other key pays.
            Frames.settle(milliseconds: 30)
            row.add("match", subject.match.rawValue)
            row.add("query", query)
            for _ in 0..<samples {  // a round: the query typed one key at a time, then cleared
                for (typed, rows) in zip(keystrokes, expected) {
                    filters.append(filterTimed(list, typed, expecting: rows))
                    Frames.settle(milliseconds: 30)  // typing pace; also keeps frames from throttling
                }
                _ = filterTimed(list, "", expecting: count)
                Frames.settle()
            }
            row.add("filter", filters)
            // The first key after the sets: what a search finds ready when the user starts typing.
            row.add("filter_first_ms", filters[0])
            row.add("filter_rows", expected)
        }

        var scrolls: [Double] = []
        if list.pageDown() {
            for _ in 0..<samples {
                scrolls.append(Frames.timeToPaint(of: { list.paintedWidget }) { _ = list.pageDown() })
                Frames.settle(milliseconds: 30)
            }
            row.add("scroll", scrolls)
        }
        // The floor under every frame above: the open list painted again with nothing changed.
        var frames: [Double] = []
        for _ in 0..<samples {
            frames.append(Frames.timeToPaint(of: { list.paintedWidget }) {})
            Frames.settle(milliseconds: 30)
        }
        row.add("frame", frames)
        list.close()

        // Below ~10,000 items page-granular RSS noise outweighs the figure, so it is left out.
        if count >= 10_000 {
            let growth = Double(fullBytes - emptyBytes) - Double(stringBytes)
            row.add("bytes_per_item", growth / Double(count))
        }

        // The floors, in this process after the widget's figures: one plain copy of the items,
        // and one scan of the folded bytes per keystroke of the same rounds. The copy starts as
        // each set does, after the same idle pause of the main loop: timed straight after the
        // items were made, it would read them from a warm cache that no set ever sees.
        var copies: [Double] = []
        for _ in 0..<samples {
            let items = makeItems(count)
            Frames.settle()
            copies.append(Frames.time { withExtendedLifetime(PlainCopy(items)) {} })
        }
        row.add("copy", copies)
        if !filters.isEmpty {
            var scans: [Double] = []
            for _ in 0..<samples {
                for typed in keystrokes { scans.append(Frames.time { _ = floor.count(typed) }) }
            }
            row.add("filter_floor", scans)
        }
        if subject.filtersWithListCore {
            row.add("filter_model", listCoreFilterTimes(keystrokes, expected))
        }
        return row.json
    }

    /// The list core's filter alone, on the GTK thread as a keystroke runs it below its
    /// threshold for going off-thread (`filterNow`: refining the last query's matches, the scan
    /// split over the cores for large lists), in the same rounds as `filter_ms`.
    func listCoreFilterTimes(_ keystrokes: [String], _ expected: [Int]) -> [Double] {
        let items = ListItems(makeItems(count))
        var times: [Double] = []
        for _ in 0..<samples {
            let engine = ListFilterEngine(items: items)
            for (typed, rows) in zip(keystrokes, expected) {
                var found = -1
                times.append(Frames.time { found = engine.filterNow(typed).matches.count })
                if found != rows { fail(6, "the list core finds \(found) items for \"\(typed)\", not \(rows)") }
            }
        }
        return times
    }

    /// Opens the list and times it to its painted frame, once it shows all `rows`.
    func openTimed(_ list: any BenchmarkSubject, expecting rows: Int) -> Double {
        let ms = Frames.timeToPaint(of: { list.paintedWidget }, until: { list.isUpToDate }) { list.open() }
        if let shown = list.shownRowCount, shown != rows { fail(6, "open shows \(shown) rows, not \(rows)") }
        return ms
    }

    /// Types `query` and times it to the first painted frame that shows exactly `rows` rows,
    /// counted apart from the widget. A widget that never gets there fails the run.
    func filterTimed(_ list: any BenchmarkSubject, _ query: String, expecting rows: Int) -> Double {
        Frames.timeToPaint(
            of: { list.paintedWidget }, until: { list.isUpToDate && list.shownRowCount == rows }, timeout: filterTimeout
        ) {
            guard list.typeQuery(query) else { fail(6, "typing stopped filtering") }
        }
    }

    func disableAnimations() {
        var value = GValue()
        g_value_init(&value, GType(5 << 2))  // G_TYPE_BOOLEAN
        g_value_set_boolean(&value, 0)
        g_object_set_property(cast(gtk_settings_get_default()), "gtk-enable-animations", &value)
        g_value_unset(&value)
    }
}

/// One JSON row: figures in milliseconds as `<step>_ms` (median), `_min_ms`, `_max_ms`, and
/// the raw samples under "raw", in the order added.
struct Row {
    private var fields: [String] = []
    private var raw: [String] = []

    mutating func add(_ key: String, _ value: String) { fields.append("\"\(key)\": \"\(value)\"") }
    mutating func add(_ key: String, _ value: Int) { fields.append("\"\(key)\": \(value)") }
    mutating func add(_ key: String, _ value: [Int]) { fields.append("\"\(key)\": [\(value.map(String.init).joined(separator: ", "))]") }
    mutating func add(_ key: String, _ value: Double) { fields.append("\"\(key)\": \(Self.format(value))") }

    /// A step's samples: median, min and max, and every sample.
    mutating func add(_ step: String, _ samples: [Double]) {
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        add("\(step)_ms", median)
        add("\(step)_min_ms", sorted.first!)
        add("\(step)_max_ms", sorted.last!)
        raw.append("\"\(step)\": [\(samples.map(Self.format).joined(separator: ", "))]")
    }

    var json: String { "{" + (fields + ["\"raw\": {\(raw.joined(separator: ", "))}"]).joined(separator: ", ") + "}" }

    static func format(_ value: Double) -> String { String(format: value < 0.1 ? "%.4f" : "%.2f", value) }
}

/// The floor under filtering: the items lower-cased once into one buffer, one per line, and
/// each query found with `memmem` (substring) or `memcmp` at each line's start (prefix).
struct FloorScan {
    let bytes: [UInt8]
    let match: QueryMatch

    init(_ items: [String], match: QueryMatch) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(items.reduce(0) { $0 + $1.utf8.count + 1 })
        for item in items {
            bytes.append(contentsOf: item.lowercased().utf8)
            bytes.append(10)
        }
        self.bytes = bytes
        self.match = match
    }

    /// Items holding `query` (lower-case ASCII, no line break).
    func count(_ query: String) -> Int {
        let needle = Array(query.utf8)
        return bytes.withUnsafeBytes { buffer in
            let base = buffer.baseAddress!
            let end = base + buffer.count
            var found = 0
            var line = base
            while line < end {
                if match == .substring {
                    guard let hit = memmem(line, end - line, needle, needle.count) else { break }
                    found += 1
                    line = UnsafeRawPointer(memchr(hit, 10, end - hit)!) + 1
                } else {
                    let next = UnsafeRawPointer(memchr(line, 10, end - line)!) + 1
                    if needle.count < next - line, memcmp(line, needle, needle.count) == 0 { found += 1 }
                    line = next
                }
            }
            return found
        }
    }
}

/// The floor under `setItems`: the items' UTF-8 bytes copied once into one buffer, with their
/// offsets (the least any list that keeps its own copy must do).
struct PlainCopy {
    var bytes: [UInt8] = []
    var offsets: [Int] = []

    init(_ items: [String]) {
        offsets.reserveCapacity(items.count + 1)
        bytes.reserveCapacity(items.reduce(0) { $0 + $1.utf8.count })
        for item in items {
            offsets.append(bytes.count)
            bytes.append(contentsOf: item.utf8)
        }
        offsets.append(bytes.count)
    }
}

enum Memory {
    /// Resident set size from /proc/self/statm, after returning freed heap pages to the system
    /// so that what the process no longer uses does not count.
    static func residentBytes() -> Int {
        _ = malloc_trim(0)
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }
}

/// glibc's, not exported by the Glibc module.
@_silgen_name("malloc_trim") private func malloc_trim(_ pad: Int) -> Int32

/// glibc's (a GNU extension the Glibc module leaves out): the `memmem`-class search of the floor.
@_silgen_name("memmem") private func memmem(
    _ haystack: UnsafeRawPointer, _ haystackLength: Int, _ needle: UnsafeRawPointer, _ needleLength: Int
) -> UnsafeRawPointer?
