import EntryKitCommandLine
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

    /// What the hand-written seeds must do: nil parses without errors, a kind fails that way first
    /// (several seeds that were errors before the parser followed CoreFoundation now only warn).
    /// Files not listed (crash reproducers) must only parse or fail cleanly.
    static let expectedSeeds: [String: StringsSyntaxError.Kind?] = [
        "basic.strings": nil,
        "empty.strings": nil,
        "whitespace-only.strings": nil,
        "comments.strings": nil,
        "unquoted.strings": .expectedValue,  // "+plus": + is not an unquoted character
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
        "truncated-utf8.strings": .unterminatedString,  // the string is cut off by the bad bytes too
        "odd-utf16.strings": nil,
        "unpaired-utf16.strings": nil,
        "missing-semicolon.strings": .expectedSemicolon,
        "missing-semicolon-eof.strings": .expectedSemicolon,
        "missing-equals.strings": .expectedEqualsOrSemicolon,
        "missing-value.strings": .expectedValue,
        "missing-key.strings": .expectedKey,
        "unterminated-string.strings": .unterminatedString,
        "unterminated-comment.strings": nil,
        "unknown-escape.strings": nil,
        "bad-unicode-escape.strings": nil,
        "lone-surrogate.strings": nil,
        "mismatched-surrogate.strings": nil,
        "bad-octal.strings": nil,
        "bad-unquoted-char.strings": .invalidUnquotedCharacter,
        "braces.strings": nil,
        "nul-bytes.strings": nil,  // Apple stops at the last NUL and ignores it
        "apple-stops-then-redefines.strings": .appleStopsReading,
        "unterminated-key-after-entry.strings": .appleStopsReading,
        "stray-a9-byte.strings": .invalidUTF8,
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

    @Test func everyInputDumpsToJSONWithItsErrorsOnStandardError() throws {
        for file in try Self.corpusFiles() {
            let data = try Data(contentsOf: file)
            let document = StringsParser.read(data)
            var output = ""
            var errors = ""
            let status = StringsCommand.run(
                ["dump", "-"], standardInput: { data },
                standardOutput: { output += $0 }, standardError: { errors += $0 })
            let object = try JSONSerialization.jsonObject(with: Data(output.utf8))
            #expect(object is [String: Any], "\(file.lastPathComponent)")
            #expect(output == document.json, "\(file.lastPathComponent)")
            if document.errors.isEmpty {
                #expect(status == .answered, "\(file.lastPathComponent)")
                #expect(errors.isEmpty, "\(file.lastPathComponent)")
            } else {
                #expect(status == .failed, "\(file.lastPathComponent)")
                #expect(errors.hasPrefix("<stdin>:"), "\(file.lastPathComponent): \(errors)")
                #expect(errors.components(separatedBy: ": error: ").count - 1 == document.errors.count)
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
        #expect(try table("unicode-escapes.strings") == ["u": "éu00E9\u{0}", "pair": "😀", "lower": "ud83dude00"])
        #expect(try table("duplicates.strings") == ["k": "third", "other": "x"])
        #expect(try table("shorthand.strings") == ["Cancel": "Cancel", "OK": "OK", "a": "b", "c": "c"])
    }
}
