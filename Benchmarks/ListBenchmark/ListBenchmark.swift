import CGtk
import Foundation

/// Measures one list widget at one size in this process and prints one JSON line (the keys of
/// issue 6's "results" rows). One size per process, so the memory figure starts from a clean
/// heap; `scripts/benchmark` runs it per widget and size and applies the time budget.
///
///     list-benchmark --widget NAME --items N [--reps R] [--hold SECONDS]
///     list-benchmark --list
@main
struct ListBenchmark {
    @MainActor
    static func main() {
        var arguments = CommandLine.arguments.dropFirst()
        var widget: String?
        var count = 1000
        var repetitions = 5
        var hold: UInt32 = 0
        while let argument = arguments.popFirst() {
            switch argument {
            case "--widget": widget = arguments.popFirst()
            case "--items": count = Int(arguments.popFirst() ?? "") ?? -1
            case "--reps": repetitions = max(1, Int(arguments.popFirst() ?? "") ?? 5)
            case "--hold": hold = UInt32(arguments.popFirst() ?? "") ?? 0
            case "--list":
                for subject in allSubjects { print(subject.name) }
                exit(0)
            default: usage()
            }
        }
        guard let widget, count > 0,
              let subject = allSubjects.first(where: { $0.name == widget }) else { usage() }
        guard gtk_init_check(nil, nil) != 0 else {
            FileHandle.standardError.write(Data("list-benchmark: cannot open a display\n".utf8))
            exit(2)
        }
        let row = Measurement(subject: subject, count: count, repetitions: repetitions, holdSeconds: hold).run()
        print(row)
        exit(0)
    }

    static func usage() -> Never {
        FileHandle.standardError.write(Data("usage: list-benchmark --widget NAME --items N [--reps R] [--hold S] | --list\n".utf8))
        exit(2)
    }
}

/// The deterministic items every widget gets: "Item 0000123 orange" and the like.
func makeItems(_ count: Int) -> [String] {
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
        return "Item " + String(repeating: "0", count: max(0, 7 - digits.count)) + digits + " " + word
    }
}

@MainActor
struct Measurement {
    let subject: any BenchmarkSubject.Type
    let count: Int
    let repetitions: Int
    /// Keeps the first opened list on screen this long, to take a screenshot of what is measured.
    let holdSeconds: UInt32
    /// Typed one key at a time; "r" alone matches most words, "rang" a few.
    let query = "rang"
    /// A repetition is skipped once one run of the step takes longer than this.
    let cheap: Double = 1000

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
        _ = Frames.timeToPaint(of: { warm.paintedWidget }) { warm.open() }
        _ = Frames.timeToPaint(of: { warm.paintedWidget }) { _ = warm.pageDown() }
        _ = Frames.timeToPaint(of: { warm.paintedWidget }) { _ = warm.typeQuery("r") }
        warm.close()
        warm.destroy()
        Frames.settle()

        let list = subject.init(container: box)
        Frames.settle()
        let emptyBytes = Memory.residentBytes()

        var fields: [(String, Double)] = []
        var stringBytes = 0
        var sets: [Double] = []
        var opens: [Double] = []
        // Each repetition sets the items afresh and opens once: a widget that defers work to the
        // first open after a change (GtkComboBox builds its menu then) pays for it every time.
        do {
            let items = makeItems(count)  // ours is dropped after setting; the widget keeps what it needs
            stringBytes = items.reduce(0) { $0 + $1.utf8.count }
            sets.append(Frames.time { list.setItems(items) })
        }
        Frames.settle()
        opens.append(Frames.timeToPaint(of: { list.paintedWidget }) { list.open() })
        // After the first open: a list that builds its rows when shown pays for them here.
        let fullBytes = Memory.residentBytes()
        if holdSeconds > 0 { Frames.settle(milliseconds: holdSeconds * 1000) }
        while opens.count < repetitions, sets.last! + opens.last! < cheap {
            list.close()
            let items = makeItems(count)
            Frames.settle()
            sets.append(Frames.time { list.setItems(items) })
            Frames.settle()
            opens.append(Frames.timeToPaint(of: { list.paintedWidget }) { list.open() })
        }
        fields.append(("set_ms", median(sets)))
        log("set", sets)
        fields.append(("open_ms", median(opens)))
        log("open", opens)
        Frames.settle()

        var keystrokes: [Double] = []
        for length in 1...query.count {
            let typed = String(query.prefix(length))
            var supported = true
            let ms = Frames.timeToPaint(of: { list.paintedWidget }, until: { list.isUpToDate }) {
                supported = list.typeQuery(typed)
            }
            guard supported else { break }
            keystrokes.append(ms)
            Frames.settle(milliseconds: 30)  // typing pace; also keeps frames from throttling
        }
        if !keystrokes.isEmpty {
            log("filter", keystrokes)
            fields.append(("filter_ms", median(keystrokes)))
            fields.append(("filter_max_ms", keystrokes.max()!))
            // Back to the full list for scrolling.
            _ = Frames.timeToPaint(of: { list.paintedWidget }, until: { list.isUpToDate }) { _ = list.typeQuery("") }
            Frames.settle()
        }

        var scrolls: [Double] = []
        while scrolls.count < repetitions, scrolls.last ?? 0 < cheap {
            var supported = true
            let ms = Frames.timeToPaint(of: { list.paintedWidget }) { supported = list.pageDown() }
            guard supported else { break }
            scrolls.append(ms)
            Frames.settle(milliseconds: 30)
        }
        if !scrolls.isEmpty {
            log("scroll", scrolls)
            fields.append(("scroll_ms", median(scrolls)))
        }
        list.close()

        // Below ~10,000 items page-granular RSS noise outweighs the figure, so it is left out.
        if count >= 10_000 {
            let perItem = Double(fullBytes - emptyBytes) / Double(count) - Double(stringBytes) / Double(count)
            fields.append(("bytes_per_item", perItem))
        }
        let figures = fields.map { "\"\($0.0)\": \(String(format: "%.2f", $0.1))" }.joined(separator: ", ")
        return "{\"widget\": \"\(subject.name)\", \"items\": \(count), \(figures)}"
    }

    /// Every sample on stderr, to see the spread behind a median.
    func log(_ step: String, _ samples: [Double]) {
        let text = samples.map { String(format: "%.2f", $0) }.joined(separator: " ")
        FileHandle.standardError.write(Data("\(subject.name) \(count) \(step): \(text) ms\n".utf8))
    }

    func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    func disableAnimations() {
        var value = GValue()
        g_value_init(&value, GType(5 << 2))  // G_TYPE_BOOLEAN
        g_value_set_boolean(&value, 0)
        g_object_set_property(cast(gtk_settings_get_default()), "gtk-enable-animations", &value)
        g_value_unset(&value)
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
