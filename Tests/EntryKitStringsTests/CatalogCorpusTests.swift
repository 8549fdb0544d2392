import Foundation
import Testing

@testable import EntryKitCommandLine
@testable import EntryKitStrings

/// Real String Catalogs from public apps (`Tests/CatalogCorpus`, sources in its `SOURCES`
/// file): read as Foundation's `JSONSerialization` reads the JSON, and each language's table
/// as Xcode compiles it.
@Suite struct CatalogCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // EntryKitStringsTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("CatalogCorpus")

    static func files() throws -> [String] {
        let text = try String(contentsOf: corpus.appendingPathComponent("SOURCES"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0.split(separator: "\t")[0]) }
    }

    static func data(_ file: String) throws -> Data {
        try Data(contentsOf: corpus.appendingPathComponent(file))
    }

    static func catalog(_ file: String) throws -> StringCatalog {
        StringCatalog.read(try data(file))
    }

    /// Lookups in `file` (copied as `Localizable.xcstrings` into a folder of its own) under `locales`.
    static func strings(_ file: String, _ locales: String...) throws -> (Localization, TemporaryDirectory) {
        let folder = try TemporaryDirectory()
        try folder.write("Localizable.xcstrings", try data(file))
        return (Localization(searchPaths: [folder.url], preference: LanguagePreference(locales: locales), desktopTranslations: nil), folder)
    }

    @Test func everyCatalogIsListedWithItsOriginAndTheCorpusHasTheFormsCatalogsUse() throws {
        let listed = try Self.files()
        let present = (FileManager.default.enumerator(atPath: Self.corpus.path)?.allObjects as? [String] ?? []).filter {
            $0.hasSuffix(".xcstrings")
        }
        #expect(Set(listed) == Set(present))
        #expect(Set(listed.map { $0.split(separator: "/")[0] }).count >= 4)
        var seen: Set<String> = []
        var languages: Set<String> = []
        for file in listed {
            let catalog = try Self.catalog(file)
            languages.formUnion(catalog.languages)
            for entry in catalog.entries {
                if !entry.shouldTranslate { seen.insert("shouldTranslate") }
                if let state = entry.extractionState { seen.insert("extractionState=\(state)") }
                for (_, localization) in entry.localizations {
                    if let state = localization.stringUnit?.state { seen.insert("state=\(state)") }
                    for variation in localization.variations { seen.insert(variation.selector) }
                    if !localization.substitutions.isEmpty { seen.insert("substitutions") }
                }
            }
        }
        for form in [
            "shouldTranslate", "extractionState=stale", "state=new", "state=needs_review", "state=translated", "plural", "device",
            "substitutions",
        ] {
            #expect(seen.contains(form), "\(form)")
        }
        #expect(languages.count >= 25)
        #expect(languages.isSuperset(of: ["zh-Hans", "zh-Hant", "pt-BR", "pt-PT", "en-GB", "nl-BE", "pl", "uk", "ru", "ar", "ja"]))
    }

    /// The acceptance test of the reader: Foundation reads the same JSON, value for value, and
    /// the catalog and each language's `.lproj` tables write and read back alike (the fuzz
    /// target's checks, `catalog-fuzz`, on every real catalog).
    @Test func theJSONReadsAsJSONSerializationReadsItAndEachTableWritesAndReadsBack() throws {
        let files = try Self.files()
        let run = try CatalogFuzzReplayTests.replay(files.map { Self.corpus.appendingPathComponent($0).path })
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == "ran \(files.count) inputs\n")
        for file in files {
            let catalog = try Self.catalog(file)
            #expect(catalog.problems.filter(\.isError).isEmpty, "\(file): \(catalog.problems.prefix(3))")
            let root = try JSONSerialization.jsonObject(with: try Self.data(file)) as? [String: Any]
            #expect(catalog.entries.count == (root?["strings"] as? [String: Any])?.count, "\(file)")
        }
    }

    /// Every plain string unit, read from Foundation's objects by the rule (the value, unless
    /// the unit is `new` outside the source language or the key is not to be translated), is
    /// the compiled table's string; a source-language key without text is itself.
    @Test func everyStringUnitCompilesAsXcodeWritesItIntoTheStringsTable() throws {
        var compared = 0
        for file in try Self.files() {
            let root = try #require(try JSONSerialization.jsonObject(with: try Self.data(file)) as? [String: Any])
            let source = try #require(root["sourceLanguage"] as? String)
            let catalog = try Self.catalog(file)
            let tables = Dictionary(uniqueKeysWithValues: catalog.languages.map { ($0, catalog.table(language: $0)) })
            for (key, value) in try #require(root["strings"] as? [String: Any]) {
                let entry = try #require(value as? [String: Any])
                let translate = entry["shouldTranslate"] as? Bool ?? true
                let localizations = entry["localizations"] as? [String: [String: Any]] ?? [:]
                if localizations[source] == nil {
                    #expect(tables[source]?.strings[key] == key, "\(file): \(key)")
                }
                for (language, localization) in localizations where localization.keys.sorted() == ["stringUnit"] {
                    let unit = try #require(localization["stringUnit"] as? [String: String])
                    let shown = (language == source || (translate && unit["state"] != "new")) ? unit["value"] : nil
                    #expect(tables[language]?.strings[key] == shown, "\(file): \(key) (\(language))")
                    compared += 1
                }
            }
        }
        #expect(compared > 15_000)
    }

    @Test func realCatalogsReadAsTheirTranslatorsMeantThem() throws {
        // Ice Cubes: Polish plurals by CLDR's rules.
        let (polish, folder1) = try Self.strings("Dimillian-IceCubesApp/Localizable.xcstrings", "pl_PL.UTF-8")
        let unread = "accessibility.tabs.timeline.unread-posts.label-%lld"
        #expect(polish.format(unread, 1, table: "Localizable") == "1 nowy post")
        #expect(polish.format(unread, 3, table: "Localizable") == "3 nowe posty")
        #expect(polish.format(unread, 5, table: "Localizable") == "5 nowych postów")
        #expect(polish.format(unread, 22, table: "Localizable") == "22 nowe posty")
        // A key marked shouldTranslate false shows the source text though German has a translation.
        let (iceCubes, folder2) = try Self.strings("Dimillian-IceCubesApp/Localizable.xcstrings", "de")
        #expect(iceCubes.string("Post content", table: "Localizable") == "Post content")
        #expect(iceCubes.format("account.label.followers %lld %@", 1, "1", table: "Localizable") == "1 Follower")
        // Device variations without "other": the text is missing here, so the key shows.
        #expect(iceCubes.string("settings.display.section.platform", table: "Localizable") == "settings.display.section.platform")
        // Loop: zh-Hans is zh_CN, nl-BE is nl_BE; Russian plurals; a key whose English text is a plural.
        let (chinese, folder3) = try Self.strings("MrKai77-Loop/Localizable.xcstrings", "zh_CN")
        #expect(chinese.string("%@ is already used as your trigger key.", table: "Localizable") == "%@已经被用作触发键。")
        let (russian, folder4) = try Self.strings("MrKai77-Loop/Localizable.xcstrings", "ru_RU.UTF-8")
        #expect(russian.format("Loops left to unlock new icon", 1, table: "Localizable") == "Остался 1 Loop")
        #expect(russian.format("Loops left to unlock new icon", 5, table: "Localizable") == "Осталось 5 Loop’ов")
        let (english, folder5) = try Self.strings("MrKai77-Loop/Localizable.xcstrings", "en")
        #expect(english.format("Loops left to unlock new icon", 1, table: "Localizable") == "1 Loop left")
        // Whisky: a Czech unit Crowdin marked new holds the English text; the next language answers.
        let (czech, folder6) = try Self.strings("Whisky-App-Whisky/Localizable.xcstrings", "cs")
        #expect(czech.value(for: "config.avx", table: "Localizable", language: "cs") == nil)
        #expect(czech.string("config.avx", table: "Localizable") == "Advertise AVX Support")
        let (czechThenGerman, folder7) = try Self.strings("Whisky-App-Whisky/Localizable.xcstrings", "cs", "de")
        let german = try #require(try Self.catalog("Whisky-App-Whisky/Localizable.xcstrings").table(language: "de").strings["config.avx"])
        #expect(german != "Advertise AVX Support")
        #expect(czechThenGerman.string("config.avx", table: "Localizable") == german)
        // A key no longer in the code (extractionState stale) is still compiled.
        #expect(czechThenGerman.value(for: "tab.processes", table: "Localizable", language: "de") == "Laufende Prozesse")
        // xcstrings-tool's fixtures: device variations by "other", "zero" used for 0, substitutions by argNum.
        let (tool, folder8) = try Self.strings("liamnichols-xcstrings-tool/Variations.xcstrings", "en")
        #expect(tool.string("String.Device", table: "Localizable") == "Tap to open")
        #expect(tool.format("String.Plural", 0, table: "Localizable") == "I have no strings")
        #expect(tool.format("String.Plural", 1, table: "Localizable") == "I have 1 string")
        let (substitution, folder9) = try Self.strings("liamnichols-xcstrings-tool/Substitution.xcstrings", "en")
        #expect(
            substitution.format("substitutions_example.string", "Hi", 1, 4, table: "Localizable")
                == "Hi! There is 1 string and you have 4 remaining")
        _ = [folder1, folder2, folder3, folder4, folder5, folder6, folder7, folder8, folder9]
    }

    /// `dump --language` prints what the table holds, and the `.lproj` tables `convert` writes
    /// read back (with EntryKit's `.strings` parser) to the same strings and plural entries, for
    /// every language of every real catalog.
    @Test func dumpAndConvertGiveEachLanguagesCompiledTable() throws {
        for file in try Self.files() {
            let catalog = try Self.catalog(file)
            let path = Self.corpus.appendingPathComponent(file).path
            for tag in catalog.languages {
                let table = catalog.table(language: tag)
                var output = ""
                let status = StringsCommand.run(
                    ["dump", "--language", LanguageTag.localeName(tag)!, path], standardInput: { Data() }, standardOutput: { output += $0 },
                    standardError: { _ in })
                #expect(status == .answered && output == table.document.json, "\(file) \(tag)")
            }
            for (path, text) in StringsCommand.lprojFiles(catalog, table: "T", folder: "out") {
                let name = String(path.split(separator: "/")[1].dropLast(".lproj".count))
                let table = catalog.table(language: try #require(catalog.tag(of: name)))
                let document = StringsParser.read(Data(text.utf8))
                #expect(document.errors.isEmpty, "\(file): \(path)")
                if path.hasSuffix(".strings") {
                    #expect(document.table == table.strings, "\(file): \(path)")
                } else {
                    let plurals = table.entries.filter { $0.value.string == nil }
                    let expected = [String: StringsValue](uniqueKeysWithValues: plurals.map { ($0.key, $0.value) })
                    #expect(document.values == expected, "\(file): \(path)")
                }
            }
        }
    }

    @Test func lintReadsRealCatalogsWithoutErrorsAndFindsTheirTranslatorsSlips() throws {
        for file in try Self.files() {
            #expect(try Self.catalog(file).diagnostics.filter(\.isError).isEmpty, "\(file)")
        }
        let messages = try Self.catalog("Dimillian-IceCubesApp/Localizable.xcstrings").diagnostics.map(\.message)
        #expect(
            messages.contains(
                "\"instance.list.posts-%@\" (ca): the format conversions (%p) differ from the source language's (%@); the source text is shown instead"
            ))
        #expect(
            messages.contains {
                $0.hasPrefix("\"accessibility.tabs.timeline.unread-posts.label-%lld\" (uk): no few form, which uk uses for 2, 3, 4, 22")
            })
    }

    /// Broken copies of a real catalog: each break is named at its line and column.
    @Test func lintNamesTheBreakInACopyOfARealCatalog() throws {
        let original = String(decoding: try Self.data("MrKai77-Loop/Localizable.xcstrings"), as: UTF8.self)
        var lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func lint(_ text: String) -> [String] {
            StringCatalog.read(Data(text.utf8)).diagnostics.map { "\($0.position): \($0.isError ? "error" : "warning"): \($0.message)" }
        }
        // A comma lost between two members.
        let comma = try #require(lines.firstIndex { $0.hasSuffix("},") && $0.hasPrefix("        }") })
        var broken = lines
        broken[comma].removeLast()
        let missingComma = lint(broken.joined(separator: "\n"))
        #expect(missingComma.count == 1)
        #expect(
            missingComma.first?.hasPrefix("\(comma + 2):9: error: not a String Catalog: expected ',' or '}' after the value of") == true)
        // A plural category Russian needs, removed.
        let few = try #require(lines.firstIndex { $0.contains("\"Осталось %lld Loop’ов\"") }.map { $0 - 3 })
        #expect(lines[few].trimmingCharacters(in: .whitespaces) == "\"few\" : {")
        lines[few] = lines[few].replacingOccurrences(of: "\"few\"", with: "\"fewer\"")
        let noFew = lint(lines.joined(separator: "\n"))
        #expect(noFew.contains { $0.contains("\"Loops left to unlock new icon\" (ru): no few form, which ru uses for 2, 3, 4, 22") })
        #expect(
            noFew.contains {
                $0.hasPrefix("\(few + 1):")
                    && $0.hasSuffix("\"fewer\" is not a plural category (zero, one, two, few, many, other); ignored")
            })
        // A format specifier changed in a translation.
        let german = try #require(lines.firstIndex { $0.contains("\"%@ wird bereits als Aktivierungstaste benutzt.\"") })
        lines[german] = lines[german].replacingOccurrences(of: "%@ wird", with: "%d wird")
        #expect(
            lint(lines.joined(separator: "\n")).contains {
                $0.hasSuffix(
                    "\"%@ is already used as your trigger key.\" (de): the format conversions (%d) differ from the source language's (%@); the source text is shown instead"
                )
            })
    }
}
