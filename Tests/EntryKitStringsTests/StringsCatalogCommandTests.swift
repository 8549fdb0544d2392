import Foundation
import Testing

@testable import EntryKitCommandLine
@testable import EntryKitStrings

/// `entrykit strings` on String Catalogs: lint, dump --language, convert, and the warning for a
/// catalog and `.lproj` tables of one name in one folder.
@Suite struct StringsCatalogCommandTests {
    struct Run {
        var status: Int32
        var standardOutput = ""
        var standardError = ""

        init(_ arguments: [String]) {
            var output = ""
            var errors = ""
            status =
                StringsCommand.run(
                    arguments, standardInput: { Data() }, standardOutput: { output += $0 }, standardError: { errors += $0 }
                ).code
            standardOutput = output
            standardError = errors
        }
    }

    static let resources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources")

    @Test func lintReportsBadJSONWithLineAndColumnAndFails() throws {
        let files = try TemporaryDirectory()
        let bad = try files.write(
            "Bad.xcstrings", "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"a\" : { }\n    \"b\" : { }\n  }\n}\n")
        let run = Run(["lint", bad])
        #expect(run.status == 1)
        #expect(run.standardError == "\(bad):5:5: error: not a String Catalog: expected ',' or '}' after the value of \"a\", found '\"'\n")
        #expect(run.standardOutput == "\(bad): 1 error, 0 warnings\n")
        #expect(Run(["dump", bad]).status == 1)
    }

