import Foundation
import Testing

@testable import EntryKitStrings

// MARK: - Helpers

private func parse(_ text: String) throws(StringsSyntaxError) -> StringsDocument {
    try StringsParser.parse(Data(text.utf8))
}

private func parseBytes(_ bytes: [UInt8]) throws(StringsSyntaxError) -> StringsDocument {
    try StringsParser.parse(Data(bytes))
}

/// The error parsing `data` throws, or nil when it parses.
private func syntaxError(_ data: Data) -> StringsSyntaxError? {
    do {
        _ = try StringsParser.parse(data)
        return nil
    } catch {
        return error
    }
}

/// Expects `data` to fail with `kind` at `line`:`column`; when `message` is
/// given the message must equal it.
private func expectError(
    _ data: Data,
    _ kind: StringsSyntaxError.Kind,
    line: Int,
    column: Int,
    message: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let error = syntaxError(data) else {
        Issue.record("expected a \(kind) error at \(line):\(column), but the input parsed", sourceLocation: sourceLocation)
        return
    }
    #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
    #expect(error.position == SourcePosition(line: line, column: column), "\(error)", sourceLocation: sourceLocation)
    if let message {
        #expect(error.message == message, sourceLocation: sourceLocation)
    }
}

private func expectError(
    _ text: String,
    _ kind: StringsSyntaxError.Kind,
    line: Int,
    column: Int,
    message: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectError(Data(text.utf8), kind, line: line, column: column, message: message, sourceLocation: sourceLocation)
}

private func utf16(_ text: String, bigEndian: Bool, byteOrderMark: Bool = true) -> [UInt8] {
    var bytes: [UInt8] = []
    if byteOrderMark { bytes += bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE] }
    for unit in text.utf16 {
        let high = UInt8(unit >> 8)
        let low = UInt8(unit & 0xFF)
        bytes += bigEndian ? [high, low] : [low, high]
    }
    return bytes
}

private func at(_ line: Int, _ column: Int) -> SourcePosition {
    SourcePosition(line: line, column: column)
}

// MARK: - Structure

