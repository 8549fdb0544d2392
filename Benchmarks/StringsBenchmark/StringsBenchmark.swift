import EntryKitStrings
import Foundation

/// Parses the same generated `.strings` tables with EntryKit's parser and with Foundation's
/// `PropertyListSerialization` (the other way to read them on Linux), and the same String
/// Catalogs with EntryKit's JSON reader and with Foundation's `JSONSerialization`, in one run,
/// and prints tables and a JSON file with the ratios.
///
///     swift run -c release strings-benchmark [--json FILE] [--rounds N]
@main
struct StringsBenchmark {
    struct Case {
        let name: String
        let data: Data
    }

    struct Row: Codable {
        let input: String
        let bytes: Int
        let entries: Int
        let entryKitMilliseconds: Double
        let foundationMilliseconds: Double
        var speedup: Double { foundationMilliseconds / entryKitMilliseconds }
    }

    struct CatalogRow: Codable {
        let input: String
        let bytes: Int
        let keys: Int
        let languages: Int
        /// EntryKit's JSON reader alone, the counterpart of `JSONSerialization`.
        let entryKitMilliseconds: Double
        let foundationMilliseconds: Double
        /// Reading the catalog and compiling one language's table: what a first lookup costs.
        let entryKitFirstLookupMilliseconds: Double
        /// Reading the catalog and compiling every language's table, as `coverage` does.
        let entryKitTablesMilliseconds: Double
        var speedup: Double { foundationMilliseconds / entryKitMilliseconds }
    }

    struct Results: Codable {
        let strings: [Row]
        let catalogs: [CatalogRow]
    }

    static func main() throws {
        var arguments = CommandLine.arguments.dropFirst()
        var jsonPath: String?
        var rounds = 15
        while let argument = arguments.popFirst() {
            switch argument {
            case "--json": jsonPath = arguments.popFirst()
            case "--rounds": rounds = Int(arguments.popFirst() ?? "") ?? rounds
            default:
                FileHandle.standardError.write(Data("usage: strings-benchmark [--json FILE] [--rounds N]\n".utf8))
                exit(2)
            }
        }

        let cases = [
            Case(name: "app table, 40 entries (UTF-8)", data: Data(generate(entries: 40).utf8)),
            Case(name: "large table, 20,000 entries (UTF-8)", data: Data(generate(entries: 20_000).utf8)),
            Case(name: "large table, 20,000 entries (UTF-16 LE)", data: utf16LittleEndianWithBOM(generate(entries: 20_000))),
        ]
        var rows: [Row] = []
        for benchmarkCase in cases {
            let ours = try StringsParser.parse(benchmarkCase.data).table
            let theirs = try foundationTable(benchmarkCase.data)
            guard ours == theirs else {
                FileHandle.standardError.write(Data("strings-benchmark: the parsers disagree on \(benchmarkCase.name)\n".utf8))
                exit(1)
            }
            rows.append(
                Row(
                    input: benchmarkCase.name,
                    bytes: benchmarkCase.data.count,
                    entries: ours.count,
                    entryKitMilliseconds: medianMilliseconds(rounds: rounds) { _ = try? StringsParser.parse(benchmarkCase.data) },
                    foundationMilliseconds: medianMilliseconds(rounds: rounds) { _ = try? foundationTable(benchmarkCase.data) }
                ))
        }

        print("| input | bytes | EntryKit (ms) | Foundation PropertyListSerialization (ms) | EntryKit speed-up |")
        print("|---|---:|---:|---:|---:|")
        for row in rows {
            print(
                "| \(row.input) | \(row.bytes) | \(format(row.entryKitMilliseconds)) | \(format(row.foundationMilliseconds)) | \(String(format: "%.2f", row.speedup))× |"
            )
        }
        print("median of \(rounds) rounds each, release build, one process; same tables checked equal")
        print("")
        let catalogRows = try catalogCases().map { try measureCatalog($0, rounds: rounds) }
        print(
            "| String Catalog | bytes | keys | languages | EntryKit JSONReader (ms) | Foundation JSONSerialization (ms) | EntryKit speed-up "
                + "| EntryKit read + one table (ms) | EntryKit read + every table (ms) |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        for row in catalogRows {
            print(
                "| \(row.input) | \(row.bytes) | \(row.keys) | \(row.languages) | \(format(row.entryKitMilliseconds)) | "
                    + "\(format(row.foundationMilliseconds)) | \(String(format: "%.2f", row.speedup))× | "
                    + "\(format(row.entryKitFirstLookupMilliseconds)) | \(format(row.entryKitTablesMilliseconds)) |")
        }
        print("median of \(rounds) rounds each; both readers checked to read the same keys")
        if let jsonPath {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(Results(strings: rows, catalogs: catalogRows)).write(to: URL(fileURLWithPath: jsonPath))
        }
    }

    /// A generated catalog, and the largest real one of the test corpus when the source tree is there.
    static func catalogCases() -> [Case] {
        var cases = [Case(name: "generated, 5,000 keys × 12 languages", data: Data(generateCatalog(keys: 5_000).utf8))]
        let real = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/CatalogCorpus/Dimillian-IceCubesApp/Localizable.xcstrings")
        if let data = FileManager.default.contents(atPath: real.path) { cases.append(Case(name: "Ice Cubes (real)", data: data)) }
        return cases
    }

    static func measureCatalog(_ benchmarkCase: Case, rounds: Int) throws -> CatalogRow {
        let catalog = StringCatalog.read(benchmarkCase.data)
        let theirs = try JSONSerialization.jsonObject(with: benchmarkCase.data) as? [String: Any]
        let theirKeys = (theirs?["strings"] as? [String: Any]).map { Set($0.keys) }
        guard catalog.problems.allSatisfy({ !$0.isError }), theirKeys == Set(catalog.entries.map(\.key)) else {
            FileHandle.standardError.write(Data("strings-benchmark: the JSON readers disagree on \(benchmarkCase.name)\n".utf8))
            exit(1)
        }
        return CatalogRow(
            input: benchmarkCase.name, bytes: benchmarkCase.data.count, keys: catalog.entries.count, languages: catalog.languages.count,
            entryKitMilliseconds: medianMilliseconds(rounds: rounds) { _ = try? JSONReader.read(benchmarkCase.data) },
            foundationMilliseconds: medianMilliseconds(rounds: rounds) { _ = try? JSONSerialization.jsonObject(with: benchmarkCase.data) },
            entryKitFirstLookupMilliseconds: medianMilliseconds(rounds: rounds) {
                _ = StringCatalog.read(benchmarkCase.data).table(language: "de")
            },
            entryKitTablesMilliseconds: medianMilliseconds(rounds: rounds) { _ = StringCatalog.read(benchmarkCase.data).tables() })
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

    static func medianMilliseconds(rounds: Int, _ body: () -> Void) -> Double {
        body()  // warm-up
        var samples: [Double] = []
        for _ in 0..<max(rounds, 1) {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    static func format(_ milliseconds: Double) -> String { String(format: milliseconds < 1 ? "%.3f" : "%.1f", milliseconds) }
}
