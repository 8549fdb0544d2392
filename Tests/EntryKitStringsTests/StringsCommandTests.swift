import Foundation
import Testing

@testable import EntryKitCommandLine
@testable import EntryKitStrings

/// What one run of the command printed and returned.
private struct Run {
    var status: Int32
    var standardOutput: String
    var standardError: String

    init(_ arguments: [String], standardInput: Data = Data(), localization: Localization = .shared) {
        var output = ""
        var errors = ""
        status =
            StringsCommand.run(
                arguments,
                standardInput: { standardInput },
                standardOutput: { output += $0 },
                standardError: { errors += $0 },
                localization: localization
            ).code
        standardOutput = output
        standardError = errors
    }
}

private struct UnreadableInput: Error, CustomStringConvertible {
    var description: String { "Bad file descriptor" }
}

// MARK: - lint

@Suite struct StringsLintCommandTests {
    @Test func goodFileIsOK() throws {
        let files = try TemporaryDirectory()
        let good = try files.write("good.strings", "\"a\" = \"b\";\n")
        let run = Run(["lint", good])
        #expect(run.status == 0)
        #expect(run.standardOutput == "\(good): OK\n")
        #expect(run.standardError == "")
    }

    @Test func emptyFileIsOK() throws {
        let files = try TemporaryDirectory()
        let empty = try files.write("empty.strings", "")
        let run = Run(["lint", empty])
        #expect(run.status == 0)
        #expect(run.standardOutput == "\(empty): OK\n")
    }

    @Test func badFileGetsAGCCStyleError() throws {
        let files = try TemporaryDirectory()
        let bad = try files.write("bad.strings", "\"a\" = \"b\"\n\"c\" = \"d\";\n")
        let run = Run(["lint", bad])
        #expect(run.status == 1)
        #expect(run.standardOutput == "\(bad): 1 error, 0 warnings\n")
        #expect(run.standardError == "\(bad):2:1: error: expected ';' after value\n")
    }

    @Test func invalidEncodingIsAnError() throws {
        let files = try TemporaryDirectory()
        let bad = try files.write("latin1.strings", Data([0x22, 0x61, 0x22, 0x3D, 0x22, 0xE9, 0x22, 0x3B]))
        let run = Run(["lint", bad])
        #expect(run.status == 1)
        #expect(run.standardError == "\(bad):1:6: error: invalid UTF-8 sequence 0xE9; read as U+FFFD\n")
    }

    @Test func missingFileCannotBeRead() throws {
        let files = try TemporaryDirectory()
        let missing = files.path("missing.strings")
        let run = Run(["lint", missing])
        #expect(run.status == 1)
        #expect(run.standardOutput == "")
        #expect(run.standardError == "\(missing): error: cannot read file: No such file or directory\n")
    }

    @Test func directoryCannotBeRead() throws {
        let files = try TemporaryDirectory()
        let run = Run(["lint", files.url.path])
        #expect(run.status == 1)
        #expect(run.standardError == "\(files.url.path): error: cannot read file: Is a directory\n")
    }

