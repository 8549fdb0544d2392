import Synchronization
import Testing

@testable import EntryKitStrings

@Suite struct FormatSpecifiersTests {
    @Test func sequentialConversionsAreListedInOrder() {
        let specifiers = FormatSpecifiers("Copied %d files to %@ (%.1f%%)")
        #expect(specifiers.arguments == [.signedInteger, .object, .floatingPoint])
        #expect(!specifiers.isMalformed)
        #expect(specifiers.description == "%d %@ %f")
    }

    @Test func positionalTranslationMatchesSequentialKey() {
        #expect(FormatSpecifiers("Copied %d files to %@") == FormatSpecifiers("%2$@ に %1$d 個のファイルをコピーしました"))
    }

    @Test func differentTypeOrCountDoesNotMatch() {
        #expect(FormatSpecifiers("Current language: %@") != FormatSpecifiers("現在の言語: %d"))
        #expect(FormatSpecifiers("%@ and %@") != FormatSpecifiers("%@"))
        #expect(FormatSpecifiers("%d") != FormatSpecifiers("%u"))
    }

    @Test func flagsWidthPrecisionAndLengthDoNotChangeTheKind() {
        #expect(FormatSpecifiers("%-08.3ld") == FormatSpecifiers("%d"))
        #expect(FormatSpecifiers("%lu %llx") == FormatSpecifiers("%u %o"))
        #expect(FormatSpecifiers("%e") == FormatSpecifiers("%g"))
    }

    @Test func percentLiteralsAreNoConversions() {
        #expect(FormatSpecifiers("100%% sure").isEmpty)
        #expect(FormatSpecifiers("no conversions").isEmpty)
    }

    @Test func malformedPercentIsFlagged() {
        #expect(FormatSpecifiers("50%").isMalformed)
        #expect(FormatSpecifiers("%k").isMalformed)
        #expect(FormatSpecifiers("%*d").isMalformed, "widths from arguments are refused")
        #expect(FormatSpecifiers("%d then %").arguments == [.signedInteger])
        #expect(FormatSpecifiers("%d then %") != FormatSpecifiers("%d"))
    }

    @Test func positionUsedTwiceWithOneKindIsFineWithTwoKindsIsNot() {
        #expect(FormatSpecifiers("%1$@ or %1$@") == FormatSpecifiers("%@"))
        #expect(FormatSpecifiers("%1$@ or %1$d").arguments == [nil])
        #expect(FormatSpecifiers("%2$@").arguments == [nil, .object], "a gap is a mismatch with any key")
    }
}

@Suite struct LocalizationFormatTests {
    @Test func translationWithMatchingConversionsIsUsed() throws {
        let tables = try TemporaryDirectory(tables: ["ja": #""Copied %d files to %@" = "%2$@ に %1$d 個をコピー";"#])
        let strings = Localization(searchPaths: [tables.url], preference: LanguagePreference(locales: ["ja"]))
        #expect(strings.format("Copied %d files to %@", 3, "/tmp") == "/tmp に 3 個をコピー")
    }

    @Test func translationWithWrongConversionsFallsBackToTheKeyAndIsReportedOnce() throws {
        let tables = try TemporaryDirectory(tables: ["ja": #""Current language: %@" = "現在の言語: %d";"#])
        let reports = Mutex<[String]>([])
        let strings = Localization(
            searchPaths: [tables.url], preference: LanguagePreference(locales: ["ja"]),
            report: { message in reports.withLock { $0.append(message) } })
        #expect(strings.format("Current language: %@", "日本語") == "Current language: 日本語")
        #expect(strings.format("Current language: %@", "日本語") == "Current language: 日本語")
        let recorded = reports.withLock { $0 }
        #expect(recorded.count == 1)
        #expect(recorded.first?.contains("(%d) differ from %@") == true)
    }

    @Test func identifierKeysAreCheckedAgainstTheEnglishText() throws {
        let tables = try TemporaryDirectory(tables: [
            "en": #""greeting" = "Hello, %@!";"#,
            "ja": #""greeting" = "こんにちは、%@！";"#,
            "fr": #""greeting" = "Bonjour, %d !";"#,
        ])
        let japanese = Localization(searchPaths: [tables.url], preference: LanguagePreference(locales: ["ja"]), report: { _ in })
        #expect(japanese.format("greeting", "Ann") == "こんにちは、Ann！")
        let french = Localization(searchPaths: [tables.url], preference: LanguagePreference(locales: ["fr"]), report: { _ in })
        #expect(french.format("greeting", "Ann") == "Hello, Ann!")
    }

    @Test func shippedTablesHaveSafeConversions() throws {
        for language in ["en", "ja"] {
            let strings = Localization(
                searchPaths: [Localization.sourceTreeResources], preference: LanguagePreference(locales: [language]),
                report: { message in Issue.record("\(message)") })
            #expect(strings.formatString("Current language: %@") == strings.string("Current language: %@"))
        }
    }
}
