import EntryKitStrings
import Foundation

/// Parses the same generated `.strings` tables with EntryKit's parser and with Foundation's
/// `PropertyListSerialization` (the other way to read them on Linux), and the same String
/// Catalogs with EntryKit's JSON reader and with Foundation's `JSONSerialization`, in interleaved
/// rounds of one process, after checking that both read the same. Its JSON holds rows of
/// `scripts/benchmark`'s "results" (which runs it), of kind "parser" for the `.strings` tables and
/// "catalog" for the String Catalogs; `scripts/benchmark-table FILE` renders them.
///
///     swift run -c release strings-benchmark [--json FILE] [--rounds N]
@main
struct StringsBenchmark {
    struct Case {
        let name: String
        let data: Data
    }

    static let usage = "bad arguments; usage: strings-benchmark [--json FILE] [--rounds N], N 1 or more"

    static func main() {
        do { try run() } catch { fail(error.localizedDescription) }
    }

    static func run() throws {
        var arguments = CommandLine.arguments.dropFirst()
        var jsonPath: String?
        var rounds = 15
        while let argument = arguments.popFirst() {
            switch argument {
            case "--json":
                guard let path = arguments.popFirst() else { fail(usage, status: 2) }
                // Before the run, not after it: a path that cannot be written loses no figures.
                guard FileManager.default.createFile(atPath: path, contents: nil) else { fail("cannot write \(path)") }
                jsonPath = path
            case "--rounds":
                guard let value = arguments.popFirst().flatMap({ Int($0) }), value > 0 else { fail(usage, status: 2) }
                rounds = value
            default: fail(usage, status: 2)
            }
        }

        let cases = [
            Case(name: "app table, 40 entries (UTF-8)", data: Data(generate(entries: 40).utf8)),
            Case(name: "large table, 20,000 entries (UTF-8)", data: Data(generate(entries: 20_000).utf8)),
            Case(name: "large table, 20,000 entries (UTF-16 LE)", data: utf16LittleEndianWithBOM(generate(entries: 20_000))),
        ]
        var rows: [Row] = []
        for benchmarkCase in cases { rows.append(try measureStrings(benchmarkCase, rounds: rounds)) }
        for benchmarkCase in catalogCases() { rows.append(try measureCatalog(benchmarkCase, rounds: rounds)) }
        if let jsonPath {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(["results": rows]).write(to: URL(fileURLWithPath: jsonPath))
        }
    }

    static func measureStrings(_ benchmarkCase: Case, rounds: Int) throws -> Row {
        let ours = try StringsParser.parse(benchmarkCase.data).table
        guard ours == (try foundationTable(benchmarkCase.data)) else { fail("the parsers disagree on \(benchmarkCase.name)") }
        return Row(
            kind: "parser", input: benchmarkCase.name, sizes: [("bytes", benchmarkCase.data.count), ("entries", ours.count)],
            figures: interleaved(
                rounds: rounds,
                [
                    ("entrykit", { _ = try? StringsParser.parse(benchmarkCase.data) }),
                    ("foundation", { _ = try? foundationTable(benchmarkCase.data) }),
                ]))
    }

    /// A generated catalog, and the largest real one of the test corpus, read from the source tree the program was built from.
    static func catalogCases() -> [Case] {
        let real = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/CatalogCorpus/Dimillian-IceCubesApp/Localizable.xcstrings")
        guard let data = FileManager.default.contents(atPath: real.path) else {
            fail("cannot read the real catalog the benchmark measures, \(real.path): run it from the source tree it was built from")
        }
        return [
            Case(name: "generated, 5,000 keys × 12 languages", data: Data(generateCatalog(keys: 5_000).utf8)),
            Case(name: "Ice Cubes (real)", data: data),
        ]
    }

    static func measureCatalog(_ benchmarkCase: Case, rounds: Int) throws -> Row {
        let catalog = StringCatalog.read(benchmarkCase.data)
        let theirs = try JSONSerialization.jsonObject(with: benchmarkCase.data) as? [String: Any]
        let theirKeys = (theirs?["strings"] as? [String: Any]).map { Set($0.keys) }
        guard catalog.problems.allSatisfy({ !$0.isError }), theirKeys == Set(catalog.entries.map(\.key)) else {
            fail("the JSON readers disagree on \(benchmarkCase.name)")
        }
        return Row(
            kind: "catalog", input: benchmarkCase.name,
            sizes: [("bytes", benchmarkCase.data.count), ("keys", catalog.entries.count), ("languages", catalog.languages.count)],
            figures: interleaved(
                rounds: rounds,
                [
                    // EntryKit's JSON reader alone, the counterpart of JSONSerialization.
                    ("entrykit", { _ = try? JSONReader.read(benchmarkCase.data) }),
                    ("foundation", { _ = try? JSONSerialization.jsonObject(with: benchmarkCase.data) }),
                    // The catalog read and one language's table compiled: what a first lookup costs.
                    ("first_lookup", { _ = StringCatalog.read(benchmarkCase.data).table(language: "de") }),
                    // The catalog read and every language's table compiled, as `coverage` does.
                    ("every_table", { _ = StringCatalog.read(benchmarkCase.data).tables() }),
                ]))
    }

