import EntryKitStrings
import Foundation

/// Parses the same generated `.strings` tables with EntryKit's parser and with Foundation's
/// `PropertyListSerialization` (the other way to read them on Linux), in one run, and prints
/// a table and a JSON file with the ratio.
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
        if let jsonPath {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(rows).write(to: URL(fileURLWithPath: jsonPath))
        }
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