@Suite struct StringsParserStructureTests {
    @Test func parsesQuotedPairsInOrderWithPositions() throws {
        let document = try parse(
            """
            "greeting" = "Hello, %@!";
              "farewell"="Goodbye";
            """)
        #expect(document.table == ["greeting": "Hello, %@!", "farewell": "Goodbye"])
        #expect(document.orderedKeys == ["greeting", "farewell"])
        #expect(
            document.entries == [
                StringsEntry(key: "greeting", value: "Hello, %@!", position: at(1, 1)),
                StringsEntry(key: "farewell", value: "Goodbye", position: at(2, 3)),
            ])
        #expect(document.duplicates.isEmpty)
    }

    @Test(arguments: ["", " ", "\n\n", " \t\r\n\u{0B}\u{0C}\u{2028}\u{2029}", "/* only a comment */", "// only a comment", "//", "/**/"])
    func emptyInputsGiveEmptyTable(_ text: String) throws {
        let document = try parse(text)
        #expect(document.entries.isEmpty)
        #expect(document.table.isEmpty)
        #expect(document.orderedKeys.isEmpty)
    }

    @Test func emptyDataIsAnEmptyTable() throws {
        #expect(try StringsParser.parse(Data()).table.isEmpty)
    }

    @Test func commentsMayStandWhereverWhitespaceMay() throws {
        let document = try parse(
            """
            // leading line comment
            /* block
               comment */"a"/* x */=/* y */"b"/* z */;// trailing
            "c" // after key
            = // after equals
            "d" // after value
            ;/**//***/"e"="f";/* at the end */
            """)
        #expect(document.table == ["a": "b", "c": "d", "e": "f"])
        #expect(document.orderedKeys == ["a", "c", "e"])
        #expect(document.entries.map(\.position) == [at(3, 14), at(4, 1), at(7, 11)])
    }

    @Test func blockCommentsDoNotNest() throws {
        let document = try parse(#"/* outer /* inner */ "a" = "b";"#)
        #expect(document.table == ["a": "b"])
    }

    @Test func lineCommentEndsAtAnyLineBreak() throws {
        for breakText in ["\n", "\r\n", "\r", "\u{2028}", "\u{2029}"] {
            let document = try parse(#"// comment"# + breakText + #""a" = "b";"#)
            #expect(document.table == ["a": "b"], "break \(breakText.debugDescription)")
        }
    }

    @Test func commentMarkersInsideQuotedStringsAreText() throws {
        let document = try parse(#""/* not a comment */" = "// nor this";"#)
        #expect(document.table == ["/* not a comment */": "// nor this"])
    }

    @Test func unquotedKeysAndValuesUseApplesCharacterSet() throws {
        let document = try parse(
            """
            key_1 = value.one;
            $dollar = plus$;
            path/to:thing = a-b;
            ABCXYZabcxyz0123456789_$/:.- = 42;
            """)
        #expect(
            document.table == [
                "key_1": "value.one",
                "$dollar": "plus$",
                "path/to:thing": "a-b",
                "ABCXYZabcxyz0123456789_$/:.-": "42",
            ])
    }

    @Test func plusIsNotAllowedInUnquotedStrings() {
        expectError(
            "a+b = c;", .invalidUnquotedCharacter, line: 1, column: 2,
            message: "character '+' is not allowed in an unquoted string; put the string in double quotes")
        expectError("a = +1;", .expectedValue, line: 1, column: 5)
    }

    @Test func unquotedStringTakesInDoubleSlashAsApplesParserDoes() throws {
        let document = try parse("url = http://example.com/path;\nnext = a // a real comment\n;")
        #expect(document.table == ["url": "http://example.com/path", "next": "a"])
    }

    @Test func slashThatStartsNoCommentStartsAnUnquotedString() throws {
        let document = try parse("/usr/bin = /tmp;")
        #expect(document.table == ["/usr/bin": "/tmp"])
    }

    @Test func mixesQuotedAndUnquoted() throws {
        let document = try parse(#"key = "quoted value"; "quoted key" = value;"#)
        #expect(document.table == ["key": "quoted value", "quoted key": "value"])
    }

    @Test func singleQuotedStringsAsApplesParserAccepts() throws {
        let document = try parse(#"'single' = 'it\'s "fine"'; "double" = 'x';"#)
        #expect(document.table == ["single": #"it's "fine""#, "double": "x"])
    }

    @Test func quotedStringsMaySpanLinesAndHoldAnyCharacter() throws {
        let document = try parse("\"multi\" = \"line one\nline two\r\n\tthree\";\n\"after\" = \"x\";")
        #expect(document.table["multi"] == "line one\nline two\r\n\tthree")
        #expect(document.entries[1].position == at(4, 1))
    }

    @Test func emptyKeyAndValueAreAllowed() throws {
        let document = try parse(#""" = "";"#)
        #expect(document.table == ["": ""])
    }

    @Test func shorthandKeyMeansKeyEqualsKey() throws {
        let document = try parse(
            """
            "Cancel";
            OK ;
            "a" = "b"; "c" /* comment */ ;
            """)
        #expect(document.table == ["Cancel": "Cancel", "OK": "OK", "a": "b", "c": "c"])
        #expect(document.orderedKeys == ["Cancel", "OK", "a", "c"])
        #expect(document.entries.map(\.position) == [at(1, 1), at(2, 1), at(3, 1), at(3, 12)])
    }

    @Test func lastDuplicateWinsAndDuplicatesAreReported() throws {
        let document = try parse(
            """
            "k" = "first";
            "other" = "x";
            "k" = "second";
              "k" = "third";
            """)
        #expect(document.table == ["k": "third", "other": "x"])
        #expect(document.orderedKeys == ["k", "other"])
        #expect(document.entries.count == 4)
        #expect(
            document.duplicates == [
                StringsDuplicate(key: "k", first: at(1, 1), duplicate: at(3, 1)),
                StringsDuplicate(key: "k", first: at(1, 1), duplicate: at(4, 3)),
            ])
    }

    @Test func escapedAndLiteralSpellingsOfOneKeyAreTheSameKey() throws {
        let document = try parse(#""\U00e9" = "1"; "é" = "2";"#)
        #expect(document.table == ["é": "2"])
        #expect(document.duplicates.count == 1)
    }

    @Test func stringOverloadMatchesDataOverload() throws {
        let text = "/* c */ \"日本\" = \"語\\n\";\r\nkey;\r\"x\" = 'y';"
        let fromString = try StringsParser.parse(text)
        let fromData = try StringsParser.parse(Data(text.utf8))
        #expect(fromString.entries == fromData.entries)
        #expect(fromString.entries.count == 3)
    }

    @Test func extraSemicolonAtTheEndIsAWarningBecauseApplesParserStopsThere() throws {
        let document = try parse(#""a" = "b";;"#)
        #expect(document.table == ["a": "b"])
        #expect(document.warnings.map(\.kind) == [.ignoredText])
        #expect(document.warnings.first?.position == at(1, 11))
    }
}

// MARK: - Escapes

@Suite struct StringsParserEscapeTests {
    @Test(arguments: [
        (#"\n"#, "\n"), (#"\t"#, "\t"), (#"\r"#, "\r"), (#"\""#, "\""), (#"\\"#, "\\"), (#"\'"#, "'"),
        (#"\a"#, "\u{07}"), (#"\b"#, "\u{08}"), (#"\f"#, "\u{0C}"), (#"\v"#, "\u{0B}"),
    ])
    func simpleEscapes(_ escape: String, _ expected: String) throws {
        let document = try parse("\"k\" = \"<\(escape)>\";")
        #expect(document.table["k"] == "<\(expected)>")
    }

    @Test func backslashBeforeLineBreakKeepsTheLineBreak() throws {
        let document = try parse("\"a\" = \"one\\\ntwo\"; \"b\" = \"x\\\r\ny\";\n\"c\" = \"z\";")
        #expect(document.table["a"] == "one\ntwo")
        #expect(document.table["b"] == "x\r\ny")
        #expect(document.entries[2].position == at(4, 1))
    }

    @Test func upperCaseUIsAnEscapeAndLowerCaseUIsTheLetterU() throws {
        let document = try parse(#""k" = "\U00e9\u00E9\U0041\U0000end";"#)
        #expect(document.table["k"] == "éu00E9\u{41}\u{0}end")
        #expect(document.warnings.map(\.kind) == [.lowercaseUnicodeEscape])
        #expect(document.warnings.first?.position == at(1, 14))
        #expect(
            document.warnings.first?.message
                == #"\u00E9: Apple reads this as the letter u followed by 00E9, not as a character; write \U00E9"#)
    }

    @Test func surrogatePairEscapesCombineIntoOneScalar() throws {
        let document = try parse(#""\UD83D\UDE00" = "\UD83D\UDE00 \UD83D\UDE80 \U0001";"#)
        let value = try #require(document.table["😀"])
        #expect(value == "😀 🚀 \u{1}")
        #expect(value.unicodeScalars.first?.value == 0x1F600)
        #expect(document.warnings.isEmpty)
    }

    @Test func octalEscapesAreASCIIBelow200() throws {
        let document = try parse(#""k" = "\101\102\0\12x\0123\18\177";"#)
        // \0123 is \012 then "3": three digits at most; \18 is \1 then "8".
        #expect(document.table["k"] == "AB\u{0}\nx\n3\u{1}8\u{7F}")
    }

    @Test func octalEscapesAbove177AreNeXTSTEP() throws {
        let document = try parse(#""k" = "\200\241\341\350\351\375\316\320";"#)
        #expect(document.table["k"] == "\u{A0}\u{A1}\u{C6}\u{141}\u{D8}\u{FF}\u{2DB}\u{2014}")
    }

    @Test func unknownEscapesDropTheBackslashAndWarn() throws {
        let document = try parse(#""k" = "ab\qc"; "é" = "\é"; "x" = "\x41"; "8" = "\8";"#)
        #expect(document.table == ["k": "abqc", "é": "é", "x": "x41", "8": "8"])
        #expect(document.warnings.map(\.kind) == [.unknownEscape, .unknownEscape, .unknownEscape, .unknownEscape])
        #expect(document.warnings.first?.position == at(1, 10))
        #expect(
            document.warnings.first?.message
                == #"unknown escape: the backslash before 'q' is dropped, so it reads 'q'; remove the backslash, or write \\ for a backslash"#
        )
    }

    @Test func swiftInterpolationEscapeReadsAsParenthesesWithAHint() throws {
        let document = try parse(#""Hello, %@" = "Hallo, \(name)!";"#)
        #expect(document.table == ["Hello, %@": "Hallo, (name)!"])
        let warning = try #require(document.warnings.first)
        #expect(warning.kind == .unknownEscape)
        #expect(warning.position == at(1, 23))
        #expect(warning.message.contains("genstrings"))
        #expect(warning.message.contains("%@"))
    }

    @Test func quoteBackslashAndLineBreakEscapesDoNotWarn() throws {
        let document = try parse("\"k\" = \"\\\\ \\' \\\" \\\n \\\r\n\";")
        #expect(document.table["k"] == "\\ ' \" \n \r\n")
        #expect(document.warnings.isEmpty)
    }

    @Test func upperCaseUReadsUpToFourHexDigits() throws {
        let document = try parse(#""a" = "\UABCG"; "b" = "\U12G4"; "c" = "\U";"#)
        #expect(document.table == ["a": "\u{ABC}G", "b": "\u{12}G4", "c": "\u{0}"])
        #expect(document.warnings.map(\.kind) == [.shortUnicodeEscape, .shortUnicodeEscape, .shortUnicodeEscape])
        #expect(document.warnings.first?.position == at(1, 8))
        #expect(
            document.warnings.first?.message
                == #"\U takes four hexadecimal digits; this one has 3, so Apple reads U+0ABC followed by 'G'; write \U0ABC"#)
    }

    @Test func loneSurrogatesShowAsReplacementCharacterWithAWarning() throws {
        let document = try parse(#""a" = "ab\UD83D"; "b" = "\UD83D x"; "c" = "x\UDE00"; "d" = "\UD83D\UD83D";"#)
        #expect(document.table == ["a": "ab\u{FFFD}", "b": "\u{FFFD} x", "c": "x\u{FFFD}", "d": "\u{FFFD}\u{FFFD}"])
        #expect(document.warnings.map(\.kind) == Array(repeating: .unpairedSurrogate, count: 4))
        #expect(document.warnings.first?.position == at(1, 7))
    }

    @Test func octalEscapesKeepEightBitsAndUnmappedCodesReadAsNUL() throws {
        let document = try parse(#""a" = "ok\400"; "b" = "\777"; "c" = "\376"; "d" = "\377"; "e" = "\501";"#)
        #expect(document.table == ["a": "ok\u{0}", "b": "\u{0}", "c": "\u{0}", "d": "\u{0}", "e": "A"])
        #expect(document.warnings.map(\.kind) == Array(repeating: .octalEscape, count: 5))
        #expect(document.warnings.first?.position == at(1, 10))
        #expect(document.warnings.first?.message.hasPrefix(#"octal escape \400 is above \377: Apple keeps its low eight bits"#) == true)
    }

    @Test func escapesInKeys() throws {
        let document = try parse(#""a\"b\n" = "v";"#)
        #expect(document.table == ["a\"b\n": "v"])
    }
}

// MARK: - Errors

@Suite struct StringsParserErrorTests {
    @Test func expectedKey() {
        expectError(#"= "b";"#, .expectedKey, line: 1, column: 1, message: "expected a key")
        expectError("\u{FEFF}\u{FEFF}\"a\" = \"b\";", .expectedKey, line: 1, column: 1)
        expectError("{ \"a\" = \"b\"; ; }", .expectedKey, line: 1, column: 14)
    }

    @Test func textWhereAKeyShouldStartIsAnErrorWhenAppleWouldDropEntriesAfterIt() throws {
        expectError(
            "\"a\" = \"b\";\n  { \"c\" = \"d\"; }", .appleStopsReading, line: 2, column: 3,
            message: "expected a key, found '{'; Apple's parser stops reading here and silently drops the 1 entry after it")
        let document = StringsParser.read("\"a\" = \"b\"; ;= \"c\" = \"d\";\n\"e\" = \"f\";")
        #expect(document.table == ["a": "b", "c": "d", "e": "f"])
        #expect(document.errors.map(\.kind) == [.appleStopsReading])
        #expect(document.errors.first?.message.contains("drops the 2 entries") == true)
    }

    @Test func expectedEqualsOrSemicolonPointsAtTheOffendingToken() {
        expectError(#""a" "b";"#, .expectedEqualsOrSemicolon, line: 1, column: 5, message: "expected '=' or ';' after key")
        expectError("\"a\"\n\n   : \"b\";", .expectedEqualsOrSemicolon, line: 3, column: 4)
        expectError(#""a" , "b";"#, .expectedEqualsOrSemicolon, line: 1, column: 5)
        expectError("key value;", .expectedEqualsOrSemicolon, line: 1, column: 5)
    }

    @Test func expectedEqualsOrSemicolonAtEndOfFilePointsJustPastTheKey() {
        expectError(#""a" = "b"; "c""#, .expectedEqualsOrSemicolon, line: 1, column: 15)
        expectError("\"a\" = \"b\";\nkey   // comment\n\n", .expectedEqualsOrSemicolon, line: 2, column: 4)
    }

    @Test func expectedValue() {
        expectError(#""a" = ;"#, .expectedValue, line: 1, column: 7, message: "expected a value after '='")
        expectError("\"a\" =\n  = \"b\";", .expectedValue, line: 2, column: 3)
        expectError(#""a" = );"#, .expectedValue, line: 1, column: 7)
    }

    @Test func expectedValueAtEndOfFilePointsJustPastEquals() {
        expectError("\"a\" =", .expectedValue, line: 1, column: 6)
        expectError("\"a\" = /* no value */\n", .expectedValue, line: 1, column: 6)
    }

    @Test func expectedSemicolonPointsAtTheNextToken() {
        expectError("\"a\" = \"b\"\n\"c\" = \"d\";", .expectedSemicolon, line: 2, column: 1, message: "expected ';' after value")
        expectError(#""a" = "b" = "c";"#, .expectedSemicolon, line: 1, column: 11)
        expectError(#""a" = "b", "c" = "d";"#, .expectedSemicolon, line: 1, column: 10)
        expectError(#""a" = b "c";"#, .expectedSemicolon, line: 1, column: 9)
    }

    @Test func expectedSemicolonAtEndOfFilePointsJustPastTheValue() {
        expectError(#""a" = "b""#, .expectedSemicolon, line: 1, column: 10)
        expectError("\"a\" = \"b\" // no semicolon\n\n", .expectedSemicolon, line: 1, column: 10)
        expectError("\"a\" = value\t/* x */", .expectedSemicolon, line: 1, column: 12)
        expectError("\"a\" = \"two\nlines\"", .expectedSemicolon, line: 2, column: 7)
    }

    @Test func characterNotAllowedRightAfterAnUnquotedString() {
        expectError(
            #"key-é = "x";"#, .invalidUnquotedCharacter, line: 1, column: 5,
            message: "character 'é' (U+00E9) is not allowed in an unquoted string; put the string in double quotes")
        expectError(
            "a = b,;", .invalidUnquotedCharacter, line: 1, column: 6,
            message: "character ',' is not allowed in an unquoted string; put the string in double quotes")
        expectError(
            "a = b\u{0}x;", .invalidUnquotedCharacter, line: 1, column: 6,
            message: "character U+0000 is not allowed in an unquoted string; put the string in double quotes")
        expectError("a# = b;", .invalidUnquotedCharacter, line: 1, column: 2)
    }

    @Test func unterminatedStringPointsAtItsOpeningQuote() {
        expectError(
            "\"a\" = \"b\";\n\"c\" = \"never closed;\n", .unterminatedString, line: 2, column: 7,
            message: "unterminated string: no closing '\"' before the end of the file")
        expectError(#""open"#, .unterminatedString, line: 1, column: 1)
        expectError(#""a" = "ends in backslash\"#, .unterminatedString, line: 1, column: 7)
        expectError(#""a" = "\"#, .unterminatedString, line: 1, column: 7)
        expectError(
            #""a" = 'single"#, .unterminatedString, line: 1, column: 7,
            message: "unterminated string: no closing \"'\" before the end of the file")
        expectError(#""a" = "\U12"#, .unterminatedString, line: 1, column: 7)
        expectError(#""a" = "\UD83D\UDE"#, .unterminatedString, line: 1, column: 7)
        expectError(#""a" = "\12"#, .unterminatedString, line: 1, column: 7)
    }

    @Test func unterminatedCommentAtTheEndRunsToTheEndWithAWarning() throws {
        let open = try parse("/* open\n\"a\" = \"b\";\n")
        #expect(open.table.isEmpty)
        #expect(open.warnings.map(\.kind) == [.unterminatedComment])
        #expect(open.warnings.first?.position == at(1, 1))
        let after = try parse("\"a\" = \"b\"; /* x *")
        #expect(after.table == ["a": "b"])
        #expect(after.warnings.first?.position == at(1, 12))
        expectError("\"a\" = /*", .expectedValue, line: 1, column: 6)
        expectError("\"a\" /*/", .expectedEqualsOrSemicolon, line: 1, column: 4)
    }

    @Test func errorDescriptionIsPositionThenMessage() throws {
        let error = try #require(syntaxError(Data(#""a" "b";"#.utf8)))
        #expect(error.description == "1:5: expected '=' or ';' after key")
        #expect(error.message == "expected '=' or ';' after key")
        #expect(error.position.line == 1)
        #expect(error.position.column == 5)
    }

    @Test func errorsMadeOutsideTheParserHaveKindOther() {
        let error = StringsSyntaxError("custom", at: SourcePosition(line: 2, column: 3))
        #expect(error.kind == .other)
        #expect(error.description == "2:3: custom")
    }

    @Test func noErrorOrWarningMessageSpansLines() {
        let inputs = ["\"k\" = \"\\\n", "\"k\" = \"\\\u{2028}\";", "a\u{2028}b", "\"k\" = \"\\\u{7}\";", "\"k\" = \"\\\n\";"]
        for input in inputs {
            let document = StringsParser.read(input)
            for message in document.errors.map(\.message) + document.warnings.map(\.message) {
                #expect(!message.contains { $0.isNewline }, "\(message.debugDescription)")
            }
        }
        #expect(
            StringsParser.read("\"k\" = \"\\\u{7}\";").warnings.first?.message
                == "unknown escape: the backslash before U+0007 is dropped, so it reads U+0007; remove the backslash, or write \\\\ for a backslash"
        )
    }
}

// MARK: - Lines and columns

@Suite struct StringsParserPositionTests {
    @Test(arguments: ["\n", "\r\n", "\r"])
    func eachLineBreakStyleCountsAsOneLine(_ lineBreak: String) throws {
        let text =
            ["\"a\" = \"1\";", "", "  \"b\" = \"2\";", "/* comment", "   */ \"c\" = \"3\";", "\"d\" = \"x"].joined(separator: lineBreak)
            + "\";" + lineBreak + "\"e\" \"f\""
        let error = try #require(syntaxError(Data(text.utf8)))
        #expect(error.position == at(7, 5))
        let document = try parse(text.replacingOccurrences(of: "\"e\" \"f\"", with: ""))
        #expect(document.entries.map(\.position) == [at(1, 1), at(3, 3), at(5, 7), at(6, 1)])
    }

    @Test func mixedLineBreaks() throws {
        let document = try parse("\"a\"=\"1\";\r\n\"b\"=\"2\";\r\r\n\"c\"=\"3\";\n\r\"d\"=\"4\";\u{0B}\u{0C}\"e\"=\"5\";")
        // \r\r\n is two line breaks (a lone \r, then \r\n); \n\r is two as well;
        // vertical tab and form feed are whitespace, not line breaks.
        #expect(document.entries.map(\.position) == [at(1, 1), at(2, 1), at(4, 1), at(6, 1), at(6, 11)])
    }

    @Test func unicodeLineSeparatorsAreWhitespaceButNotLineBreaks() throws {
        let document = try parse("\"a\"=\"1\";\u{2028}\"b\"=\"2\";\u{2029}\"c\"=\"3\";")
        #expect(document.entries.map(\.position) == [at(1, 1), at(1, 10), at(1, 19)])
    }

    @Test func columnsCountUnicodeScalarsAndTabsAsOne() {
        expectError("\"日本語\" \"x\";", .expectedEqualsOrSemicolon, line: 1, column: 7)
        expectError("\"🌍\" \"x\";", .expectedEqualsOrSemicolon, line: 1, column: 5)
        // e + COMBINING ACUTE ACCENT is one character but two scalars.
        expectError("\"e\u{301}\" \"x\";", .expectedEqualsOrSemicolon, line: 1, column: 6)
        expectError("\t\t\"a\"\t\"x\";", .expectedEqualsOrSemicolon, line: 1, column: 7)
    }

    @Test func positionsAfterMultiLineStringsAndComments() {
        expectError("\"a\" = \"one\ntwo\nthree\"; /* x\ny\n*/ \"b\" \"c\";", .expectedEqualsOrSemicolon, line: 5, column: 8)
    }

    @Test func positionsAfterAByteOrderMark() throws {
        let document = try StringsParser.parse(Data([0xEF, 0xBB, 0xBF] + Array("\"a\" = \"b\";".utf8)))
        #expect(document.entries.first?.position == at(1, 1))
        expectError(Data([0xEF, 0xBB, 0xBF] + Array("  x".utf8)), .expectedEqualsOrSemicolon, line: 1, column: 4)
    }
}

// MARK: - Encodings

@Suite struct StringsParserEncodingTests {
    let sample = "/* ✓ */\n\"key\" = \"値 🎉\";\n\"k2\" = \"v2\";\n"

    @Test func utf8WithoutByteOrderMark() throws {
        let document = try parseBytes(Array(sample.utf8))
        #expect(document.table == ["key": "値 🎉", "k2": "v2"])
    }

    @Test func utf8WithByteOrderMark() throws {
        let document = try parseBytes([0xEF, 0xBB, 0xBF] + Array(sample.utf8))
        #expect(document.table == ["key": "値 🎉", "k2": "v2"])
        #expect(document.orderedKeys == ["key", "k2"])
    }

    @Test(arguments: [false, true])
    func utf16WithByteOrderMark(bigEndian: Bool) throws {
        let bytes = utf16(sample, bigEndian: bigEndian)
        #expect(bytes.count == 2 + 2 * sample.utf16.count)
        let document = try parseBytes(bytes)
        #expect(document.table == ["key": "値 🎉", "k2": "v2"])
        #expect(document.entries.map(\.position) == [at(2, 1), at(3, 1)])
        #expect(document.table["key"]?.unicodeScalars.last?.value == 0x1F389)
    }

    @Test(arguments: [false, true])
    func utf16WithoutByteOrderMarkStartingWithASCII(bigEndian: Bool) throws {
        let document = try parseBytes(utf16("\"a\" = \"ü\";", bigEndian: bigEndian, byteOrderMark: false))
        #expect(document.table == ["a": "ü"])
    }

    @Test(arguments: [false, true])
    func utf16OddByteCountIgnoresTheLastByte(bigEndian: Bool) throws {
        let bytes = utf16("\"a\" = \"b\";\n\"c\";", bigEndian: bigEndian) + [0x41]
        let document = try parseBytes(bytes)
        #expect(document.table == ["a": "b", "c": "c"])
        #expect(document.warnings.map(\.kind) == [.oddByteCount])
        #expect(document.warnings.first?.position == at(2, 5))
        #expect(document.warnings.first?.message == "UTF-16 file has an odd number of bytes (33); the last byte is ignored")
    }

    @Test(arguments: [false, true])
    func utf16ByteOrderMarkAndOneByte(bigEndian: Bool) throws {
        let document = try parseBytes((bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) + [0x22])
        #expect(document.table.isEmpty)
        #expect(document.warnings.map(\.kind) == [.oddByteCount])
    }

    @Test(arguments: [false, true])
    func utf16UnpairedSurrogatesShowAsReplacementCharacter(bigEndian: Bool) throws {
        var bytes = utf16("\"a\" = \"b\";\n\"x", bigEndian: bigEndian)
        bytes += bigEndian ? [0xD8, 0x3D] : [0x3D, 0xD8]
        bytes += utf16("\" = \"é", bigEndian: bigEndian, byteOrderMark: false)
        bytes += bigEndian ? [0xDE, 0x00] : [0x00, 0xDE]
        bytes += utf16("\";", bigEndian: bigEndian, byteOrderMark: false)
        let document = try parseBytes(bytes)
        #expect(document.table == ["a": "b", "x\u{FFFD}": "é\u{FFFD}"])
        #expect(document.warnings.map(\.kind) == [.unpairedSurrogate, .unpairedSurrogate])
        #expect(document.warnings.map(\.position) == [at(2, 1), at(2, 8)])
    }

    /// Text of one to four UTF-8 bytes a character, and surrogates paired, doubled and alone,
    /// reads as the standard library decodes the same UTF-16 units.
    @Test(arguments: [false, true])
    func utf16TextOfEveryWidthReadsAsTheStandardLibraryDecodesIt(bigEndian: Bool) throws {
        let units: [UInt16] = [
            0x41, 0x7F, 0x80, 0xE9, 0x7FF, 0x800, 0x20AC, 0xFFFD, 0xFFFF, 0xD83D, 0xDE00, 0xDBFF, 0xDFFF,
            0xD800, 0xD800, 0x42, 0xDC00, 0xDC01, 0xD801, 0x43, 0xDBFF,
        ]
        var bytes = utf16("\"k\" = \"", bigEndian: bigEndian)
        for unit in units {
            let high = UInt8(unit >> 8)
            let low = UInt8(unit & 0xFF)
            bytes += bigEndian ? [high, low] : [low, high]
        }
        bytes += utf16("\";", bigEndian: bigEndian, byteOrderMark: false)
        let document = try parseBytes(bytes)
        #expect(document.table == ["k": String(decoding: units, as: UTF16.self)])
    }

    @Test func utf16HighSurrogateAtEndOfFile() {
        expectError(Data(utf16("\"", bigEndian: false) + [0x3D, 0xD8]), .unterminatedString, line: 1, column: 1)
    }

    @Test func invalidUTF8NamesTheBytesLineAndColumnAndReadsAsReplacementCharacter() throws {
        let bad = Data(Array("\"a\" = \"ok\";\n\"b\" = \"é".utf8) + [0xFF] + Array("\";".utf8))
        expectError(bad, .invalidUTF8, line: 2, column: 9, message: "invalid UTF-8 sequence 0xFF; read as U+FFFD")
        #expect(StringsParser.read(bad).table == ["a": "ok", "b": "é\u{FFFD}"])
        expectError(Data([0x80]), .invalidUTF8, line: 1, column: 1, message: "invalid UTF-8 sequence 0x80; read as U+FFFD")
        expectError(
            Data(Array("\r\n\r".utf8) + [0xF5, 0x80, 0x80, 0x80]), .invalidUTF8, line: 3, column: 1,
            message: "invalid UTF-8 sequence 0xF5 0x80 0x80 0x80; read as U+FFFD")
    }

    @Test(
        arguments: [
            ([0xC0, 0xAF], "invalid UTF-8 sequence 0xC0 0xAF; read as U+FFFD"),  // overlong '/'
            ([0xE0, 0x80, 0xAF], "invalid UTF-8 sequence 0xE0 0x80 0xAF; read as U+FFFD"),  // overlong
            ([0xED, 0xA0, 0x80], "invalid UTF-8 sequence 0xED 0xA0 0x80; read as U+FFFD"),  // encoded surrogate
            ([0xF4, 0x90, 0x80, 0x80], "invalid UTF-8 sequence 0xF4 0x90 0x80 0x80; read as U+FFFD"),  // above U+10FFFF
            ([0xE2, 0x41], "invalid UTF-8 sequence 0xE2; read as U+FFFD"),
            ([0xF0, 0x9F, 0x98, 0x41], "invalid UTF-8 sequence 0xF0 0x9F 0x98; read as U+FFFD"),
        ] as [([UInt8], String)])
    func invalidUTF8Sequences(_ bad: [UInt8], _ message: String) {
        expectError(Data(Array("\"k\" = \"".utf8) + bad + Array("\";".utf8)), .invalidUTF8, line: 1, column: 8, message: message)
    }

    @Test func truncatedUTF8AtEndOfFile() {
        let errors = StringsParser.read(Data(Array("\"k\" = \"".utf8) + [0xE2, 0x82])).errors
        #expect(errors.map(\.kind) == [.unterminatedString, .invalidUTF8])
        #expect(errors.last?.position == at(1, 8))
        #expect(errors.last?.message == "incomplete UTF-8 sequence 0xE2 0x82 at end of file")
    }

    @Test func fourByteUTF8AndNoncharactersDecode() throws {
        let document = try parse("\"k\" = \"\u{10FFFF}\u{FFFF}\u{1F600}\";")
        #expect(document.table["k"]?.unicodeScalars.map(\.value) == [0x10FFFF, 0xFFFF, 0x1F600])
    }

    @Test func agreesWithFoundationOnEveryTwoByteSequence() {
        // Every 2-byte tail after a valid prefix: valid exactly when Swift's
        // own UTF-8 decoding accepts it.
        for first in UInt8(0x80)...0xFF {
            for second in [UInt8(0x00), 0x41, 0x7F, 0x80, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF] {
                let bytes = Array("\"".utf8) + [first, second] + Array("\";".utf8)
                let valid = String(validating: bytes, as: UTF8.self) != nil
                let error = syntaxError(Data(bytes))
                if valid {
                    #expect(error?.kind != .invalidUTF8, "\(bytes)")
                } else {
                    #expect(error?.kind == .invalidUTF8, "\(bytes)")
                }
            }
        }
    }
}

// MARK: - Size and speed

@Suite struct StringsParserScaleTests {
    /// About 1 MB of typical content.
    static let megabyte: Data = {
        var text = ""
        var index = 0
        while text.utf8.count < 1_000_000 {
            text += "/* Comment for item \(index): shown in the settings window */\n"
            text += "\"item.\(index).title\" = \"Value \(index) with \\\"quotes\\\", \\U00E9 — 日本語 🌍\\n\";\n"
            if index % 7 == 0 { text += "unquoted_\(index) = http://example.com/\(index);\n" }
            index += 1
        }
        return Data(text.utf8)
    }()

    @Test func parsesAMegabyte() throws {
        let parsed = try StringsParser.parse(Self.megabyte)
        #expect(parsed.entries.count > 6000)
        #expect(parsed.table["item.0.title"] == "Value 0 with \"quotes\", é — 日本語 🌍\n")
    }

    /// An input of one of the shapes that would be slow for a parser that backtracks or rescans.
    private static func adversarial(_ name: String, size: Int) -> String {
        switch name {
        case "unterminatedComment": "/*" + String(repeating: "*", count: size)
        case "unterminatedString": "\"" + String(repeating: "\\\"", count: size / 2)
        case "manyShorthands": String(repeating: "a;", count: size / 2)
        case "slashes": "k = a" + String(repeating: "/", count: size) + ";"
        case "surrogates": "\"k\" = \"" + String(repeating: "\\UD83D\\UDE00", count: size / 12) + "\\UD83D\";"
        case "lineBreaks": String(repeating: "\r\n\r\n\r", count: size / 5) + "x"
        default: "\"k\" = \"" + String(repeating: "\\n\\t\\101\\U00E9", count: size / 14) + "\";"
        }
    }

    /// Inputs that would be slow for a parser that backtracks or rescans take linear time, and
    /// end as they should.
    @Test(arguments: [
        "unterminatedComment", "unterminatedString", "manyShorthands", "slashes", "surrogates", "lineBreaks", "escapes",
    ])
    func adversarialInputsAreLinear(_ name: String) {
        let inputs = Dictionary(uniqueKeysWithValues: [250_000, 1_000_000].map { ($0, Data(Self.adversarial(name, size: $0).utf8)) })
        expectLinearTime(name, size: 1_000_000) { _ = syntaxError(inputs[$0]!) }

        let size = 1_000_000
        let error = syntaxError(Data(Self.adversarial(name, size: size).utf8))
        switch name {
        case "manyShorthands", "escapes", "slashes", "unterminatedComment", "surrogates":
            #expect(error == nil)
        case "lineBreaks":
            #expect(error?.position == at(3 * (size / 5) + 1, 2))
        default:
            #expect(error != nil)
        }
    }

    @Test func longSingleLineReportsLargeColumn() {
        let text = String(repeating: " ", count: 300_000) + "="
        expectError(text, .expectedKey, line: 1, column: 300_001)
    }
}
