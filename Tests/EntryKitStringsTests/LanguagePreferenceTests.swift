import Testing

@testable import EntryKitStrings

@Suite struct LanguagePreferenceTests {
    @Test func languageListComesFirstThenLocaleThenEnglish() {
        let preference = LanguagePreference(environment: ["LANGUAGE": "fr_CA:de", "LANG": "ja_JP.UTF-8"])
        #expect(preference.languages == ["fr_CA", "fr", "de", "ja_JP", "ja", "en"])
    }

    @Test func lcAllWinsOverLcMessagesAndLang() {
        let preference = LanguagePreference(environment: ["LC_ALL": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR", "LANG": "ja_JP"])
        #expect(preference.languages == ["de_DE", "de", "en"])
    }

    @Test func lcMessagesWinsOverLang() {
        let preference = LanguagePreference(environment: ["LC_MESSAGES": "fr_FR.UTF-8", "LANG": "ja_JP.UTF-8"])
        #expect(preference.languages == ["fr_FR", "fr", "en"])
    }

    @Test func langAloneIsUsed() {
        #expect(LanguagePreference(environment: ["LANG": "ja_JP.UTF-8"]).languages == ["ja_JP", "ja", "en"])
    }

    @Test func emptyVariablesAreSkipped() {
        let preference = LanguagePreference(environment: ["LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "ja_JP.eucJP"])
        #expect(preference.languages == ["ja_JP", "ja", "en"])
    }

    @Test func nothingSetMeansEnglish() {
        #expect(LanguagePreference(environment: [:]).languages == ["en"])
    }

    @Test func cAndPosixNameNoLanguage() {
        #expect(LanguagePreference(environment: ["LANG": "C.UTF-8"]).languages == ["en"])
        #expect(LanguagePreference(environment: ["LC_ALL": "POSIX"]).languages == ["en"])
    }

    @Test func languageIsHonouredUnderTheCLocale() {
        #expect(LanguagePreference(environment: ["LANGUAGE": "ja", "LANG": "C"]).languages == ["ja", "en"])
    }

    /// As gettext: the names with the modifier first, then without it, so Serbian in Latin
    /// letters is found before Serbian in Cyrillic, and Valencian before Catalan.
    @Test func theModifierComesFirstThenTheNamesWithoutIt() {
        #expect(
            LanguagePreference(environment: ["LANG": "sr_RS.UTF-8@latin"]).languages == ["sr_RS@latin", "sr@latin", "sr_RS", "sr", "en"])
        #expect(LanguagePreference(environment: ["LANGUAGE": "sr@latin"]).languages == ["sr@latin", "sr", "en"])
        #expect(
            LanguagePreference(environment: ["LANGUAGE": "ca_ES@valencia:de"]).languages
                == ["ca_ES@valencia", "ca@valencia", "ca_ES", "ca", "de", "en"])
        #expect(LanguagePreference(environment: ["LANG": "de_DE@euro"]).languages == ["de_DE@euro", "de@euro", "de_DE", "de", "en"])
    }

    @Test func aModifierThatIsNoWordAndTheCodesetAreDropped() {
        #expect(LanguagePreference(locales: ["sr_RS.UTF-8@"]).languages == ["sr_RS", "sr", "en"])
        #expect(LanguagePreference(locales: ["sr@../x", "ja@lat in"]).languages == ["sr", "ja", "en"])
        #expect(LanguagePreference(locales: ["de_DE.ISO-8859-15"]).languages == ["de_DE", "de", "en"])
    }

    /// `LANGUAGE=sr@latin` shows the Latin table, `sr` the Cyrillic one, from the shipped tables.
    @Test func serbianInLatinLettersHasItsOwnTable() {
        func cancel(_ language: String) -> String {
            Localization(
                searchPaths: [Localization.sourceTreeResources], preference: LanguagePreference(locales: [language]),
                desktopTranslations: nil
            )
            .string("Cancel")
        }
        #expect(cancel("sr@latin") == "Otkaži")
        #expect(cancel("sr_RS.UTF-8@latin") == "Otkaži")
        #expect(cancel("sr") == "Откажи")
        #expect(cancel("ca@valencia") == "Cancel·la")
        #expect(
            Localization(
                searchPaths: [Localization.sourceTreeResources], preference: LanguagePreference(locales: ["ca_ES.UTF-8@valencia"]),
                desktopTranslations: nil
            ).string("Quit") == "Ix")
    }

    @Test func bcp47HyphenIsNormalized() {
        #expect(LanguagePreference(locales: ["pt-BR"]).languages == ["pt_BR", "pt", "en"])
    }

    @Test func duplicatesAndEmptyEntriesAreRemoved() {
        let preference = LanguagePreference(environment: ["LANGUAGE": "ja::ja_JP:en:ja", "LANG": "ja_JP.UTF-8"])
        #expect(preference.languages == ["ja", "ja_JP", "en"])
    }

    @Test func garbageLocaleNamesAreIgnored() {
        #expect(LanguagePreference(locales: ["../../etc", " ", "ja/../x"]).languages == ["en"])
    }
}