    @Test func checksEveryFileAndFailsWhenAnyIsBad() throws {
        let files = try TemporaryDirectory()
        let good = try files.write("good.strings", "\"a\" = \"b\";")
        let bad = try files.write("bad.strings", "\"a\" = \"b\";\n\n  \"c\" \"d\";\n\"e\" = 'f'\n")
        let missing = files.path("missing.strings")
        let alsoGood = try files.write("also-good.strings", "x = y;")
        let run = Run(["lint", good, bad, missing, alsoGood])
        #expect(run.status == 1)
        #expect(run.standardOutput == "\(good): OK\n\(bad): 2 errors, 0 warnings\n\(alsoGood): OK\n")
        #expect(
            run.standardError == """
                \(bad):3:7: error: expected '=' or ';' after key
                \(bad):4:10: error: expected ';' after value
                \(missing): error: cannot read file: No such file or directory

                """)
    }

    @Test func warnsWithPositionsAndFixesAndStrictMakesWarningsFail() throws {
        let files = try TemporaryDirectory()
        let file = try files.write(
            "warn.strings",
            """
            "Next" = "Weiter \\u203A";
            "Hello %@" = "Hallo \\(name)";
            "Tab" = "\\UABCG";
            "Next" = "Weiter";

            """)
        let run = Run(["lint", file])
        #expect(run.status == 0)
        #expect(run.standardOutput == "\(file): 0 errors, 5 warnings\n", "a summary, not OK above warnings")
        #expect(
            run.standardError == """
                \(file):1:18: warning: \\u203A: Apple reads this as the letter u followed by 203A, not as a character; write \\U203A
                \(file):2:1: warning: the value's format conversions (none) differ from the key's (%@); the key's text is shown instead
                \(file):2:21: warning: unknown escape '\\(': the backslash is dropped, so \\(name) shows as (name); genstrings writes this for Swift string interpolation: use %@ in the text and pass the value as an argument
                \(file):3:10: warning: \\U takes four hexadecimal digits; this one has 3, so Apple reads U+0ABC followed by 'G'; write \\U0ABC
                \(file):4:1: warning: duplicate key "Next" (first defined at 1:1); the last definition wins

                """)
        let strict = Run(["lint", "--strict", file])
        #expect(strict.status == 1)
        #expect(strict.standardOutput == run.standardOutput)
        #expect(strict.standardError == run.standardError)
        let clean = try files.write("clean.strings", "\"a\" = \"b\";")
        #expect(Run(["lint", "--strict", clean]).status == 0)
    }

    @Test func keysAppleWouldSilentlyDropAreErrors() throws {
        let run = Run(["lint", "-"], standardInput: Data("\"a\" = \"b\";\n;= \"c\" = \"d\";\n".utf8))
        #expect(run.status == 1)
        #expect(
            run.standardError
                == "<stdin>:2:1: error: expected a key, found ';'; Apple's parser stops reading here and silently drops the 1 entry after it\n"
        )
    }

    @Test func everyErrorIsListed() throws {
        let run = Run(["lint", "-"], standardInput: Data("\"a\" = ;\n\"b\" = \"c\";\n\"d\" \"e\";\n\"f\" = \"g\";\n".utf8))
        #expect(run.status == 1)
        #expect(
            run.standardError == """
                <stdin>:1:7: error: expected a value after '='
                <stdin>:3:5: error: expected '=' or ';' after key

                """)
    }

    @Test func allGoodFilesExitZero() throws {
        let files = try TemporaryDirectory()
        let one = try files.write("one.strings", "a = b;")
        let two = try files.write("two.strings", Data([0xFF, 0xFE, 0x61, 0x00, 0x3B, 0x00]))
        let run = Run(["lint", one, two])
        #expect(run.status == 0)
        #expect(run.standardOutput == "\(one): OK\n\(two): OK\n")
        #expect(run.standardError == "")
    }

    @Test func duplicateKeysAreWarningsNotErrors() throws {
        let files = try TemporaryDirectory()
        let file = try files.write(
            "dup.strings",
            """
            "k" = "first";
            "other" = "x";
              "k" = "second";
            "k";
            """)
        let run = Run(["lint", file])
        #expect(run.status == 0)
        #expect(run.standardOutput == "\(file): 0 errors, 2 warnings\n")
        #expect(
            run.standardError == """
                \(file):3:3: warning: duplicate key "k" (first defined at 1:1); the last definition wins
                \(file):4:1: warning: duplicate key "k" (first defined at 1:1); the last definition wins

                """)
    }

    @Test func duplicateKeyWithControlCharactersStaysOnOneLine() throws {
        let files = try TemporaryDirectory()
        let file = try files.write("dup.strings", #""a\n\"b" = "1"; "a\n\"b" = "2";"#)
        let run = Run(["lint", file])
        #expect(run.status == 0)
        #expect(
            run.standardError == "\(file):1:17: warning: duplicate key \"a\\n\\\"b\" (first defined at 1:1); the last definition wins\n")
    }

    @Test func dashReadsStandardInput() {
        let good = Run(["lint", "-"], standardInput: Data("\"a\" = \"b\";".utf8))
        #expect(good.status == 0)
        #expect(good.standardOutput == "<stdin>: OK\n")

        let bad = Run(["lint", "-"], standardInput: Data("\"a\" = ".utf8))
        #expect(bad.status == 1)
        #expect(bad.standardError == "<stdin>:1:6: error: expected a value after '='\n")
    }

    @Test func unreadableStandardInput() {
        var errors = ""
        let status = StringsCommand.run(
            ["lint", "-"], standardInput: { throw UnreadableInput() },
            standardOutput: { _ in }, standardError: { errors += $0 })
        #expect(status == .failed)
        #expect(errors == "<stdin>: error: cannot read file: Bad file descriptor\n")
    }

    @Test func doubleDashEndsOptions() throws {
        let files = try TemporaryDirectory()
        let odd = try files.write("-odd.strings", "a = b;")
        let run = Run(["lint", "--", files.path("-odd.strings"), "--help"])
        #expect(run.status == 1)
        #expect(run.standardOutput == "\(odd): OK\n")
        #expect(run.standardError == "--help: error: cannot read file: No such file or directory\n")
    }

    @Test func processStandardStreamsVariantRuns() throws {
        let files = try TemporaryDirectory()
        let bad = try files.write("bad.strings", "\"a\" = ")
        // Writes the error line to the real standard error.
        #expect(StringsCommand.run(["lint", bad]) == .failed)
    }
}

