import Foundation
import Synchronization
import Testing

@testable import EntryKitCommandLine
@testable import EntryKitStrings

/// The XML of a `.stringsdict` table with one entry whose variable `name` has `forms`.
func stringsdict(key: String, format: String, name: String = "count", valueType: String = "d", forms: [String: String]) -> String {
    let formsXML = forms.sorted { $0.key < $1.key }.map { "<key>\($0.key)</key><string>\($0.value)</string>" }.joined()
    return """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict><key>\(key)</key><dict>
        <key>NSStringLocalizedFormatKey</key><string>\(format)</string>
        <key>\(name)</key><dict>
        <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>\(valueType)</string>
        \(formsXML)</dict></dict></dict></plist>
        """
}

/// What a `Localization` reported.
final class Reports: Sendable {
    private let messages = Mutex<[String]>([])
    @Sendable func append(_ message: String) { messages.withLock { $0.append(message) } }
    var all: [String] { messages.withLock { $0 } }
}

@Suite struct PluralRulesTests {
    static let numbers = [1, 2, 5, 11, 21, 22, 25, 101, 111]

    /// Written out by hand from CLDR's rules (plurals.xml), not computed.
    @Test(arguments: [
        ("ru", [PluralCategory.one, .few, .many, .many, .one, .few, .many, .one, .many]),
        ("uk", [.one, .few, .many, .many, .one, .few, .many, .one, .many]),
        ("pl", [.one, .few, .many, .many, .many, .few, .many, .many, .many]),
        ("ar", [.one, .two, .few, .many, .many, .many, .many, .other, .many]),
        ("cs", [.one, .few, .other, .other, .other, .other, .other, .other, .other]),
        ("sk", [.one, .few, .other, .other, .other, .other, .other, .other, .other]),
        ("hr", [.one, .few, .other, .other, .one, .few, .other, .one, .other]),
        ("sl", [.one, .two, .other, .other, .other, .other, .other, .one, .other]),
        ("lt", [.one, .few, .few, .other, .one, .few, .few, .one, .other]),
        ("ro", [.one, .few, .few, .few, .other, .other, .other, .few, .few]),
        ("he", [.one, .two, .other, .other, .other, .other, .other, .other, .other]),
        ("de", [.one, .other, .other, .other, .other, .other, .other, .other, .other]),
        ("ja", [.other, .other, .other, .other, .other, .other, .other, .other, .other]),
        ("zh_TW", [.other, .other, .other, .other, .other, .other, .other, .other, .other]),
        ("be", [.one, .few, .many, .many, .one, .few, .many, .one, .many]),
        ("bs", [.one, .few, .other, .other, .one, .few, .other, .one, .other]),
        ("sr@latin", [.one, .few, .other, .other, .one, .few, .other, .one, .other]),
        ("mk", [.one, .other, .other, .other, .one, .other, .other, .one, .other]),
        ("is", [.one, .other, .other, .other, .one, .other, .other, .one, .other]),
        ("lv", [.one, .other, .other, .zero, .one, .other, .other, .one, .zero]),
        ("ga", [.one, .two, .few, .other, .other, .other, .other, .other, .other]),
        ("cy", [.one, .two, .other, .other, .other, .other, .other, .other, .other]),
        ("bn", [.one, .other, .other, .other, .other, .other, .other, .other, .other]),
        ("km", [.other, .other, .other, .other, .other, .other, .other, .other, .other]),
    ])
    func categoriesOfTheIssuesNumbers(language: String, expected: [PluralCategory]) {
        #expect(Self.numbers.map { PluralRules.category(of: $0, language: language) } == expected)
    }

