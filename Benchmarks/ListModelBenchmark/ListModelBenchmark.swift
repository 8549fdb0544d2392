import EntryKitList
import Foundation

/// Times the list model (no GTK) at 1,000 to 1,000,000 items: setting the items, the memory
/// they take, and filtering each keystroke of a four-letter query, typed as a user would so
/// each keystroke refines the last.
///
///     swift run -c release list-model-benchmark [--json FILE] [--rounds N] [--max N] [--data item,words,japanese]
///
/// Two kinds of items: "Item 000123" (every item matches the query "item", the worst case for
/// refining) and random words with a few accents (query: four letters of a word in the list).
@main
struct ListModelBenchmark {
    struct Row: Codable {
        var widget: String
        var items: Int
        var set_ms: Double
        var filter_ms: Double
        var filter_max_ms: Double
        var bytes_per_item: Double
    }

    static func main() {
        var arguments = CommandLine.arguments.dropFirst()
        var jsonPath: String?
        var rounds = 9
        var largest = 1_000_000
        var datasets = ["item", "words", "japanese"]
        while let argument = arguments.popFirst() {
            switch argument {
            case "--json": jsonPath = arguments.popFirst()
            case "--rounds": rounds = Int(arguments.popFirst() ?? "") ?? rounds
            case "--max": largest = Int(arguments.popFirst() ?? "") ?? largest
            case "--data": datasets = (arguments.popFirst() ?? "").split(separator: ",").map(String.init)
            default:
                FileHandle.standardError.write(
                    Data("usage: list-model-benchmark [--json FILE] [--rounds N] [--max N] [--data item,words,japanese]\n".utf8))
                exit(2)
            }
        }

        // A fixed mmap threshold makes every large buffer its own mapping, returned to the
        // system when freed; otherwise glibc raises the threshold after the first free and
        // later stores reuse freed heap, so their resident growth reads too low.
        // (Swift's Glibc module does not import mallopt; M_MMAP_THRESHOLD is -3.)
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            _ = unsafeBitCast(symbol, to: Mallopt.self)(-3, 128 * 1024)
        }
        var rows: [Row] = []
        print(
            "dataset   items      set_ms  lines_ms  rss_B/item  model_B/item  first_key_ms  filter_ms  filter_max_ms  filter_cpu_ms  matches"
        )
        for size in [1_000, 10_000, 100_000, 1_000_000] where size <= largest {
            for dataset in datasets {
                let strings =
                    switch dataset {
                    case "item": itemStrings(size)
                    case "words": wordStrings(size)
                    default: japaneseStrings(size)
                    }
                let query =
                    switch dataset {
                    case "item": "item"
                    case "words": wordQuery(strings)
                    default: "ガイド"
                    }
                rows.append(measure(dataset: dataset, strings: strings, query: query, rounds: rounds))
            }
        }
        if let jsonPath {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let data = try! encoder.encode(["results": rows])
            _ = FileManager.default.createFile(atPath: jsonPath, contents: data)
        }
    }

    static func measure(dataset: String, strings: [String], query: String, rounds: Int) -> Row {
        // Memory first, before other builds leave freed pages behind.
        let before = residentBytes()
        var items = ListItems(strings)
        let grown = residentBytes() - before
        let rssPerItem = (Double(grown) - Double(items.utf8ByteCount)) / Double(strings.count)
        let modelPerItem = Double(items.overheadByteCount) / Double(strings.count)

        var setTimes: [Double] = []
        for _ in 0..<max(3, rounds / 2) {
            setTimes.append(milliseconds { items = ListItems(strings) })
        }
        let lines = Data(strings.joined(separator: "\n").utf8)
        var linesTimes: [Double] = []
        for _ in 0..<max(3, rounds / 2) {
            linesTimes.append(milliseconds { items = ListItems(lines: lines) })
        }

        var keystrokes: [Double] = []
        // CPU time of the process (all threads of a parallel scan): what a keystroke costs
        // whatever else the machine runs.
        var keystrokeCPU: [Double] = []
        var firstKeys: [Double] = []
        var matchCount = 0
        for _ in 0..<rounds {
            let engine = ListFilterEngine(items: items)
            for length in 1...query.count {
                let typed = String(query.prefix(length))
                var result: ListFilterResult?
                let cpuStart = processCPUNanoseconds()
                let time = milliseconds { result = engine.filterNow(typed) }
                keystrokeCPU.append(Double(processCPUNanoseconds() - cpuStart) / 1e6)
                keystrokes.append(time)
                if length == 1 { firstKeys.append(time) }
                matchCount = result!.matches.count
            }
        }
        let row = Row(
            widget: dataset == "item" ? "ListCore" : "ListCore \(dataset)", items: strings.count,
            set_ms: median(setTimes), filter_ms: median(keystrokes), filter_max_ms: keystrokes.max()!,
            bytes_per_item: rssPerItem)
        print(
            String(
                format: "%@  %-9d  %6.1f  %8.1f  %10.1f  %12.1f  %12.2f  %9.2f  %13.2f  %13.2f  %d",
                dataset.padding(toLength: 8, withPad: " ", startingAt: 0), strings.count, row.set_ms, median(linesTimes), rssPerItem,
                modelPerItem,
                median(firstKeys), row.filter_ms, row.filter_max_ms, median(keystrokeCPU), matchCount))
        return row
    }

    // MARK: Data

    static func itemStrings(_ count: Int) -> [String] {
        (0..<count).map { index in
            var digits = String(index)
            digits = String(repeating: "0", count: max(0, 6 - digits.count)) + digits
            return "Item " + digits
        }
    }

    /// Deterministic pseudo-random words: one to three per item, some capitalized, a few accented.
    static func wordStrings(_ count: Int) -> [String] {
        var random = SplitMix64(seed: 42)
        let consonants = Array("bcdfghjklmnprstvwz")
        let vowels = Array("aeiouy")
        let accented = Array("éèüöàçñ")
        var result: [String] = []
        result.reserveCapacity(count)
        for _ in 0..<count {
            var item = ""
            for word in 0..<(1 + Int(random.next() % 3)) {
                if word > 0 { item += " " }
                let syllables = 1 + Int(random.next() % 3)
                var text = ""
                for _ in 0..<syllables {
                    text.append(consonants[Int(random.next() % UInt64(consonants.count))])
                    let roll = random.next() % 100
                    text.append(roll < 4 ? accented[Int(roll) % accented.count] : vowels[Int(random.next() % UInt64(vowels.count))])
                }
                item += random.next() % 4 == 0 ? text.capitalized : text
            }
            result.append(item)
        }
        return result
    }

    /// Deterministic pseudo-random Japanese: katakana words (some half-width), hiragana and kanji.
    static func japaneseStrings(_ count: Int) -> [String] {
        var random = SplitMix64(seed: 7)
        let katakana = Array("アイウエオカキクケコガギグゲゴサシスセソタチツテトダデドナニヌネノハヒフヘホバパマミムメモヤユヨラリルレロワン")
        let hiragana = Array("あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん")
        let kanji = Array("東京大阪名古屋市区町村駅前本店支社会議室第一二三四五番地新旧")
        var result: [String] = []
        result.reserveCapacity(count)
        for _ in 0..<count {
            var item = ""
            for _ in 0..<(2 + Int(random.next() % 5)) {
                switch random.next() % 3 {
                case 0: item.append(katakana[Int(random.next() % UInt64(katakana.count))])
                case 1: item.append(hiragana[Int(random.next() % UInt64(hiragana.count))])
                default: item.append(kanji[Int(random.next() % UInt64(kanji.count))])
                }
            }
            // One in ten carries a half-width katakana word, one in five an ASCII number.
            if random.next() % 10 == 0 { item += " ｶﾞｲﾄﾞ" }
            if random.next() % 5 == 0 { item += " \(random.next() % 1000)" }
            result.append(item)
        }
        return result
    }

    /// Four letters of a word from the middle of the list.
    static func wordQuery(_ strings: [String]) -> String {
        for string in strings[(strings.count / 2)...] {
            if let word = string.split(separator: " ").first(where: { $0.count >= 4 && $0.allSatisfy(\.isASCII) }) {
                return String(word.prefix(4)).lowercased()
            }
        }
        return "bada"
    }

    struct SplitMix64 {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    // MARK: Measuring

    static func milliseconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func processCPUNanoseconds() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return time.tv_sec * 1_000_000_000 + time.tv_nsec
    }

    /// Resident set size from /proc/self/statm.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        return (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