// MARK: - dump

@Suite struct StringsDumpCommandTests {
    @Test func printsPrettyJSONInFileOrderWithLastValues() throws {
        let files = try TemporaryDirectory()
        let file = try files.write(
            "t.strings",
            """
            "zebra" = "1";
            "apple" = "2";
            "mango" = "3";
            "zebra" = "4";
            """)
        let run = Run(["dump", file])
        #expect(run.status == 0)
        #expect(run.standardError == "")
        #expect(
            run.standardOutput == """
                {
                  "zebra": "4",
                  "apple": "2",
                  "mango": "3"
                }

                """)
    }

    @Test func outputReadsBackWithJSONSerialization() throws {
        var text = ""
        var expected: [String: String] = [:]
        var order: [String] = []
        for index in (0..<40).reversed() {
            let key = "key \(index) \u{1}\t\"\\/ é 日本 🌍"
            let value = "value\n\(index)\r\u{0}\u{1F}\u{7F}\u{2028}'"
            text += "\"\(escape(key))\" = \"\(escape(value))\";\n"
            expected[key] = value
            order.append(key)
        }
        let run = Run(["dump", "-"], standardInput: Data(text.utf8))
        #expect(run.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))
        let table = try #require(object as? [String: String])
        #expect(table == expected)
        // Keys appear in file order (not sorted).
        let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == order.count + 3)
        for (line, key) in zip(lines.dropFirst(), order) {
            #expect(line.hasPrefix("  " + JSONString.quoted(key) + ": "), "\(line)")
        }
    }

    @Test func escapesEveryControlCharacterQuoteAndBackslash() {
        var value = ""
        for code in 0..<0x20 { value.unicodeScalars.append(Unicode.Scalar(UInt8(code))) }
        value += "\"\\/\u{7F}"
        let document = StringsDocument(entries: [StringsEntry(key: "k", value: value, position: SourcePosition(line: 1, column: 1))])
        let json = document.json
        #expect(
            json == """
                {
                  "k": "\\u0000\\u0001\\u0002\\u0003\\u0004\\u0005\\u0006\\u0007\\b\\t\\n\\u000b\\f\\r\\u000e\\u000f\
                \\u0010\\u0011\\u0012\\u0013\\u0014\\u0015\\u0016\\u0017\\u0018\\u0019\\u001a\\u001b\\u001c\\u001d\\u001e\\u001f\
                \\"\\\\/\u{7F}"
                }

                """)
    }

    @Test func nonASCIIIsWrittenAsUTF8() throws {
        let run = Run(["dump", "-"], standardInput: Data("\"名前\" = \"é 🌍\\U00FC\";".utf8))
        #expect(run.status == 0)
        #expect(run.standardOutput == "{\n  \"名前\": \"é 🌍ü\"\n}\n")
        #expect(!run.standardOutput.contains("\\u"))
    }

    @Test func emptyTableIsAnEmptyObject() throws {
        let run = Run(["dump", "-"], standardInput: Data("/* nothing */".utf8))
        #expect(run.status == 0)
        #expect(run.standardOutput == "{}\n")
        let object = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))
        #expect((object as? [String: String])?.isEmpty == true)
    }

    @Test func readsUTF16Files() throws {
        let files = try TemporaryDirectory()
        var bytes: [UInt8] = [0xFE, 0xFF]
        for unit in "\"k\" = \"🎉\";".utf16 { bytes += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        let file = try files.write("utf16.strings", Data(bytes))
        let run = Run(["dump", file])
        #expect(run.status == 0)
        #expect(run.standardOutput == "{\n  \"k\": \"🎉\"\n}\n")
    }

    @Test func badFilePrintsWhatCouldBeReadAndTheErrorsAndFails() throws {
        let files = try TemporaryDirectory()
        let bad = try files.write("bad.strings", "\"a\" = \"b\";\n\"c\" = \"d\"\n\"e\" = \"f\";\n\"g\" = \"unterminated;\n")
        let run = Run(["dump", bad])
        #expect(run.status == 1)
        #expect(run.standardOutput == "{\n  \"a\": \"b\",\n  \"c\": \"d\",\n  \"e\": \"f\"\n}\n")
        #expect(
            run.standardError == """
                \(bad):3:1: error: expected ';' after value
                \(bad):4:7: error: unterminated string: no closing '"' before the end of the file

                """)
    }

    @Test func arraysDictionariesAndDataShowAsJSON() throws {
        let run = Run(
            ["dump", "-"], standardInput: Data(#""list" = ( a, "b c", ); "map" = { k = v; n = ( ); }; "bytes" = <0aFF>; "s" = t;"#.utf8))
        #expect(run.status == 0)
        #expect(
            run.standardOutput == """
                {
                  "list": [
                    "a",
                    "b c"
                  ],
                  "map": {
                    "k": "v",
                    "n": []
                  },
                  "bytes": "<0aff>",
                  "s": "t"
                }

                """)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        #expect(object["list"] as? [String] == ["a", "b c"])
    }

    @Test func xmlAndBinaryTablesDumpWithSortedKeys() throws {
        let table: [String: Any] = ["b": "二", "a": "one", "n": ["x"]]
        for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
            let data = try PropertyListSerialization.data(fromPropertyList: table, format: format, options: 0)
            let run = Run(["dump", "-"], standardInput: data)
            #expect(run.status == 0)
            #expect(run.standardOutput == "{\n  \"a\": \"one\",\n  \"b\": \"二\",\n  \"n\": [\n    \"x\"\n  ]\n}\n")
        }
    }

    @Test func missingFile() throws {
        let files = try TemporaryDirectory()
        let missing = files.path("nope.strings")
        let run = Run(["dump", missing])
        #expect(run.status == 1)
        #expect(run.standardOutput == "")
        #expect(run.standardError == "\(missing): error: cannot read file: No such file or directory\n")
    }

    @Test func duplicatesAreQuietInDump() {
        let run = Run(["dump", "-"], standardInput: Data("a = 1; a = 2;".utf8))
        #expect(run.status == 0)
        #expect(run.standardError == "")
        #expect(run.standardOutput == "{\n  \"a\": \"2\"\n}\n")
    }

    /// `text` as the inside of a `.strings` literal: the escapes a translator's editor writes.
    private func escape(_ text: String) -> String {
        let named: [Unicode.Scalar: String] = ["\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"]
        return text.unicodeScalars.map { scalar in
            if let escape = named[scalar] { return escape }
            let isControl = scalar.value < 0x20 || scalar.value == 0x7F
            return isControl ? "\\U" + String(format: "%04X", scalar.value) : String(scalar)
        }.joined()
    }
}