    @Test func zeroAndMillions() {
        #expect(PluralRules.category(of: 0, language: "ar") == .zero)
        #expect(PluralRules.category(of: 0, language: "fr") == .one)
        #expect(PluralRules.category(of: 0, language: "pt_BR") == .one)
        #expect(PluralRules.category(of: 0, language: "pt") == .other)
        #expect(PluralRules.category(of: 0, language: "hi") == .one)
        #expect(PluralRules.category(of: 0, language: "en") == .other)
        #expect(PluralRules.category(of: 1_000_000, language: "fr") == .many)
        #expect(PluralRules.category(of: 1_000_000, language: "es") == .many)
        #expect(PluralRules.category(of: 1_000_001, language: "es") == .other)
        #expect(PluralRules.category(of: 103, language: "sl") == .few)
        #expect(PluralRules.category(of: 102, language: "sl") == .two)
        #expect(PluralRules.category(of: 0, language: "ro") == .few)
        #expect(PluralRules.category(of: -1, language: "en") == .one)
        #expect(PluralRules.category(of: 0, language: "lv") == .zero)
        #expect(PluralRules.category(of: 10, language: "lv") == .zero)
        #expect(PluralRules.category(of: 0, language: "cy") == .zero)
        #expect(PluralRules.category(of: 3, language: "cy") == .few)
        #expect(PluralRules.category(of: 6, language: "cy") == .many)
        #expect(PluralRules.category(of: 7, language: "ga") == .many)
        #expect(PluralRules.category(of: 10, language: "ga") == .many)
        #expect(PluralRules.category(of: 0, language: "be") == .many)
        for language in ["am", "bn", "gu", "kn", "pa", "si"] {
            #expect(PluralRules.category(of: 0, language: language) == .one, "\(language)")
        }
        for language in ["ur", "mr", "ta", "ast"] { #expect(PluralRules.category(of: 0, language: language) == .other, "\(language)") }
        #expect(PluralRules.category(of: 1_000_000, language: "ca@valencia") == .many)
    }

    /// The forms a `.stringsdict` needs for a `%d` count in each language of the issue's list:
    /// what `lint` asks of a translator, written out by hand from CLDR.
    @Test func theFormsEachShippedLanguageNeeds() {
        let needs: [String: [PluralCategory]] = [
            "ar": [.zero, .one, .two, .few, .many, .other],
            "bg": [.one, .other], "da": [.one, .other], "de": [.one, .other], "el": [.one, .other], "en": [.one, .other],
            "et": [.one, .other], "eu": [.one, .other], "fi": [.one, .other], "gl": [.one, .other], "hu": [.one, .other],
            "nb": [.one, .other], "nl": [.one, .other], "sv": [.one, .other], "tr": [.one, .other],
            "fa": [.one, .other], "hi": [.one, .other],
            "ca": [.one, .many, .other], "es": [.one, .many, .other], "fr": [.one, .many, .other], "it": [.one, .many, .other],
            "pt": [.one, .many, .other], "pt_BR": [.one, .many, .other],
            "cs": [.one, .few, .other], "sk": [.one, .few, .other], "hr": [.one, .few, .other], "sr": [.one, .few, .other],
            "lt": [.one, .few, .other], "ro": [.one, .few, .other],
            "pl": [.one, .few, .many, .other], "ru": [.one, .few, .many, .other], "uk": [.one, .few, .many, .other],
            "sl": [.one, .two, .few, .other], "he": [.one, .two, .other],
            "id": [.other], "ja": [.other], "ko": [.other], "th": [.other], "vi": [.other], "zh_CN": [.other], "zh_TW": [.other],
            // The second round.
            "af": [.one, .other], "am": [.one, .other], "ast": [.one, .other], "az": [.one, .other], "bn": [.one, .other],
            "en_GB": [.one, .other], "eo": [.one, .other], "gu": [.one, .other], "is": [.one, .other], "ka": [.one, .other],
            "kk": [.one, .other], "kn": [.one, .other], "ku": [.one, .other], "mk": [.one, .other], "ml": [.one, .other],
            "mr": [.one, .other], "ne": [.one, .other], "nn": [.one, .other], "or": [.one, .other], "pa": [.one, .other],
            "ps": [.one, .other], "si": [.one, .other], "sq": [.one, .other], "ta": [.one, .other], "te": [.one, .other],
            "ur": [.one, .other], "uz": [.one, .other],
            "ca@valencia": [.one, .many, .other], "bs": [.one, .few, .other], "sr@latin": [.one, .few, .other],
            "lv": [.zero, .one, .other], "be": [.one, .few, .many, .other], "ga": [.one, .two, .few, .many, .other],
            "cy": [.zero, .one, .two, .few, .many, .other],
            "km": [.other], "ms": [.other], "my": [.other], "zh_HK": [.other],
        ]
        #expect(needs.count == 79)
        for (language, categories) in needs { #expect(PluralRules.integerCategories(of: language) == categories, "\(language)") }
    }

    @Test func everyLanguageOfTheListHasItsRules() {
        let languages = """
            ar bg ca cs da de el es et eu fa fi fr gl he hi hr hu id it ja ko lt nb nl pl pt pt_BR ro ru sk sl sr sv th tr uk vi \
            zh_CN zh_TW en bn ur mr te ta ms gu kn am pa ml ne uz kk az af si km my or ps ku sq be ka mk lv bs ga cy is eo nn ast \
            sr@latin ca@valencia zh_HK en_GB
            """.split(separator: " ").map(String.init)
        for language in languages { #expect(PluralRules.knows(language), "\(language)") }
        #expect(!PluralRules.knows("tlh"))
        #expect(PluralRules.integerCategories(of: "ar") == [.zero, .one, .two, .few, .many, .other])
        #expect(PluralRules.integerCategories(of: "cs") == [.one, .few, .other])
        #expect(PluralRules.categories(of: "cs") == [.one, .few, .many, .other])
        #expect(PluralRules.integerCategories(of: "fr") == [.one, .many, .other])
        #expect(PluralRules.integerCategories(of: "ja") == [.other])
    }
}

@Suite struct PluralFormatTests {
    static let key = "Accepted: username %1$@, password of %2$d characters."

    private func localization(
        _ tables: [String: String], strings: [String: String] = [:], locales: [String]
    )
        throws -> (Localization, TemporaryDirectory, Reports)
    {
        let directory = try TemporaryDirectory()
        for (language, xml) in tables { try directory.write("\(language).lproj/EntryKit.stringsdict", xml) }
        for (language, text) in strings { try directory.writeTable(text, language: language) }
        let reports = Reports()
        let strings = Localization(
            searchPaths: [directory.url], preference: LanguagePreference(locales: locales), desktopTranslations: nil,
            report: reports.append)
        return (strings, directory, reports)
    }

    @Test func russianPicksTheFormOfEachCount() throws {
        let russian = stringsdict(
            key: Self.key, format: "Принято: пользователь %1$@, пароль из %2$#@count@.",
            forms: ["one": "%d символа", "few": "%d символов", "many": "%d символов", "other": "%d символа"])
        let (strings, directory, reports) = try localization(["ru": russian], locales: ["ru"])
        defer { withExtendedLifetime(directory) {} }  // the tables stay until the test ends
        let shown = [1, 2, 5, 21, 22, 111].map { strings.format(Self.key, "ann", $0) }
        #expect(
            shown == [
                "Принято: пользователь ann, пароль из 1 символа.", "Принято: пользователь ann, пароль из 2 символов.",
                "Принято: пользователь ann, пароль из 5 символов.", "Принято: пользователь ann, пароль из 21 символа.",
                "Принято: пользователь ann, пароль из 22 символов.", "Принято: пользователь ann, пароль из 111 символов.",
            ])
        #expect(reports.all.isEmpty)
    }

    @Test func polishArabicAndCzechPickTheirForms() throws {
        let format = "%#@count@"
        let key = "%d items"
        let (strings, directory, _) = try localization(
            [
                "pl": stringsdict(
                    key: key, format: format, forms: ["one": "pl-one", "few": "pl-few", "many": "pl-many", "other": "pl-other"]),
                "ar": stringsdict(
                    key: key, format: format,
                    forms: ["zero": "ar-zero", "one": "ar-one", "two": "ar-two", "few": "ar-few", "many": "ar-many", "other": "ar-other"]),
                "cs": stringsdict(
                    key: key, format: format, forms: ["one": "cs-one", "few": "cs-few", "many": "cs-many", "other": "cs-other"]),
            ], locales: ["pl"])
        defer { withExtendedLifetime(directory) {} }  // the tables stay until the test ends
        func forms(_ language: String) -> [String] {
            strings.setLanguage(language)
            return PluralRulesTests.numbers.map { strings.format(key, $0) }
        }
        #expect(forms("pl") == ["pl-one", "pl-few", "pl-many", "pl-many", "pl-many", "pl-few", "pl-many", "pl-many", "pl-many"])
        #expect(forms("ar") == ["ar-one", "ar-two", "ar-few", "ar-many", "ar-many", "ar-many", "ar-many", "ar-other", "ar-many"])
        #expect(forms("cs") == ["cs-one", "cs-few", "cs-other", "cs-other", "cs-other", "cs-other", "cs-other", "cs-other", "cs-other"])
        strings.setLanguage("ar")
        #expect(strings.format(key, 0) == "ar-zero")
    }

    @Test func theShippedEnglishAndJapaneseTablesCountCharacters() {
        let english = Localization(searchPaths: [Localization.sourceTreeResources], preference: LanguagePreference(locales: ["en"]))
        #expect(english.format(Self.key, "ann", 1) == "Accepted: username ann, password of 1 character.")
        #expect(english.format(Self.key, "ann", 0) == "Accepted: username ann, password of 0 characters.")
        #expect(english.format(Self.key, "ann", 12) == "Accepted: username ann, password of 12 characters.")
        let japanese = Localization(searchPaths: [Localization.sourceTreeResources], preference: LanguagePreference(locales: ["ja"]))
        #expect(japanese.format(Self.key, "ann", 1) == "受け付けました: ユーザー名 ann、パスワード 1 文字。")
    }

    @Test func zeroFormAndAFormWithoutTheNumberAndSequentialArguments() throws {
        let key = "%d files in %@"
        let english = stringsdict(
            key: key, format: "%#@count@ in %@", forms: ["zero": "No files", "one": "One file", "other": "%d files"])
        let (strings, directory, reports) = try localization(["en": english], locales: ["en"])
        defer { withExtendedLifetime(directory) {} }  // the tables stay until the test ends
        #expect(strings.format(key, 0, "Docs") == "No files in Docs")
        #expect(strings.format(key, 1, "Docs") == "One file in Docs")
        #expect(strings.format(key, 7, "Docs") == "7 files in Docs")
        #expect(reports.all.isEmpty)
    }

    @Test func eachLanguagesPluralTableComesBeforeItsStringsAndAfterEarlierLanguages() throws {
        let key = "%d files"
        let (strings, directory, _) = try localization(
            ["de": stringsdict(key: key, format: "%#@count@", forms: ["one": "eine Datei", "other": "%d Dateien"])],
            strings: ["de": #""%d files" = "%d Dateien (ohne Plural)";"#, "fr": #""%d files" = "%d fichiers";"#],
            locales: ["fr", "de"])
        defer { withExtendedLifetime(directory) {} }  // the tables stay until the test ends
        #expect(strings.format(key, 1) == "1 fichiers")
        strings.setLanguage("de")
        #expect(strings.format(key, 1) == "eine Datei")
    }

    @Test func formsThatReadTheCountAsAnotherKindAreNotUsed() throws {
        let key = "%d files"
        let (strings, directory, reports) = try localization(
            ["de": stringsdict(key: key, format: "%#@count@", forms: ["one": "eine Datei", "other": "%@ Dateien"])], locales: ["de"])
        defer { withExtendedLifetime(directory) {} }  // the tables stay until the test ends
        #expect(strings.format(key, 1) == "eine Datei")
        #expect(strings.format(key, 3) == "3 files")
        #expect(reports.all.count == 1)
    }

    @Test func readingReportsWhatMakesAnEntryUnusable() {
        func problems(_ xml: String) -> [String] {
            guard case .dictionary(let members) = StringsParser.read(Data(xml.utf8)).values["k %d"] ?? .string("") else { return ["?"] }
            return PluralFormat.read(.dictionary(members)).problems.map { ($0.isError ? "error: " : "warning: ") + $0.message }
        }
        #expect(
            problems(stringsdict(key: "k %d", format: "%#@count@", forms: ["one": "x"])) == [
                "error: variable \"count\" has no \"other\" form"
            ])
        #expect(
            problems(stringsdict(key: "k %d", format: "%#@nothing@", forms: ["other": "x"])) == [
                "error: NSStringLocalizedFormatKey uses %#@nothing@, which the entry does not define",
                "warning: variable \"count\" is not used by NSStringLocalizedFormatKey",
            ])
        #expect(
            problems(stringsdict(key: "k %d", format: "%#@count@", valueType: "@", forms: ["other": "x"])) == [
                "error: variable \"count\": NSStringFormatValueTypeKey must be an integer conversion such as d"
            ])
        #expect(
            problems(stringsdict(key: "k %d", format: "%#@count@", forms: ["other": "x", "several": "y"])) == [
                "warning: variable \"count\": \"several\" is not a plural category (zero, one, two, few, many, other); ignored"
            ])
    }
}