    @Test func lintNamesMissingPluralFormsAndConversionsThatDiffer() throws {
        let files = try TemporaryDirectory()
        let catalog = try files.write(
            "Localizable.xcstrings",
            catalogJSON(
                #"""
                    "%lld files" : { "localizations" : { "ru" : { "variations" : { "plural" : {
                      "one" : \#(unit("%lld файл")), "other" : \#(unit("%lld файла")), "two" : \#(unit("%lld файла")) } } } } },
                    "Open %@" : { "localizations" : { "de" : \#(unit("%d öffnen")), "fr" : \#(unit("Ouvrir %@")) } }
                """#))
        let run = Run(["lint", catalog])
        #expect(run.status == 0)
        #expect(
            run.standardError.split(separator: "\n").map { String($0.split(separator: ":", maxSplits: 3)[3]) } == [
                #" warning: "%lld files" (ru): no few form, which ru uses for 2, 3, 4, 22, …; "other" is shown instead"#,
                #" warning: "%lld files" (ru): no many form, which ru uses for 0, 5, 6, 7, …; "other" is shown instead"#,
                #" warning: "%lld files" (ru): ru has no two category; this form is never shown"#,
                #" warning: "Open %@" (de): the format conversions (%d) differ from the source language's (%@); the source text is shown instead"#,
            ])
        #expect(run.standardOutput == "\(catalog): 0 errors, 4 warnings\n")
        #expect(Run(["lint", "--strict", catalog]).status == 1)
    }

    @Test func aCatalogAndLprojTablesOfOneNameInOneFolderAreWarnedOfFromBothSides() throws {
        let files = try TemporaryDirectory(tables: ["de": #""Cancel" = "Abbrechen";"#, "fr": #""Cancel" = "Annuler";"#])
        let catalog = try files.write("EntryKit.xcstrings", catalogJSON(#""Cancel" : { }"#))
        let fromCatalog = Run(["lint", catalog])
        #expect(
            fromCatalog.standardError
                == "\(catalog):1:1: warning: the .lproj tables of this name beside it (de.lproj/EntryKit.strings, fr.lproj/EntryKit.strings) "
                + "are the same table: this catalog's text wins, they give only what it lacks; Xcode refuses to build both "
                + "(entrykit strings convert merges them)\n")
        let table = files.path("de.lproj/EntryKit.strings")
        let fromTable = Run(["lint", table])
        #expect(
            fromTable.standardError
                == "\(table):1:1: warning: the String Catalog EntryKit.xcstrings beside de.lproj is the same table: its text wins, "
                + "this file gives only what it lacks; Xcode refuses to build both\n")
        #expect(Run(["lint", files.path("fr.lproj/EntryKit.strings"), "--strict"]).status == 1)
        try FileManager.default.removeItem(atPath: catalog)
        #expect(Run(["lint", "--strict", table]).status == 0)
    }

    @Test func dumpPrintsALanguageByEitherNameAndRefusesWhatIsNotThere() throws {
        let files = try TemporaryDirectory()
        let catalog = try files.write(
            "Localizable.xcstrings",
            catalogJSON(#""Cancel" : { "localizations" : { "zh-Hans" : \#(unit("取消")), "de" : \#(unit("Abbrechen")) } }"#))
        #expect(Run(["dump", "--language", "zh_CN", catalog]).standardOutput == "{\n  \"Cancel\": \"取消\"\n}\n")
        #expect(Run(["dump", "--language", "zh-Hans", catalog]).standardOutput == "{\n  \"Cancel\": \"取消\"\n}\n")
        #expect(Run(["dump", catalog]).standardOutput == "{\n  \"Cancel\": \"Cancel\"\n}\n")
        let missing = Run(["dump", "--language", "ja", catalog])
        #expect(missing.status == 1)
        #expect(missing.standardError == "\(catalog): error: no language ja in the catalog; it holds en, de, zh-Hans\n")
        let strings = try files.write("de.lproj/Localizable.strings", #""Cancel" = "Abbrechen";"#)
        let misuse = Run(["dump", "--language", "de", strings])
        #expect(misuse.status == 2)
        #expect(misuse.standardError.contains("--language is for a String Catalog (FILE.xcstrings)"))
    }

    /// The acceptance test of convert: every table EntryKit ships, turned into a catalog and
    /// back, reads as the original does (every language's strings and plural entries, but the
    /// `.strings` text of a key that is a plural entry too, which the catalog cannot hold beside
    /// it and lookups never show while the plural entry is good), lookups give the same text,
    /// and the English comments come along.
    @Test func everyShippedTableRoundTripsThroughACatalog() throws {
        let files = try TemporaryDirectory()
        let catalogPath = files.path("EntryKit.xcstrings")
        let toCatalog = Run(["convert", Self.resources.path, catalogPath])
        #expect(toCatalog.status == 0)
        #expect(toCatalog.standardOutput == "\(catalogPath)\n")
        let back = files.path("back")
        let toTables = Run(["convert", catalogPath, back])
        #expect(toTables.status == 0, "\(toTables.standardError)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.resources.path).filter { $0.hasSuffix(".lproj") }
        #expect(folders.count >= 40)
        var doubled = 0
        for folder in folders {
            func read(_ base: URL, _ suffix: String) throws -> StringsDocument {
                StringsParser.read(try Data(contentsOf: base.appendingPathComponent("\(folder)/EntryKit\(suffix)")))
            }
            let plurals = try read(Self.resources, ".stringsdict")
            #expect(try read(URL(fileURLWithPath: back), ".stringsdict").values == plurals.values, "\(folder)/EntryKit.stringsdict")
            // A key a table has as a plural entry too keeps the plural entry alone (noted on standard error).
            var strings = try read(Self.resources, ".strings").values
            for key in plurals.values.keys where strings.removeValue(forKey: key) != nil {
                doubled += 1
                #expect(toCatalog.standardError.contains("\(folder)/EntryKit.strings:"), "\(folder)")
            }
            #expect(try read(URL(fileURLWithPath: back), ".strings").values == strings, "\(folder)/EntryKit.strings")
        }
        #expect(toCatalog.standardError.split(separator: "\n").count == doubled)
        let english = try String(contentsOfFile: "\(back)/en.lproj/EntryKit.strings", encoding: .utf8)
        #expect(english.contains("/* This language's name in itself, shown in the language menu. */\n\"LanguageName\" = \"English\";\n"))
        // What lookups show is the same from the catalog as from the tables, in every language.
        let fromCatalog = try TemporaryDirectory()
        try fromCatalog.write("EntryKit.xcstrings", try Data(contentsOf: URL(fileURLWithPath: catalogPath)))
        for folder in folders {
            let language = String(folder.dropLast(".lproj".count))
            let tables = Localization(
                searchPaths: [Self.resources], preference: LanguagePreference(locales: [language]), desktopTranslations: nil)
            let catalog = Localization(
                searchPaths: [fromCatalog.url], preference: LanguagePreference(locales: [language]), desktopTranslations: nil)
            for key in ["Cancel", "_Password", "Caps Lock is on", Localization.languageNameKey] {
                #expect(catalog.string(key) == tables.string(key), "\(language): \(key)")
            }
            let accepted = "Accepted: username %1$@, password of %2$d characters."
            for count in [1, 2, 5, 11, 22] {
                #expect(catalog.format(accepted, "ann", count) == tables.format(accepted, "ann", count), "\(language): \(count)")
            }
        }
        // And the catalog a second conversion writes is the same file.
        let again = files.path("again.xcstrings")
        #expect(Run(["convert", "--table", "EntryKit", back, again]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == Data(contentsOf: URL(fileURLWithPath: catalogPath)))
    }

    @Test func convertReplacesNothingWithoutForceAndRefusesWhatACatalogCannotHold() throws {
        let files = try TemporaryDirectory(tables: ["en": #""A" = "A";"#, "de": #""A" = "B";"#])
        let catalog = files.path("EntryKit.xcstrings")
        #expect(Run(["convert", files.path(""), catalog]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: catalog))
        let again = Run(["convert", files.path(""), catalog])
        #expect(again.status == 1)
        #expect(again.standardError == "\(catalog): exists; --force replaces it\nentrykit strings convert: nothing written\n")
        #expect(Run(["convert", "--force", files.path(""), catalog]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: catalog)) == before)

        try files.writeTable(#""A" = "B" "C" = "D";"#, language: "fr")
        try files.writeTable(#""A" = ("array");"#, language: "it")
        try files.write("Base.lproj/EntryKit.strings", #""A" = "A";"#)
        let refused = Run(["convert", "--force", files.path(""), catalog])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("Base.lproj: names no language"))
        #expect(refused.standardError.contains("fr.lproj/EntryKit.strings:1:11: expected ';' after value"))
        #expect(refused.standardError.contains("it.lproj/EntryKit.strings:1:1: \"A\" is not a string"))
        #expect(refused.standardError.hasSuffix("entrykit strings convert: nothing written: a catalog cannot hold what is named above\n"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: catalog)) == before)

        let noSource = try TemporaryDirectory(tables: ["de": #""A" = "B";"#])
        let missing = Run(["convert", noSource.path(""), noSource.path("EntryKit.xcstrings")])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("no en.lproj/EntryKit.strings for the source language en"))
        #expect(Run(["convert", "--source-language", "de", noSource.path(""), noSource.path("EntryKit.xcstrings")]).status == 0)
        #expect(Run(["convert", "a", "b", "c"]).status == 2)
        #expect(Run(["convert", files.path(""), files.path("x.json")]).status == 2)
    }
}
