import Foundation
import Testing

@testable import EntryKitStrings

/// Each rule of CoreFoundation's parser (`CFOldStylePList.c`), checked three ways: the value
/// written here, the value Foundation's `PropertyListSerialization` (the same parser) gives on
/// this machine, and the value EntryKit gives.
private func apple(_ data: Data) -> [String: Any]? {
    (try? PropertyListSerialization.propertyList(from: data, format: nil)) as? [String: Any]
}

private func expectSameAsApple(
    _ text: String, _ expected: [String: String],
    warnings: [StringsWarning.Kind] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let data = Data(text.utf8)
    let reference = apple(data)
    #expect(reference as? [String: String] == expected, "Foundation reads \(String(describing: reference))", sourceLocation: sourceLocation)
    let document = StringsParser.read(data)
    #expect(document.table == expected, sourceLocation: sourceLocation)
    #expect(document.errors.isEmpty, "\(document.errors)", sourceLocation: sourceLocation)
    #expect(document.warnings.map(\.kind) == warnings, "\(document.warnings)", sourceLocation: sourceLocation)
}

@Suite struct AppleCompatibilityTests {
    @Test func unknownEscapesDropTheBackslash() {
        expectSameAsApple(
            #""k" = "\(name) \E \Č \q \ ";"#, ["k": "(name) E Č q  "],
            warnings: [.unknownEscape, .unknownEscape, .unknownEscape, .unknownEscape, .unknownEscape])
        expectSameAsApple(
            #""\(count) files" = "\(count) Dateien";"#, ["(count) files": "(count) Dateien"],
            warnings: [.unknownEscape, .unknownEscape])
    }