@Suite struct PluralLintTests {
    private func lint(_ xml: String, language: String) throws -> (status: Int32, output: String, errors: String) {
        let directory = try TemporaryDirectory()
        let path = try directory.write("\(language).lproj/EntryKit.stringsdict", xml)
        var output = ""
        var errors = ""
        let status = StringsCommand.run(
            ["lint", path], standardInput: { Data() }, standardOutput: { output += $0 }, standardError: { errors += $0 })
        return (status.code, output, errors)
    }

    @Test func russianWithoutFewAndGermanWithFewAreWarned() throws {
        let russian = try lint(
            stringsdict(key: "%d files", format: "%#@count@", forms: ["one": "%d файл", "many": "%d файлов", "other": "%d файла"]),
            language: "ru")
        #expect(russian.status == 0)
        #expect(russian.errors.contains("warning: \"%d files\": variable \"count\" has no few form, which ru uses for 2, 3, 4, 22, …"))
        #expect(russian.output.hasSuffix("EntryKit.stringsdict: 0 errors, 1 warning\n"))
        let german = try lint(
            stringsdict(key: "%d files", format: "%#@count@", forms: ["one": "%d Datei", "few": "%d Dateien", "other": "%d Dateien"]),
            language: "de")
        #expect(german.errors.contains("warning: \"%d files\": variable \"count\": de has no few category; this form is never shown"))
    }

