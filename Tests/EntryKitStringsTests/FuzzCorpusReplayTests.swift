import Foundation
import Testing
@testable import EntryKitStrings

/// Runs the committed fuzzing corpus (`Fuzz/corpus`) through the parser and
/// the dump command, so crash reproducers stay fixed without libFuzzer.
@Suite struct FuzzCorpusReplayTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // EntryKitStringsTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Fuzz/corpus")

    static func corpusFiles() throws -> [URL] {
        try FileManager.default
            .contentsOfDirectory(at: corpus, includingPropertiesForKeys: [.isRegularFileKey])
            .filter { try $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// What the hand-written seeds must do: nil parses, a kind fails that way.
    /// Files not listed (crash reproducers) must only parse or fail cleanly.
    static let expectedSeeds: [String: StringsSyntaxError.Kind?] = [
        "basic.strings": nil,
        "empty.strings": nil,
        "whitespace-only.strings": nil,
        "comments.strings": nil,
        "unquoted.strings": nil,
        "single-quoted.strings": nil,
        "escapes.strings": nil,
        "unicode-escapes.strings": nil,
        "octal.strings": nil,
        "shorthand.strings": nil,
        "duplicates.strings": nil,
        "crlf.strings": nil,
        "cr-only.strings": nil,
        "multiline-value.strings": nil,
        "non-ascii.strings": nil,
        "utf8-bom.strings": nil,
        "utf16le-bom.strings": nil,
        "utf16be-bom.strings": nil,
        "utf16le-nobom.strings": nil,
        "bad-utf8.strings": .invalidUTF8,
        "bad-utf8-sequence.strings": .invalidUTF8,
        "truncated-utf8.strings": .invalidUTF8,
        "odd-utf16.strings": .invalidUTF16,
        "unpaired-utf16.strings": .invalidUTF16,
        "missing-semicolon.strings": .expectedSemicolon,
        "missing-semicolon-eof.strings": .expectedSemicolon,
        "missing-equals.strings": .expectedEqualsOrSemicolon,
        "missing-value.strings": .expectedValue,
        "missing-key.strings": .expectedKey,
        "unterminated-string.strings": .unterminatedString,
        "unterminated-comment.strings": .unterminatedComment,
        "unknown-escape.strings": .unknownEscape,
        "bad-unicode-escape.strings": .invalidUnicodeEscape,
        "lone-surrogate.strings": .unpairedSurrogate,
        "mismatched-surrogate.strings": .unpairedSurrogate,
        "bad-octal.strings": .invalidOctalEscape,
        "bad-unquoted-char.strings": .invalidUnquotedCharacter,
        "braces.strings": .expectedKey,
        "nul-bytes.strings": .expectedKey,
    ]

    @Test func corpusIsPresentAndSmall() throws {
        let files = try Self.corpusFiles()
        #expect(files.count >= 20, "corpus at \(Self.corpus.path) has \(files.count) files")
        let names = Set(files.map(\.lastPathComponent))
        for seed in Self.expectedSeeds.keys {
            #expect(names.contains(seed), "seed \(seed) is missing")
        }
        let total = try files.reduce(0) { $0 + (try $1.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0) }
        #expect(total < 200_000, "corpus is \(total) bytes")
    }

    @Test func everyInputParsesOrFailsWithAValidPosition() throws {
        let files = try Self.corpusFiles()
        #expect(!files.isEmpty)
        for file in files {
            let data = try Data(contentsOf: file)
            let name = file.lastPathComponent
            do {
                let document = try StringsParser.parse(data)
                #expect(document.orderedKeys.count == document.table.count, "\(name)")
                #expect(document.entries.allSatisfy { $0.position.line >= 1 && $0.position.column >= 1 }, "\(name)")
                if let expected = Self.expectedSeeds[name] {
                    #expect(expected == nil, "\(name) parsed but should fail with \(String(describing: expected))")
                }
            } catch {
                #expect(error.position.line >= 1, "\(name): \(error)")
                #expect(error.position.column >= 1, "\(name): \(error)")
                // A line can be no further than the number of line breaks allows.
                #expect(error.position.line <= data.count + 1, "\(name): \(error)")
                #expect(error.kind != .other, "\(name): \(error)")
                #expect(!error.message.isEmpty, "\(name)")
                if let expected = Self.expectedSeeds[name] {
                    #expect(expected == error.kind, "\(name): \(error)")
                }
            }
        }
    }

    @Test func everyInputDumpsToJSONOrTheErrorLine() throws {
        for file in try Self.corpusFiles() {
            let data = try Data(contentsOf: file)
            var output = ""
            var errors = ""
            let status = StringsCommand.run(
                ["dump", "-"], standardInput: { data },
                standardOutput: { output += $0 }, standardError: { errors += $0 })
            switch status {
            case 0:
                let object = try JSONSerialization.jsonObject(with: Data(output.utf8))
                #expect(object is [String: String], "\(file.lastPathComponent)")
                #expect(errors.isEmpty)
            case 1:
                #expect(output.isEmpty)
                #expect(errors.hasPrefix("<stdin>:"), "\(file.lastPathComponent): \(errors)")
                #expect(errors.contains(": error: "))
            default:
                Issue.record("\(file.lastPathComponent): status \(status)")
            }
        }
    }

    @Test func seedsGiveTheDocumentedTables() throws {
        func table(_ name: String) throws -> [String: String] {
            try StringsParser.parse(Data(contentsOf: Self.corpus.appendingPathComponent(name))).table
        }
        let unicode = ["key": "値 🎉", "k2": "v2"]
        #expect(try table("utf16le-bom.strings") == unicode)
        #expect(try table("utf16be-bom.strings") == unicode)
        #expect(try table("utf16le-nobom.strings") == ["plain": "utf16 without bom"])
        #expect(try table("utf8-bom.strings") == ["bom": "utf-8 with byte order mark"])
        #expect(try table("unicode-escapes.strings") == ["u": "éé\u{0}", "pair": "😀", "lower": "😀"])
        #expect(try table("duplicates.strings") == ["k": "third", "other": "x"])
        #expect(try table("shorthand.strings") == ["Cancel": "Cancel", "OK": "OK", "a": "b", "c": "c"])
    }
}
