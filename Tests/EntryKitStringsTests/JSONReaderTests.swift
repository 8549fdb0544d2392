import Foundation
import Testing

@testable import EntryKitStrings

/// The JSON reader String Catalogs are read with: what it accepts is what Foundation's
/// `JSONSerialization` accepts, with the same values, and where it stops it says the line and
/// column.
@Suite struct JSONReaderTests {
    func read(_ text: String) throws(JSONReader.SyntaxError) -> JSONNode {
        try JSONReader.read(Data(text.utf8))
    }

    /// The error of `text` as `LINE:COL: message`.
    func failure(_ text: String) -> String? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return "\(LineIndex(Data(text.utf8)).position(of: error.offset)): \(error.message)"
        }
    }

    @Test func readsEveryKindAndKeepsMemberOrderAndOffsets() throws {
        let root = try read(#"{"b": [1, -2.5e3, true, false, null], "a": "x\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"}"#)
        let members = try #require(root.members)
        #expect(members.map(\.key) == ["b", "a"])
        #expect(members[0].keyOffset == 1)
        #expect(
            members[0].value.kind
                == .array([
                    JSONNode(kind: .number("1"), offset: 7), JSONNode(kind: .number("-2.5e3"), offset: 10),
                    JSONNode(kind: .boolean(true), offset: 18), JSONNode(kind: .boolean(false), offset: 24),
                    JSONNode(kind: .null, offset: 31),
                ]))
        #expect(members[1].value.string == "x\"\\/\u{08}\u{0C}\n\r\té😀")
    }

    @Test func keepsDuplicateMembersForTheCatalogReaderToChoose() throws {
        let members = try #require(try read(#"{"k": 1, "k": 2}"#).members)
        #expect(members.map(\.key) == ["k", "k"])
    }

    @Test func aByteOrderMarkAndWhitespaceAroundTheValueAreFine() throws {
        #expect(try JSONReader.read(Data([0xEF, 0xBB, 0xBF] + Array(" \n\t{}\r\n".utf8))).members == [])
    }

    @Test func errorsSayLineAndColumnAndWhatWasExpected() {
        #expect(failure("") == "1:1: the file is empty: a JSON value is expected")
        #expect(failure("{\n  \"a\" : 1\n  \"b\" : 2\n}") == "3:3: expected ',' or '}' after the value of \"a\", found '\"'")
        #expect(failure("{\"a\" 1}") == "1:6: expected ':' after the key \"a\", found '1'")
        #expect(failure("{\"é\": \"日本\" x}") == "1:12: expected ',' or '}' after the value of \"é\", found 'x'")
        #expect(failure("{\"a\": \"b") == "1:7: the string has no closing '\"'")
        #expect(failure("{\"a\": \"line\nbreak\"}") == "1:12: a line break in a string must be escaped (\\n)")
        #expect(failure("[\"\\x\"]") == "1:3: \\x is not a JSON escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
        #expect(failure("[\"\\ud83d\"]") == "1:3: \\uD83D is half of a surrogate pair without its other half")
        #expect(failure("[\"\\ude00\"]") == "1:3: \\uDE00 is half of a surrogate pair without its other half")
        #expect(failure("[\"\\u12\"]") == "1:3: \\u needs four hexadecimal digits")
        #expect(failure("// comment\n{}") == "1:1: JSON has no comments")
        #expect(failure("{'a': 1}") == "1:2: expected a quoted key, found '''")
        #expect(failure("[01]") == "1:3: a number does not start with 0 followed by a digit")
        #expect(failure("[1.]") == "1:4: expected a digit after '.', found ']'")
        #expect(failure("[tru]") == "1:2: expected a value, found 't'")
        #expect(failure("{} {}") == "1:4: expected the end of the file after the JSON value, found '{'")
        #expect(failure("{\"a\": 1") == "1:8: the object has no closing '}'")
        #expect(failure("[1, -2e400]") == "1:5: the number -2e400 is too large for any reader")
    }

    /// Foundation reads a comma before `}` or `]`, so a hand-edited catalog Xcode opens is read
    /// here too, with a warning.
    @Test func aTrailingCommaIsReadWithAWarning() throws {
        let data = Data("{\n  \"a\" : [1, 2,],\n}".utf8)
        let (value, warnings) = try JSONReader.readWithWarnings(data)
        #expect(
            value.members?.first?.value.kind
                == .array([JSONNode(kind: .number("1"), offset: 11), JSONNode(kind: .number("2"), offset: 14)]))
        let lines = LineIndex(data)
        #expect(
            warnings.map { "\(lines.position(of: $0.offset)): \($0.message)" } == [
                "2:15: a comma before ']' is not JSON (Foundation reads it, other readers do not): remove it",
                "3:1: a comma before '}' is not JSON (Foundation reads it, other readers do not): remove it",
            ])
        #expect(failure("[,]") == "1:2: expected a value, found ','")
        #expect(failure("{,}") == "1:2: expected a quoted key, found ','")
    }

    @Test func invalidUTF8IsAnErrorAtItsByte() {
        let data = Data(Array("{\"a\": \"é".utf8) + [0xFF] + Array("\"}".utf8))
        #expect(throws: JSONReader.SyntaxError(offset: 9, message: "invalid UTF-8 in a string")) { try JSONReader.read(data) }
        #expect(LineIndex(data).position(of: 9) == SourcePosition(line: 1, column: 9))
    }

    @Test func nestingDeeperThanTheLimitIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(failure(deep) == "1:513: arrays and objects nested more than 512 deep")
        let allowed = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(failure(allowed) == nil)
    }

    /// Foundation agrees on what is JSON, and on the values, for inputs each rule touches: the
    /// fuzz target's check (`catalog-fuzz`, which compares with `JSONSerialization`) passes on each.
    @Test func acceptsAndRejectsWhatJSONSerializationDoes() throws {
        let inputs = [
            "{}", "[]", "\"s\"", "1", "-0", "1e5", "1E+5", "0.5", "true", "null", " [ 1 , { \"a\" : [ ] } ] ",
            "{\"a\":1,}", "[1,]", "[01]", "[1.]", "[.5]", "[+1]", "[-]", "[1e]", "{\"a\" 1}", "{a:1}", "[\"\\u00zz\"]",
            "[\"tab\there\"]", "[\"\\/\"]", "[NaN]", "[Infinity]", "[\"\\ud83d\\ude00\"]", "{\"k\":1,\"k\":2}", "[1 2]", "",
            "[,]", "{,}", "[1,,]", "[\"\\ud83d\"]", "123456789012345678901234567890", "[1e400]", "[-1e-400]",
        ]
        let files = try TemporaryDirectory()
        let paths = try inputs.enumerated().map { try files.write("input-\($0.offset).json", $0.element) }
        let run = try CatalogFuzzReplayTests.replay(paths)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == "ran \(inputs.count) inputs\n")
    }
}
