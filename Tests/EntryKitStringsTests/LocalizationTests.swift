import Foundation
import Synchronization
import Testing

@testable import EntryKitStrings

@Suite struct LocalizationTests {
    @Test func fallsBackFromRegionToLanguageToEnglishToKey() throws {
        let tables = try TemporaryDirectory(tables: [
            "ja_JP": #""Region" = "地域";"#,
            "ja": #""Cancel" = "キャンセル";"#,
            "en": #""Cancel" = "Cancel"; "English only" = "English text";"#,
        ])
        let strings = Localization(searchPaths: [tables.url], preference: LanguagePreference(environment: ["LANG": "ja_JP.UTF-8"]))
        #expect(strings.string("Region") == "地域")
        #expect(strings.string("Cancel") == "キャンセル")
        #expect(strings.string("English only") == "English text")
        #expect(strings.string("Nowhere") == "Nowhere")
    }

    @Test func earlierSearchPathWinsForTheSameLanguage() throws {
        let override = try TemporaryDirectory(tables: ["ja": #""Cancel" = "取消";"#])
        let installed = try TemporaryDirectory(tables: ["ja": #""Cancel" = "キャンセル"; "OK" = "了解";"#])
        let strings = Localization(searchPaths: [override.url, installed.url], preference: LanguagePreference(locales: ["ja"]))
        #expect(strings.string("Cancel") == "取消")
        #expect(strings.string("OK") == "了解")
    }

    @Test func tablesByNameAreSeparate() throws {
        let tables = try TemporaryDirectory(tables: ["en": #""Title" = "EntryKit title";"#])
        try tables.writeTable(#""Title" = "My app title";"#, language: "en", table: "MyApp")
        let strings = Localization(searchPaths: [tables.url], preference: LanguagePreference(locales: []))
        #expect(strings.string("Title") == "EntryKit title")
        #expect(strings.string("Title", table: "MyApp") == "My app title")
        #expect(strings.string("Title", table: "Missing") == "Title")
    }

    @Test func malformedTableIsUsedWithWhatCouldBeReadAndReportedOnce() throws {
        let tables = try TemporaryDirectory(tables: [
            "ja": "\"Cancel\" = \"キャンセル\"\n\"OK\" = \"了解\";\n\"Open\" = 開く;",  // no ';' after the first value; 開 is not unquoted
            "en": #""Cancel" = "Cancel"; "Open" = "Open";"#,
        ])
        let reports = Mutex<[String]>([])
        let strings = Localization(
            searchPaths: [tables.url], preference: LanguagePreference(locales: ["ja"]),
            report: { message in reports.withLock { $0.append(message) } })
        #expect(strings.string("Cancel") == "キャンセル")
        #expect(strings.string("OK") == "了解")
        #expect(strings.string("Open") == "Open")
        #expect(strings.string("Cancel") == "キャンセル")
        let recorded = reports.withLock { $0 }
        #expect(recorded.count == 3)
        #expect(recorded.first?.contains("ja.lproj/EntryKit.strings:2:1: expected ';' after value") == true)
        #expect(recorded.last?.hasSuffix("ja.lproj/EntryKit.strings: using the 2 entries that could be read") == true)
    }

    @Test func aTableWithSwiftInterpolationEscapesShowsItsTranslations() throws {
        // genstrings on Swift code writes \( for interpolation; Apple drops the backslash.
        let tables = try TemporaryDirectory(tables: [
            "de": "\"Cancel\" = \"Abbrechen\";\n\"Hello, \\(name)\" = \"Hallo, \\(name)\";\n\"Rename\" = \"Umbenennen \\E\";"
        ])
        let reports = Mutex<[String]>([])
        let strings = Localization(
            searchPaths: [tables.url], preference: LanguagePreference(locales: ["de"]),
            report: { message in reports.withLock { $0.append(message) } })
        #expect(strings.string("Cancel") == "Abbrechen")
        #expect(strings.string("Hello, (name)") == "Hallo, (name)")
        #expect(strings.string("Rename") == "Umbenennen E")
        #expect(strings.currentLanguage == "de")
        #expect(reports.withLock { $0 }.isEmpty)
    }

    @Test func xmlAndBinaryTablesAreUsedAtRunTime() throws {
        let tables = try TemporaryDirectory()
        for (language, format) in [("fr", PropertyListSerialization.PropertyListFormat.xml), ("it", .binary)] {
            let data = try PropertyListSerialization.data(
                fromPropertyList: ["Cancel": "\(language) cancel", "List": ["not", "a", "string"]], format: format, options: 0)
            _ = try tables.write("\(language).lproj/EntryKit.strings", data)
        }
        for language in ["fr", "it"] {
            let strings = Localization(searchPaths: [tables.url], preference: LanguagePreference(locales: [language]))
            #expect(strings.string("Cancel") == "\(language) cancel")
            #expect(strings.string("List") == "List")
        }
    }

    @Test func chosenLanguageComesFirstAndObserversAreTold() throws {
        let tables = try TemporaryDirectory(tables: ["ja": #""Cancel" = "キャンセル";"#, "en": #""Cancel" = "Cancel";"#])
        let strings = Localization(searchPaths: [tables.url], preference: LanguagePreference(locales: ["en"]))
        let calls = Mutex(0)
        let observation = strings.observeLanguageChange { calls.withLock { $0 += 1 } }
        #expect(strings.string("Cancel") == "Cancel")
        strings.setLanguage("ja")
        #expect(strings.string("Cancel") == "キャンセル")
        #expect(strings.currentLanguage == "ja")
        strings.setLanguage("ja")  // no change, no notification
        strings.setLanguage(nil)
        #expect(strings.string("Cancel") == "Cancel")
        #expect(calls.withLock { $0 } == 2)
        observation.cancel()
        strings.setLanguage("ja")
        #expect(calls.withLock { $0 } == 2)
    }

    @Test func releasedObservationStopsNotifications() throws {
        let strings = Localization(searchPaths: [], preference: LanguagePreference(locales: []))
        let calls = Mutex(0)
        do {
            let observation = strings.observeLanguageChange { calls.withLock { $0 += 1 } }
            strings.setLanguage("ja")
            _ = observation
        }
        strings.setLanguage("en")
        #expect(calls.withLock { $0 } == 1)
    }

    @Test func availableLanguagesAndTheirOwnNames() throws {
        let tables = try TemporaryDirectory(tables: [
            "en": #""LanguageName" = "English";"#,
            "ja": #""LanguageName" = "日本語";"#,
            "xx": #""Cancel" = "Nope";"#,
        ])
        try FileManager.default.createDirectory(at: tables.url.appendingPathComponent("fr.lproj"), withIntermediateDirectories: true)
        let strings = Localization(searchPaths: [tables.url], preference: LanguagePreference(locales: []))
        #expect(strings.availableLanguages() == ["en", "ja", "xx"])
        #expect(strings.displayName(ofLanguage: "ja") == "日本語")
        #expect(strings.displayName(ofLanguage: "xx") == "xx")
    }

    @Test func droppedInLanguageWorksWithoutRebuild() throws {
        let tables = try TemporaryDirectory()
        let strings = Localization(
            searchPaths: [tables.url, Localization.sourceTreeResources], preference: LanguagePreference(locales: ["xx"]))
        #expect(strings.string("Cancel") == "Cancel")
        try tables.writeTable(#""Cancel" = "Nope";"#, language: "xx")
        strings.reload()
        #expect(strings.string("Cancel") == "Nope")
    }

    @Test func shippedTablesHoldTheSeedStrings() throws {
        let strings = Localization(searchPaths: [Localization.sourceTreeResources], preference: LanguagePreference(locales: ["ja"]))
        #expect(strings.string("OK") == "OK")
        #expect(strings.string("Cancel") == "キャンセル")
        #expect(strings.string("Username") == "ユーザー名")
        #expect(strings.string("Password") == "パスワード")
        strings.setLanguage("en")
        #expect(strings.string("Cancel") == "Cancel")
    }

    @Test func everyEnglishKeyIsTranslatedInEveryShippedLanguage() throws {
        let resources = Localization.sourceTreeResources
        let english = try StringsParser.parse(Data(contentsOf: resources.appendingPathComponent("en.lproj/EntryKit.strings")))
        let languages = try FileManager.default.contentsOfDirectory(atPath: resources.path).filter { $0.hasSuffix(".lproj") }
        #expect(languages.count >= 2)
        for folder in languages {
            let table = try StringsParser.parse(Data(contentsOf: resources.appendingPathComponent("\(folder)/EntryKit.strings")))
            let missing = Set(english.table.keys).subtracting(table.table.keys)
            #expect(missing.isEmpty, "\(folder) lacks \(missing.sorted())")
            #expect(table.duplicates.isEmpty, "\(folder) defines keys twice")
        }
    }

    @Test func searchPathsPutTheOverrideFirst() {
        let paths = Localization.defaultSearchPaths(environment: ["ENTRYKIT_RESOURCES": "/a:/b"])
        #expect(paths.prefix(2).map(\.path) == ["/a", "/b"])
        #expect(paths.last == Localization.sourceTreeResources)
        #expect(paths.contains { $0.path.hasSuffix("/share/entrykit") })
    }

    @Test func theImageIsTheFileThatHoldsThisCode() throws {
        // Here the test bundle, which links EntryKitStrings in; in another program, the library.
        let image = try #require(Localization.imagePath)
        #expect(image.hasSuffix(".xctest") || image.contains("EntryKitPackageTests"), "\(image)")
    }
}
