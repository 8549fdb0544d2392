import Foundation
import Synchronization
import Testing

@testable import EntryKitStrings

/// A catalog of `strings` members (JSON text) with `en` as its source language.
func catalogJSON(_ strings: String, sourceLanguage: String = "en") -> String {
    "{\n  \"sourceLanguage\" : \"\(sourceLanguage)\",\n  \"strings\" : {\n\(strings)\n  },\n  \"version\" : \"1.0\"\n}\n"
}

func readCatalog(_ strings: String, sourceLanguage: String = "en") -> StringCatalog {
    StringCatalog.read(Data(catalogJSON(strings, sourceLanguage: sourceLanguage).utf8))
}

/// `"state" : STATE, "value" : VALUE` as a string unit.
func unit(_ value: String, state: String = "translated") -> String {
    #"{ "stringUnit" : { "state" : "\#(state)", "value" : "\#(value)" } }"#
}

/// The rules by which a catalog's language becomes the table Xcode compiles, each on a
/// hand-made catalog.
@Suite struct StringCatalogTests {
    @Test func eachLanguagesStringUnitIsItsValueAndTheSourceLanguageFallsBackToTheKey() {
        let catalog = readCatalog(
            #"""
                "Cancel" : { "localizations" : { "de" : \#(unit("Abbrechen")), "fr" : \#(unit("Annuler")) } },
                "Only English" : { },
                "Greeting" : { "comment" : "On the first page", "localizations" : { "en" : \#(unit("Hello!")) } }
            """#)
        #expect(catalog.problems == [])
        #expect(catalog.languages == ["en", "de", "fr"])
        #expect(catalog.table(language: "de").strings == ["Cancel": "Abbrechen"])
        #expect(catalog.table(language: "en").strings == ["Cancel": "Cancel", "Only English": "Only English", "Greeting": "Hello!"])
        #expect(catalog.table(language: "en").entries.map(\.key) == ["Cancel", "Only English", "Greeting"])
        #expect(catalog.entry("Greeting")?.comment == "On the first page")
        #expect(catalog.table(language: "ja").entries.isEmpty)
    }

    @Test func untranslatedUnitsAreMissingButNeedsReviewIsATranslation() {
        let catalog = readCatalog(
            #"""
                "New" : { "localizations" : { "de" : \#(unit("New", state: "new")), "en" : \#(unit("New!", state: "new")) } },
                "Review" : { "localizations" : { "de" : \#(unit("Prüfen", state: "needs_review")) } },
                "No value" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated" } } } }
            """#)
        let german = catalog.table(language: "de")
        #expect(german.strings == ["Review": "Prüfen"])
        // The source language's text counts whatever its state: Xcode marks new source strings "new".
        #expect(catalog.table(language: "en").strings["New"] == "New!")
        #expect(catalog.problems.map(\.message) == ["the stringUnit has no \"value\"; the text counts as missing"])
    }

    @Test func aKeyMarkedDoNotTranslateShowsTheSourceTextInEveryLanguage() throws {
        let folder = try TemporaryDirectory()
        try folder.write(
            "Localizable.xcstrings",
            catalogJSON(
                #"""
                    "Ice Cubes" : { "localizations" : { "de" : \#(unit("Eiswürfel")) }, "shouldTranslate" : false },
                    "Post" : { "localizations" : { "de" : \#(unit("Beitrag")) } }
                """#))
        let strings = Localization(searchPaths: [folder.url], preference: LanguagePreference(locales: ["de"]), desktopTranslations: nil)
        #expect(strings.string("Ice Cubes", table: "Localizable") == "Ice Cubes")
        #expect(strings.string("Post", table: "Localizable") == "Beitrag")
        #expect(strings.value(for: "Ice Cubes", table: "Localizable", language: "de") == nil)
    }

    @Test func pluralVariationsPickTheFormOfEachCountByTheLanguagesRules() throws {
        let folder = try TemporaryDirectory()
        try folder.write(
            "Localizable.xcstrings",
            catalogJSON(
                #"""
                    "%lld files" : { "localizations" : {
                      "en" : { "variations" : { "plural" : { "one" : \#(unit("%lld file")), "other" : \#(unit("%lld files")) } } },
                      "ru" : { "variations" : { "plural" : {
                        "one" : \#(unit("%lld файл")), "few" : \#(unit("%lld файла")),
                        "many" : \#(unit("%lld файлов")), "other" : \#(unit("%lld файла")) } } },
                      "fr" : { "variations" : { "plural" : { "zero" : \#(unit("aucun fichier")), "one" : \#(unit("%lld fichier")), "other" : \#(unit("%lld fichiers")) } } }
                    } }
                """#))
        func strings(_ language: String) -> Localization {
            Localization(searchPaths: [folder.url], preference: LanguagePreference(locales: [language]), desktopTranslations: nil)
        }
        let russian = strings("ru")
        #expect(russian.format("%lld files", 1, table: "Localizable") == "1 файл")
        #expect(russian.format("%lld files", 22, table: "Localizable") == "22 файла")
        #expect(russian.format("%lld files", 11, table: "Localizable") == "11 файлов")
        #expect(strings("fr").format("%lld files", 0, table: "Localizable") == "aucun fichier")
        #expect(strings("en").format("%lld files", 1, table: "Localizable") == "1 file")
    }

    @Test func aPluralEntryIsTheDictionaryXcodeWritesIntoTheStringsdict() {
        let catalog = readCatalog(
            #"""
                "%lld files" : { "localizations" : { "en" : { "variations" : { "plural" : {
                  "other" : \#(unit("%lld files")), "one" : \#(unit("%lld file")) } } } } },
                "%@ has %lld files" : { "localizations" : { "en" : { "variations" : { "plural" : {
                  "one" : \#(unit("%@ has one file")), "other" : \#(unit("%@ has %lld files")) } } } } }
            """#)
        let english = catalog.table(language: "en")
        #expect(
            english.document.json == """
                {
                  "%lld files": {
                    "NSStringLocalizedFormatKey": "%#@arg1@",
                    "arg1": {
                      "NSStringFormatSpecTypeKey": "NSStringPluralRuleType",
                      "NSStringFormatValueTypeKey": "lld",
                      "one": "%lld file",
                      "other": "%lld files"
                    }
                  },
                  "%@ has %lld files": {
                    "NSStringLocalizedFormatKey": "%2$#@arg2@",
                    "arg2": {
                      "NSStringFormatSpecTypeKey": "NSStringPluralRuleType",
                      "NSStringFormatValueTypeKey": "lld",
                      "one": "%1$@ has one file",
                      "other": "%1$@ has %2$lld files"
                    }
                  }
                }

                """)
        let plural = english.plurals["%@ has %lld files"]
        #expect(plural?.resolve(arguments: ["Ann", 3], language: "en").format == "%1$@ has %2$lld files")
        #expect(plural?.resolve(arguments: ["Ann", 1], language: "en").format == "%1$@ has one file")
    }

    @Test func substitutionsAreVariablesNumberedByArgNumWithArgAsTheirCount() throws {
        let folder = try TemporaryDirectory()
        try folder.write(
            "Localizable.xcstrings",
            catalogJSON(
                #"""
                    "%@ copied %lld files to %lld folders" : { "localizations" : { "de" : {
                      "stringUnit" : { "state" : "translated", "value" : "%1$@ hat %#@folders@ %#@files@ kopiert" },
                      "substitutions" : {
                        "files" : { "argNum" : 2, "formatSpecifier" : "lld", "variations" : { "plural" : {
                          "one" : \#(unit("eine Datei")), "other" : \#(unit("%arg Dateien")) } } },
                        "folders" : { "argNum" : 3, "formatSpecifier" : "lld", "variations" : { "plural" : {
                          "one" : \#(unit("in einen Ordner")), "other" : \#(unit("in %arg Ordner")) } } }
                      } } } }
                """#))
        let strings = Localization(searchPaths: [folder.url], preference: LanguagePreference(locales: ["de"]), desktopTranslations: nil)
        let key = "%@ copied %lld files to %lld folders"
        #expect(strings.format(key, "Ann", 1, 2, table: "Localizable") == "Ann hat in 2 Ordner eine Datei kopiert")
        #expect(strings.format(key, "Ann", 5, 1, table: "Localizable") == "Ann hat in einen Ordner 5 Dateien kopiert")
        let format = strings.pluralFormat(for: key, table: "Localizable", language: "de")?.format
        #expect(format == "%1$@ hat %3$#@folders@ %2$#@files@ kopiert")
    }

    @Test func deviceVariationsGiveTheirOtherCaseOrNothing() {
        let catalog = readCatalog(
            #"""
                "Tap to open" : { "localizations" : { "en" : { "variations" : { "device" : {
                  "mac" : \#(unit("Click to open")), "other" : \#(unit("Tap to open")) } } },
                  "de" : { "variations" : { "device" : { "mac" : \#(unit("Zum Öffnen klicken")), "iphone" : \#(unit("Zum Öffnen tippen")) } } } } },
                "%lld photos" : { "localizations" : { "de" : { "variations" : { "device" : { "other" : { "variations" : { "plural" : {
                  "one" : \#(unit("%lld Foto")), "other" : \#(unit("%lld Fotos")) } } } } } } } }
            """#)
        #expect(catalog.table(language: "en").strings["Tap to open"] == "Tap to open")
        #expect(catalog.table(language: "de").strings["Tap to open"] == nil)
        let photos = catalog.table(language: "de").plurals["%lld photos"]
        #expect(photos?.resolve(arguments: [1], language: "de").format == "%1$lld Foto")
        #expect(
            catalog.diagnostics.map(\.message).contains(
                "\"Tap to open\" (de): device variations without \"other\": on this system, no Apple device, the text is missing"))
    }

    @Test func languageTagsAreTheNamesPeopleSetInLanguage() {
        let pairs = [
            ("en", "en"), ("pt-BR", "pt_BR"), ("en-GB", "en_GB"), ("zh-Hans", "zh_CN"), ("zh-Hant", "zh_TW"), ("zh-HK", "zh_HK"),
            ("zh-Hant-HK", "zh_HK"), ("zh-Hans-SG", "zh_SG"), ("sr-Latn", "sr@latin"), ("sr-Latn-RS", "sr_RS@latin"), ("sr-Cyrl", "sr"),
            ("uz-Cyrl", "uz@cyrillic"), ("uz-Latn", "uz"), ("ks-Deva", "ks@devanagari"), ("ca-ES-valencia", "ca_ES@valencia"),
            ("ca-valencia", "ca@valencia"), ("nl-BE", "nl_BE"), ("es-419", "es_419"), ("mn-Mong", "mn@mong"), ("de-DE-1996", "de_DE@1996"),
        ]
        for (tag, name) in pairs { #expect(LanguageTag.localeName(tag) == name, "\(tag)") }
        for tag in ["Base", "", "en_US", "e", "english", "zh-Hans-", "x-private"] { #expect(LanguageTag.localeName(tag) == nil, "\(tag)") }
        // And back, for convert: what a .lproj folder's name is in a catalog.
        let back = [
            ("zh_CN", "zh-Hans"), ("zh_TW", "zh-Hant"), ("zh_HK", "zh-HK"), ("pt_BR", "pt-BR"), ("sr@latin", "sr-Latn"),
            ("sr_RS@latin", "sr-Latn-RS"), ("ca@valencia", "ca-valencia"), ("ca_ES@valencia", "ca-ES-valencia"), ("uz@cyrillic", "uz-Cyrl"),
            ("de", "de"), ("zh-Hans", "zh-Hans"), ("pt-BR", "pt-BR"),
        ]
        for (name, tag) in back {
            #expect(LanguageTag.tag(localeName: name) == tag, "\(name)")
            #expect(LanguageTag.localeName(tag).flatMap(LanguageTag.tag(localeName:)) == tag, "\(tag) round trip")
        }
        #expect(LanguageTag.tag(localeName: "Base") == nil)
    }

    @Test func lookupsFindCatalogLanguagesByTheirLanguageNames() throws {
        let folder = try TemporaryDirectory()
        try folder.write(
            "EntryKit.xcstrings",
            catalogJSON(
                #"""
                    "Cancel" : { "localizations" : {
                      "zh-Hans" : \#(unit("取消")), "zh-Hant" : \#(unit("取消 (TW)")), "pt-BR" : \#(unit("Cancelar")),
                      "sr-Latn" : \#(unit("Otkaži")), "sr" : \#(unit("Откажи")) } }
                """#))
        func cancel(_ locale: String) -> String {
            Localization(searchPaths: [folder.url], preference: LanguagePreference(locales: [locale]), desktopTranslations: nil).string(
                "Cancel")
        }
        #expect(cancel("zh_CN.UTF-8") == "取消")
        #expect(cancel("zh_TW") == "取消 (TW)")
        #expect(cancel("pt_BR") == "Cancelar")
        #expect(cancel("sr_RS") == "Откажи")
        #expect(cancel("ja") == "Cancel")
        let strings = Localization(searchPaths: [folder.url], preference: LanguagePreference(locales: []), desktopTranslations: nil)
        #expect(strings.value(for: "Cancel", language: "sr@latin") == "Otkaži")
        #expect(strings.availableLanguages() == ["en", "pt_BR", "sr", "sr@latin", "zh_CN", "zh_TW"])
    }

    @Test func theCatalogWinsOverLprojTablesOfItsFolderWhichFillInWhatItLacks() throws {
        let first = try TemporaryDirectory(tables: [
            "de": #""Cancel" = "Abbruch (lproj)"; "OK" = "OK (lproj)";"#, "fr": #""Cancel" = "Annuler";"#,
        ])
        try first.write("EntryKit.xcstrings", catalogJSON(#""Cancel" : { "localizations" : { "de" : \#(unit("Abbrechen")) } }"#))
        let second = try TemporaryDirectory()
        try second.write(
            "EntryKit.xcstrings",
            catalogJSON(
                #""Quit" : { "localizations" : { "de" : \#(unit("Beenden")) } }, "OK" : { "localizations" : { "de" : \#(unit("Gut")) } }"#))
        func strings(_ locale: String) -> Localization {
            Localization(searchPaths: [first.url, second.url], preference: LanguagePreference(locales: [locale]), desktopTranslations: nil)
        }
        #expect(strings("de").string("Cancel") == "Abbrechen")
        #expect(strings("de").string("OK") == "OK (lproj)", "the first folder's .lproj table before the second folder")
        #expect(strings("de").string("Quit") == "Beenden")
        #expect(strings("fr").string("Cancel") == "Annuler")
    }

    @Test func aBrokenCatalogIsReportedOnceAndLookupsGoOn() throws {
        let folder = try TemporaryDirectory(tables: ["de": #""Cancel" = "Abbrechen";"#])
        try folder.write(
            "EntryKit.xcstrings", "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"Cancel\" : { }\n    \"OK\" : { }\n  }\n}\n")
        let reports = Mutex<[String]>([])
        let strings = Localization(
            searchPaths: [folder.url], preference: LanguagePreference(locales: ["de"]), desktopTranslations: nil,
            report: { message in reports.withLock { $0.append(message) } })
        #expect(strings.string("Cancel") == "Abbrechen")
        #expect(strings.string("Cancel") == "Abbrechen")
        #expect(
            reports.withLock { $0 } == [
                "warning: \(folder.path("EntryKit.xcstrings")):5:5: not a String Catalog: expected ',' or '}' after the value of \"Cancel\", found '\"'"
            ])
    }

    @Test func coverageCountsEachLanguageOfACatalogAsAnLprojFolder() throws {
        let folder = try TemporaryDirectory(tables: ["ja": #""Cancel" = "キャンセル";"#])
        try folder.write(
            "EntryKit.xcstrings",
            catalogJSON(
                #"""
                    "Cancel" : { "localizations" : { "zh-Hans" : \#(unit("取消")), "de" : \#(unit("Abbrechen")) } },
                    "OK" : { "localizations" : { "de" : \#(unit("OK")), "zh-Hans" : \#(unit("好", state: "new")) } }
                """#))
        let coverage = try StringsCoverage(directories: [folder.path("")])
        #expect(coverage.englishKeys == 2)
        #expect(coverage.languages.map(\.language) == ["de", "ja", "zh_CN"])
        #expect(coverage.languages.map(\.missing) == [[], ["OK"], ["OK"]])
    }
}