// MARK: - Usage

@Suite struct StringsCommandUsageTests {
    @Test(arguments: [["--help"], ["-h"], ["help"]])
    func helpGoesToStandardOutput(_ arguments: [String]) {
        let run = Run(arguments)
        #expect(run.status == 0)
        #expect(run.standardOutput == StringsCommand.usage)
        #expect(run.standardOutput.contains("entrykit strings lint [--strict] FILE..."))
        #expect(run.standardOutput.contains("entrykit strings dump [--language L] FILE"))
        #expect(run.standardOutput.contains("entrykit strings convert [OPTION...] SOURCE DESTINATION"))
        #expect(run.standardError == "")
    }

    /// Each subcommand's help is generated from what it takes, wherever `--help` stands before `--`.
    @Test(
        arguments: [
            (["lint", "--help"], "Usage: entrykit strings lint [--strict] FILE...", "--strict"),
            (["dump", "-h"], "Usage: entrykit strings dump [--language L] FILE", "--language L"),
            (["convert", "--help"], "Usage: entrykit strings convert [OPTION...] SOURCE DESTINATION", "--source-language L"),
            (["lint", "a.strings", "--help"], "Usage: entrykit strings lint [--strict] FILE...", "--strict"),
            (["lookup", "--help"], "Usage: entrykit strings lookup [--table NAME] KEY", "--table NAME"),
        ] as [([String], String, String)])
    func subcommandHelpGoesToStandardOutput(_ arguments: [String], _ usageLine: String, _ option: String) {
        let run = Run(arguments)
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix(usageLine + "\n"))
        #expect(run.standardOutput.contains("\n  " + option + " "))
        #expect(run.standardOutput.hasSuffix(StringsCommand.stringsExitStatus + "\n"))
        #expect(run.standardError == "")
    }

    @Test(
        arguments: [
            ([], "entrykit strings", "missing subcommand (lint, dump, lookup, coverage or convert)"),
            (["lookup"], "entrykit strings lookup", "missing KEY"),
            (["lookup", "a", "b"], "entrykit strings lookup", "expected one KEY, got 2"),
            (["lookup", "--table"], "entrykit strings lookup", "--table needs a value"),
            (["lookup", "--table="], "entrykit strings lookup", "--table needs a NAME"),
            (["lookup", "-q", "a"], "entrykit strings lookup", "unknown option '-q' (put '--' before KEYs that start with '-')"),
            (["frobnicate"], "entrykit strings", "unknown subcommand 'frobnicate'"),
            (["--verbose"], "entrykit strings", "unknown option '--verbose'"),
            (["lint"], "entrykit strings lint", "missing FILE"),
            (["lint", "--"], "entrykit strings lint", "missing FILE"),
            (["lint", "--strict=yes", "a.strings"], "entrykit strings lint", "--strict takes no value"),
            (["dump"], "entrykit strings dump", "missing FILE"),
            (["dump", "a.strings", "b.strings"], "entrykit strings dump", "expected one FILE, got 2"),
            (
                ["dump", "--strict", "a.strings"], "entrykit strings dump",
                "unknown option '--strict' (put '--' before FILEs that start with '-')"
            ),
            (["dump", "-x", "a.strings"], "entrykit strings dump", "unknown option '-x' (put '--' before FILEs that start with '-')"),
            (["dump", "--language=", "a.xcstrings"], "entrykit strings dump", "--language needs a language"),
            (["convert", "Resources"], "entrykit strings convert", "expected SOURCE and DESTINATION, got 1 path"),
            (
                ["convert", "--source-language", "english", "a", "b.xcstrings"], "entrykit strings convert",
                "--source-language: 'english' is not a language (such as en or pt-BR)"
            ),
            (["convert", "--table", "a/b", "a", "b.xcstrings"], "entrykit strings convert", "--table needs a NAME without '/'"),
        ] as [([String], String, String)])
    func misuseGoesToStandardErrorWithStatus2(_ arguments: [String], _ command: String, _ problem: String) {
        let run = Run(arguments)
        #expect(run.status == 2)
        #expect(run.standardOutput == "")
        #expect(run.standardError == "\(command): \(problem)\nTry '\(command) --help' for more information.\n")
    }

    @Test func aKeyThatStartsWithADashFollowsDoubleDash() throws {
        let run = Run(["lookup", "--table=EntryKit", "--", "-v"])
        #expect(run.status == 0)
        #expect(run.standardOutput == "-v\n", "no table has it: the key itself")
    }

    @Test func misuseDoesNotReadFiles() {
        var read = false
        let status = StringsCommand.run(
            ["lint", "-", "--bogus"],
            standardInput: {
                read = true
                return Data()
            },
            standardOutput: { _ in }, standardError: { _ in })
        #expect(status == .usage)
        #expect(!read)
    }
}