    @Test func lowerCaseUIsNotAnEscape() {
        expectSameAsApple(#""next" = "\u203A";"#, ["next": "u203A"], warnings: [.lowercaseUnicodeEscape])
        expectSameAsApple(#""k" = "\ud83d\ude00";"#, ["k": "ud83dude00"], warnings: [.lowercaseUnicodeEscape, .lowercaseUnicodeEscape])
    }

    @Test func upperCaseUReadsUpToFourHexDigits() {
        expectSameAsApple(#""k" = "\U203A";"#, ["k": "\u{203A}"])
        expectSameAsApple(#""k" = "\UABCG";"#, ["k": "\u{ABC}G"], warnings: [.shortUnicodeEscape])
        expectSameAsApple(#""k" = "\U41\U";"#, ["k": "A\u{0}"], warnings: [.shortUnicodeEscape, .shortUnicodeEscape])
        expectSameAsApple(#""k" = "\U00411";"#, ["k": "A1"])
        expectSameAsApple(#""k" = "\UD83D\UDE00";"#, ["k": "😀"])
    }

    @Test func loneSurrogatesReadAsReplacementCharacters() {
        expectSameAsApple(#""k" = "\UD800 x \UDC00";"#, ["k": "\u{FFFD} x \u{FFFD}"], warnings: [.unpairedSurrogate])
    }

    @Test func octalEscapesTakeUpToThreeDigitsAndWrapToAByte() {
        expectSameAsApple(#""k" = "\101\1012\0123\18";"#, ["k": "AA2\n3\u{1}8"])
        expectSameAsApple(#""k" = "\501";"#, ["k": "A"], warnings: [.octalEscape])
        expectSameAsApple(#""k" = "\777";"#, ["k": "\u{0}"], warnings: [.octalEscape])
    }

    /// Every octal escape from \200 to \377 maps through the NeXTSTEP encoding as Foundation's does.
    @Test func octalEscapesAbove177MatchFoundationsNeXTSTEPTable() throws {
        for byte in 0o200...0o377 {
            let text = "\"k\" = \"\\\(String(byte, radix: 8))\";"
            let data = Data(text.utf8)
            let reference = try #require(apple(data)?["k"] as? String, "\(text)")
            #expect(StringsParser.read(data).table["k"] == reference, "\(text)")
        }
    }

    @Test func simpleEscapesAndQuotes() {
        expectSameAsApple(#""k" = "\a\b\f\n\r\t\v\"\'\\";"#, ["k": "\u{7}\u{8}\u{C}\n\r\t\u{B}\"'\\"])
        expectSameAsApple("'k' = 'it\"s';", ["k": "it\"s"])
    }

    @Test func plusIsNotAnUnquotedCharacter() {
        let data = Data("a+b = c;".utf8)
        #expect(apple(data) == nil)
        #expect(StringsParser.read(data).errors.map(\.kind) == [.invalidUnquotedCharacter])
        expectSameAsApple("a_$/:.-9 = x;", ["a_$/:.-9": "x"])
    }

    @Test func anUnterminatedCommentAtTheEndIsAccepted() {
        expectSameAsApple("\"a\" = \"b\"; /* the end", ["a": "b"], warnings: [.unterminatedComment])
        expectSameAsApple("\"a\" = \"b\"; // the end", ["a": "b"])
    }

    @Test func arraysDictionariesAndDataAreValuesThatLookupsSkip() throws {
        let data = Data(#""list" = (a, "b", ( c ), ); "map" = { k = v; "s"; }; "bytes" = < 0a0B ff >; "t" = u;"#.utf8)
        let reference = try #require(apple(data))
        #expect(reference["list"] as? [Any] != nil)
        #expect(reference["bytes"] as? Data == Data([0x0A, 0x0B, 0xFF]))
        let document = StringsParser.read(data)
        #expect(document.errors.isEmpty)
        #expect(document.table == ["t": "u"])
        #expect(document.value(forKey: "list") == .array([.string("a"), .string("b"), .array([.string("c")])]))
        #expect(document.value(forKey: "map") == .dictionary([StringsMember(key: "k", value: "v"), StringsMember(key: "s", value: "s")]))
        #expect(document.value(forKey: "bytes") == .data([0x0A, 0x0B, 0xFF]))
    }

    @Test func nestingStopsAt512AsInFoundation() {
        for depth in [511, 512, 513] {
            let data = Data(("\"a\" = " + String(repeating: "(", count: depth) + String(repeating: ")", count: depth) + ";").utf8)
            let accepted = apple(data) != nil
            #expect(accepted == (depth <= 512))
            #expect(StringsParser.read(data).errors.isEmpty == accepted, "depth \(depth)")
        }
    }

    @Test func aFileThatIsOneBracedTableIsATable() {
        expectSameAsApple("{ \"a\" = \"b\"; c = d; }", ["a": "b", "c": "d"])
        let data = Data("{ \"a\" = \"b\"; } x".utf8)
        #expect(apple(data) == nil)
        #expect(StringsParser.read(data).errors.map(\.kind) == [.textAfterTable])
    }

    @Test func emptyAndCommentOnlyFilesAreEmptyTables() {
        expectSameAsApple(" \n/* nothing */\n", [:])
        #expect(StringsParser.read(Data()).table.isEmpty)
        #expect(StringsParser.read(Data([0xEF, 0xBB, 0xBF])).errors.isEmpty)
    }

    /// After a `;`, text that cannot start a key makes Apple's parser stop without an error:
    /// every entry after it is lost on Apple's platforms. EntryKit keeps them and says so.
    @Test func applesSilentStopIsAnErrorThatKeepsTheEntriesAfterIt() throws {
        let data = Data("\"a\" = \"b\";\n;= \"c\" = \"d\";\n\"e\" = \"f\";\n".utf8)
        #expect(apple(data) as? [String: String] == ["a": "b"])
        let document = StringsParser.read(data)
        #expect(document.table == ["a": "b", "c": "d", "e": "f"])
        let error = try #require(document.errors.first)
        #expect(document.errors.count == 1)
        #expect(error.kind == .appleStopsReading)
        #expect(error.position == SourcePosition(line: 2, column: 1))
    }

    /// What Apple reads is authoritative: an entry recovered after the stop adds a key Apple
    /// lacks but never replaces one Apple read, and lint names both lines.
    @Test func anEntryRecoveredAfterApplesStopNeverReplacesOneItRead() throws {
        let data = Data("\"Clear\" = \"Effacer\";\n\"Clear\" = \"Vider\";\n;\n\"Clear\" = \"Retirer\";\n\"Quit\" = \"Quitter\";\n".utf8)
        #expect(apple(data) as? [String: String] == ["Clear": "Vider"], "Apple: the last definition it reads wins")
        let document = StringsParser.read(data)
        #expect(document.table == ["Clear": "Vider", "Quit": "Quitter"])
        #expect(document.value(forKey: "Clear") == "Vider")
        #expect(document.appleReadCount == 2)
        #expect(
            document.ignoredRecoveries == [
                StringsDuplicate(key: "Clear", first: SourcePosition(line: 2, column: 1), duplicate: SourcePosition(line: 4, column: 1))
            ])
        #expect(document.duplicates.map(\.duplicate) == [SourcePosition(line: 2, column: 1)], "within Apple's part, Apple's rule")
        let warning = try #require(document.diagnostics.first { $0.position.line == 4 })
        #expect(
            warning.message
                == "key \"Clear\" was read by Apple's parser at 2:1, before it stops reading; this later definition is ignored, as on Apple's platforms"
        )
    }

    /// A file Apple rejects whole gives Apple's reading nothing: every recovered entry counts,
    /// the last definition winning.
    @Test func inAFileAppleRejectsTheLastRecoveredDefinitionWins() {
        let document = StringsParser.read(Data("\"a\" = \"1\"\n\"a\" = \"2\";\n".utf8))
        #expect(apple(Data("\"a\" = \"1\"\n\"a\" = \"2\";\n".utf8)) == nil)
        #expect(document.appleReadCount == 0)
        #expect(document.table == ["a": "2"])
        #expect(document.ignoredRecoveries.isEmpty)
    }

    /// A key whose string never closes also makes Apple's parser stop without an error.
    @Test func anUnterminatedKeyAfterAnEntryIsApplesSilentStopToo() throws {
        let atEnd = Data("\"a\" = \"b\";\n\"never closed".utf8)
        #expect(apple(atEnd) as? [String: String] == ["a": "b"])
        let ignored = StringsParser.read(atEnd)
        #expect(ignored.errors.isEmpty)
        #expect(ignored.warnings.map(\.kind) == [.ignoredText])
        #expect(ignored.table == ["a": "b"])

        let data = Data("\"a\" = \"b\";\n\"never closed\nc = 'd';\n".utf8)
        #expect(apple(data) as? [String: String] == ["a": "b"])
        let document = StringsParser.read(data)
        #expect(document.errors.map(\.kind) == [.appleStopsReading])
        #expect(document.errors.first?.position == SourcePosition(line: 2, column: 1))
        #expect(document.table == ["a": "b", "c": "d"])
    }

    @Test func xmlAndBinaryTablesAreReadWithPropertyListSerialization() throws {
        let table: [String: Any] = ["Cancel": "Abbrechen", "OK": "OK", "Numbers": [1, 2]]
        for (format, expected) in [(PropertyListSerialization.PropertyListFormat.xml, StringsFormat.xml), (.binary, .binary)] {
            let data = try PropertyListSerialization.data(fromPropertyList: table, format: format, options: 0)
            let document = StringsParser.read(data)
            #expect(document.format == expected)
            #expect(document.errors.isEmpty)
            #expect(document.table == ["Cancel": "Abbrechen", "OK": "OK"])
            #expect(document.orderedKeys == ["Cancel", "Numbers", "OK"])
            if case .array(let numbers) = document.value(forKey: "Numbers") {
                #expect(numbers == [.number("1"), .number("2")])
            } else {
                Issue.record("Numbers is \(String(describing: document.value(forKey: "Numbers")))")
            }
        }
        let broken = StringsParser.read(Data("<?xml version=\"1.0\"?><plist><dict><key>a</key>".utf8))
        #expect(broken.errors.map(\.kind) == [.invalidPropertyList])
        let array = try PropertyListSerialization.data(fromPropertyList: ["a"], format: .binary, options: 0)
        #expect(StringsParser.read(array).errors.map(\.kind) == [.notATable])
    }
}

/// After a syntax error the parser goes on: entries on both sides are kept and every error is listed.
@Suite struct StringsRecoveryTests {
    @Test func anErrorInTheMiddleKeepsBothSides() {
        let document = StringsParser.read(
            """
            "one" = "1";
            "two" = "2"
            "three" = "3";
            "four" = ;
            "five" = "5";
            "six" "6";
            "seven" = "7";
            """)
        #expect(document.table == ["one": "1", "two": "2", "three": "3", "five": "5", "seven": "7"])
        #expect(document.errors.map(\.kind) == [.expectedSemicolon, .expectedValue, .expectedEqualsOrSemicolon])
        #expect(
            document.errors.map(\.position) == [
                SourcePosition(line: 3, column: 1), SourcePosition(line: 4, column: 10), SourcePosition(line: 6, column: 7),
            ])
    }

    @Test func semicolonsInsideQuotedTextAndCommentsDoNotResynchronize() {
        let document = StringsParser.read(
            """
            "a" "b; c";
            /* "x" = "y"; */ "d" = "e";
            "f" = "g";
            """)
        #expect(document.errors.count == 1)
        #expect(document.table == ["d": "e", "f": "g"])
    }

    @Test func anUnterminatedStringLosesOnlyItsLine() {
        let document = StringsParser.read("\"a\" = \"b\";\n\"c\" = 'd;\n\"e\" = \"f\";\n")
        #expect(document.errors.map(\.kind) == [.unterminatedString])
        #expect(document.table == ["a": "b", "e": "f"])
    }

    @Test func invalidUTF8IsReadAsReplacementCharacterAndTheRestIsKept() {
        let bytes = Array("\"a\" = \"caf".utf8) + [0xE9] + Array("\";\n\"b\" = \"c\";".utf8)
        let document = StringsParser.read(Data(bytes))
        #expect(document.errors.map(\.kind) == [.invalidUTF8])
        #expect(document.table == ["a": "caf\u{FFFD}", "b": "c"])
    }

    @Test func manyErrorsStayLinear() {
        func text(_ lines: Int) -> String { String(repeating: "\"k\" = \"v\"\n", count: lines) }
        let lines = 100_000
        let document = StringsParser.read(text(lines))
        #expect(document.errors.count == lines)
        #expect(document.entries.count == lines)
        let texts = [lines / 4: text(lines / 4), lines: text(lines)]
        expectLinearTime("an error on every line", size: lines) { _ = StringsParser.read(texts[$0]!) }
    }

    @Test func missingClosingQuotesOnEveryLineStayLinear() {
        // Each value's closing quote is escaped, so it runs on into the next line's key.
        func text(_ lines: Int) -> String { String(repeating: "\"k\" = \"v\\\"\n", count: lines) + "/* end */ \"\\" }
        let lines = 100_000
        let document = StringsParser.read(text(lines))
        #expect(document.errors.count >= lines / 2)
        #expect(document.errors.last?.kind == .unterminatedString)
        let texts = [lines / 4: text(lines / 4), lines: text(lines)]
        expectLinearTime("an unterminated value on every line", size: lines) { _ = StringsParser.read(texts[$0]!) }
    }
}