    /// A catalog as Xcode writes it: a comment per tenth key, every tenth key a plural, the
    /// languages' states mixed.
    static func generateCatalog(keys: Int) -> String {
        let languages = ["ar", "de", "es", "fr", "it", "ja", "ko", "pl", "pt-BR", "ru", "zh-Hans"]
        func unit(_ value: String, _ state: String = "translated") -> String {
            "{\n            \"stringUnit\" : {\n              \"state\" : \"\(state)\",\n              \"value\" : \"\(value)\"\n            }\n          }"
        }
        var entries: [String] = []
        for index in 0..<keys {
            let key = "settings.section\(index / 50).item\(index) %@"
            let localizations = languages.enumerated().map { number, language in
                let value = "Übersetzung \(language) \(index) %@ — ünïcödé 日本語"
                if index % 10 == 0 {
                    let forms = ["one", "few", "many", "other"].map { "\"\($0)\" : \(unit(value + " %lld"))" }.joined(separator: ",\n")
                    return
                        "        \"\(language)\" : {\n          \"variations\" : {\n            \"plural\" : {\n\(forms)\n            }\n          }\n        }"
                }
                return "        \"\(language)\" : \(unit(value, number % 7 == 0 ? "needs_review" : "translated"))"
            }
            let comment = index % 10 == 0 ? "      \"comment\" : \"Shown in the settings, section \(index / 50)\",\n" : ""
            entries.append(
                "    \"\(key)\" : {\n\(comment)      \"localizations\" : {\n\(localizations.joined(separator: ",\n"))\n      }\n    }")
        }
        return
            "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\(entries.joined(separator: ",\n"))\n  },\n  \"version\" : \"1.0\"\n}\n"
    }

    static func foundationTable(_ data: Data) throws -> [String: String] {
        guard let table = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: String] else {
            throw CocoaError(.propertyListReadCorrupt)
        }
        return table
    }

    /// A translator-style table: comments, escapes, non-ASCII text, varied lengths.
    static func generate(entries: Int) -> String {
        var text = "/* Generated benchmark table */\n"
        let words = ["OK", "Cancel", "ユーザ名", "パスワード", "Open \\\"%@\\\"", "Line\\nbreak", "Tab\\there", "Ünïcödé", "絵文字 \\U263A"]
        for index in 0..<entries {
            if index % 10 == 0 { text += "\n/* Section \(index / 10) */\n" }
            let value = (0..<(1 + index % 5)).map { words[($0 + index) % words.count] }.joined(separator: " ")
            text += "\"key.\(index).\(words[index % 4])\" = \"\(value)\";\n"
        }
        return text
    }

    static func utf16LittleEndianWithBOM(_ text: String) -> Data {
        var data = Data([0xFF, 0xFE])
        for unit in text.utf16 { data.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        return data
    }

    /// Each body once to warm up, then `rounds` rounds of every body in turn, so that a slow
    /// moment of the machine falls on EntryKit and Foundation alike.
    static func interleaved(rounds: Int, _ bodies: [(name: String, body: () -> Void)]) -> [(name: String, figure: Figure)] {
        for (_, body) in bodies { body() }
        var samples = Array(repeating: [Double](), count: bodies.count)
        for _ in 0..<rounds {
            for (index, (_, body)) in bodies.enumerated() {
                let start = DispatchTime.now().uptimeNanoseconds
                body()
                samples[index].append(Figure.milliseconds(DispatchTime.now().uptimeNanoseconds - start))
            }
        }
        return zip(bodies, samples).map { ($0.name, Figure(samples: $1)) }
    }

    static func fail(_ reason: String, status: Int32 = 1) -> Never {
        FileHandle.standardError.write(Data("strings-benchmark: \(reason)\n".utf8))
        exit(status)
    }
}

/// One figure's samples, in milliseconds to a tenth of a microsecond, in the order they were taken.
struct Figure {
    let samples: [Double]

    static func milliseconds(_ nanoseconds: UInt64) -> Double { (Double(nanoseconds) / 100).rounded() / 10_000 }

    var median: Double {
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// One row of scripts/benchmark's "results": the input's name under its kind ("parser" or
/// "catalog"), its sizes, the number of samples, each figure as `NAME_ms` (the median),
/// `NAME_min_ms` and `NAME_max_ms` with every sample under `raw.NAME`, and
/// `foundation_vs_entrykit`, Foundation's median ÷ EntryKit's.
struct Row: Encodable {
    let kind: String
    let input: String
    let sizes: [(String, Int)]
    let figures: [(name: String, figure: Figure)]

    struct Key: CodingKey {
        let stringValue: String
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.init(stringValue) }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    init(kind: String, input: String, sizes: [(String, Int)], figures: [(name: String, figure: Figure)]) {
        (self.kind, self.input, self.sizes, self.figures) = (kind, input, sizes, figures)
        // Progress, one line per input; the tables are scripts/benchmark-table's.
        print("\(input): " + figures.map { "\($0.name) \($0.figure.median) ms" }.joined(separator: ", "))
    }

    func figure(_ name: String) -> Figure? { figures.first { $0.name == name }?.figure }

    func encode(to encoder: Encoder) throws {
        var row = encoder.container(keyedBy: Key.self)
        try row.encode(input, forKey: Key(kind))
        for (name, value) in sizes { try row.encode(value, forKey: Key(name)) }
        try row.encode(figures.first?.figure.samples.count ?? 0, forKey: Key("samples"))
        for (name, figure) in figures {
            try row.encode(figure.median, forKey: Key("\(name)_ms"))
            try row.encode(figure.samples.min(), forKey: Key("\(name)_min_ms"))
            try row.encode(figure.samples.max(), forKey: Key("\(name)_max_ms"))
        }
        if let ours = figure("entrykit")?.median, let theirs = figure("foundation")?.median, ours > 0 {
            try row.encode((theirs / ours * 1000).rounded() / 1000, forKey: Key("foundation_vs_entrykit"))
        }
        try row.encode(Dictionary(uniqueKeysWithValues: figures.map { ($0.name, $0.figure.samples) }), forKey: Key("raw"))
    }
}