// MARK: - format conversions

@Suite struct StringsLintFormatTests {
    @Test func valueWithOtherConversionsThanItsKeyIsAWarning() throws {
        let files = try TemporaryDirectory()
        let path = try files.write(
            "ja.strings", "\"Copied %d files to %@\" = \"%2$@ に %1$d 個\";\n\"Current language: %@\" = \"現在の言語: %d\";\n")
        let run = Run(["lint", path])
        #expect(run.status == 0)
        #expect(run.standardOutput == "\(path): 0 errors, 1 warning\n")
        #expect(
            run.standardError
                == "\(path):2:1: warning: the value's format conversions (%d) differ from the key's (%@); the key's text is shown instead\n"
        )
    }
}

// MARK: - lookup

/// Tables in a throw-away directory, kept as long as the lookups that read them.
private final class LookupTables {
    let files: TemporaryDirectory
    let strings: Localization

    init(languages: [String]) throws {
        files = try TemporaryDirectory()
        try files.writeTable(#""Cancel" = "キャンセル";"#, language: "ja")
        try files.writeTable(#""Cancel" = "Cancel";"#, language: "en")
        try files.writeTable(#""Cancel" = "やめる";"#, language: "ja", table: "MyApp")
        strings = Localization(searchPaths: [files.url], preference: LanguagePreference(locales: languages))
    }
}

@Suite struct StringsLookupCommandTests {
    @Test func printsTheKeyInTheFirstLanguageThatHasIt() throws {
        let tables = try LookupTables(languages: ["ja_JP"])
        let run = Run(["lookup", "Cancel"], localization: tables.strings)
        #expect(run.status == 0)
        #expect(run.standardOutput == "キャンセル\n")
        #expect(run.standardError == "")
        // No table and no GTK catalog for Klingon: English closes the list.
        let klingon = try LookupTables(languages: ["tlh"])
        #expect(Run(["lookup", "Cancel"], localization: klingon.strings).standardOutput == "Cancel\n")
        try klingon.files.writeTable(#""Cancel" = "English cancel";"#, language: "en")
        klingon.strings.reload()
        #expect(Run(["lookup", "Cancel"], localization: klingon.strings).standardOutput == "English cancel\n", "English closes the list")
        // French has no EntryKit table here, but GTK's catalog has the word.
        let french = try LookupTables(languages: ["fr"])
        #expect(Run(["lookup", "Cancel"], localization: french.strings).standardOutput == "Annuler\n")
    }

    @Test func readsTheNamedTable() throws {
        let tables = try LookupTables(languages: ["ja"])
        #expect(Run(["lookup", "--table", "MyApp", "Cancel"], localization: tables.strings).standardOutput == "やめる\n")
        #expect(Run(["lookup", "--table=MyApp", "Cancel"], localization: tables.strings).standardOutput == "やめる\n")
    }

    @Test func anUnknownKeyPrintsItself() throws {
        let tables = try LookupTables(languages: ["ja"])
        #expect(Run(["lookup", "--", "-dash key"], localization: tables.strings).standardOutput == "-dash key\n")
        #expect(Run(["lookup", "Nowhere"], localization: tables.strings).standardOutput == "Nowhere\n")
    }
}