    @Test func aMissingOtherFormOrAMismatchedConversionIsReported() throws {
        let missing = try lint(stringsdict(key: "%d files", format: "%#@count@", forms: ["one": "%d Datei"]), language: "de")
        #expect(missing.status == 1)
        #expect(missing.errors.contains("error: \"%d files\": variable \"count\" has no \"other\" form"))
        let mismatched = try lint(
            stringsdict(key: "%d files", format: "%#@count@", forms: ["one": "%d Datei", "other": "%@ Dateien"]), language: "de")
        #expect(mismatched.errors.contains("warning: \"%d files\": the other form of \"count\" has format conversions that differ"))
    }

    @Test func theShippedPluralTablesAreClean() throws {
        let resources = Localization.sourceTreeResources
        let folders = try FileManager.default.contentsOfDirectory(atPath: resources.path).filter { $0.hasSuffix(".lproj") }
        var checked = 0
        for folder in folders {
            let path = resources.appendingPathComponent("\(folder)/EntryKit.stringsdict").path
            guard FileManager.default.fileExists(atPath: path) else { continue }
            var output = ""
            var errors = ""
            let status = StringsCommand.run(
                ["lint", "--strict", path], standardInput: { Data() }, standardOutput: { output += $0 }, standardError: { errors += $0 })
            #expect(status == .answered, "\(errors)")
            #expect(output == "\(path): OK\n")
            checked += 1
        }
        #expect(checked >= 2)
    }
}
