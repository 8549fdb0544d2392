import Foundation
import Testing

@testable import EntryKitCommandLine
@testable import EntryKitStrings

/// What native speakers sent back about the shipped tables, each kept from coming back: a word
/// that means something else, two words for one thing in one table, a mnemonic two labels of one
/// window share, and the English source in one spelling.
@Suite struct TranslationReviewTests {
    static let resources = Localization.sourceTreeResources

    static func text(_ language: String, _ file: String = "EntryKit.strings") throws -> String {
        try String(contentsOf: resources.appendingPathComponent("\(language).lproj/\(file)"), encoding: .utf8)
    }

    static func table(_ language: String) throws -> [String: String] {
        try StringsParser.read(Data(contentsOf: resources.appendingPathComponent("\(language).lproj/EntryKit.strings"))).table
    }

    /// A word a table must not use, in one key (nil: in any value), and what it would say instead.
    struct Rejected: Sendable, CustomTestStringConvertible {
        var language: String
        var key: String?
        var word: String
        var why: String
        var testDescription: String { "\(language) \(key ?? "*"): \(word)" }
    }

    static let rejected: [Rejected] = [
        Rejected(language: "ko", key: nil, word: "암호문", why: "ciphertext; the desktop says 암호 or 암호글 for a passphrase"),
        Rejected(language: "pl", key: "Picker Field", word: "Pole wyboru", why: "what Polish interfaces call a check box"),
        Rejected(language: "fr", key: "Overview", word: "Aperçu", why: "reads as a print preview; GNOME says Vue d’ensemble"),
        Rejected(language: "fr", key: "Callbacks", word: "Rappels", why: "reminders; GTK says fonction de rappel"),
        Rejected(language: "es", key: "Overview", word: "Resumen", why: "a summary; the desktop says Información general"),
        Rejected(language: "es", key: "Pre-filled username", word: "predefinido", why: "predefined, not filled in beforehand"),
        Rejected(language: "es", key: nil, word: "letra", why: "the table's word for font is tipografía"),
        Rejected(language: "ja", key: nil, word: "ユーザ名", why: "GTK's and the rest of the table's spelling is ユーザー名"),
        Rejected(language: "ja", key: nil, word: "あらかじめ入れる", why: "clumsy; 事前入力 is the usual word for pre-filled"),
        Rejected(language: "zh_CN", key: nil, word: "字段", why: "a data field, not a widget"),
        Rejected(language: "de", key: nil, word: "neu bauen", why: "a verb where English has a noun (no rebuild)"),
    ]

    @Test(arguments: rejected)
    func aRejectedWordIsNotUsed(_ rejected: Rejected) throws {
        let table = try Self.table(rejected.language)
        var values = Array(table.values)
        if let key = rejected.key { values = [try #require(table[key], "\(rejected.language) has no \"\(key)\"")] }
        for value in values {
            #expect(!value.contains(rejected.word), "\(rejected.language): \"\(value)\": \(rejected.why)")
        }
        if rejected.key == nil {
            let plurals = try Self.text(rejected.language, "EntryKit.stringsdict")
            #expect(!plurals.contains(rejected.word), "\(rejected.language).lproj/EntryKit.stringsdict: \(rejected.why)")
        }
    }

    /// Spanish says tipografía wherever the English says font.
    @Test func spanishHasOneWordForFont() throws {
        let table = try Self.table("es")
        let fonts = table.filter { $0.key.lowercased().contains("font") }
        #expect(fonts.count == 2)
        for (key, value) in fonts { #expect(value.lowercased().contains("tipografía"), "\(key) = \(value)") }
    }

    /// The account panel in Danish, Spanish, Swedish and Serbian, the About window in
    /// Norwegian and Slovenian, and the authentication dialog in Danish, Welsh, Nynorsk and
    /// Albanian gave two labels one Alt+letter; no shipped table does now.
    @Test(arguments: ["da", "es", "sv", "sr", "nb", "sl", "cy", "nn", "sq"])
    func noWindowHasAMnemonicTwice(language: String) throws {
        let data = try Data(contentsOf: Self.resources.appendingPathComponent("\(language).lproj/EntryKit.strings"))
        #expect(StringsParser.read(data).mnemonicDiagnostics() == [])
    }

    // MARK: Serbian in two alphabets

    /// Serbian's Cyrillic letters and the Latin letters each stands for, one to one.
    static let serbianLatin: [Character: String] = {
        let cyrillic = "абвгдђежзијклљмнњопрстћуфхцчџш"
        let latin = [
            "a", "b", "v", "g", "d", "đ", "e", "ž", "z", "i", "j", "k", "l", "lj", "m",
            "n", "nj", "o", "p", "r", "s", "t", "ć", "u", "f", "h", "c", "č", "dž", "š",
        ]
        var letters: [Character: String] = [:]
        for (letter, latinLetters) in zip(cyrillic, latin) {
            letters[letter] = latinLetters
            letters[Character(letter.uppercased())] = latinLetters.prefix(1).uppercased() + latinLetters.dropFirst()
        }
        return letters
    }()

    /// Serbian in Latin letters says what the Cyrillic table says, letter for letter, but for its
    /// own name and where GTK's sr@latin catalog, whose word it takes, says it otherwise.
    @Test func serbianInLatinLettersIsTheCyrillicTableTransliterated() throws {
        let english = try Self.table("en")
        let cyrillic = try Self.table("sr")
        let latin = try Self.table("sr@latin")
        let ownWords = ["LanguageName": "Srpski (latinica)", "Caps Lock is on": "Taster za velika slova je uključen"]
        for key in english.keys.sorted() {
            let serbian = try #require(cyrillic[key], "sr has no \"\(key)\"")
            let expected = ownWords[key] ?? String(serbian.flatMap { Self.serbianLatin[$0] ?? String($0) })
            #expect(latin[key] == expected, "sr@latin \"\(key)\"")
        }
    }

    // MARK: English in one spelling

    /// British spellings of words whose American spelling the English source uses, and the other way.
    static let britishToAmerican = [
        "colour": "color", "cancelled": "canceled", "licence": "license", "behaviour": "behavior", "centre": "center",
        "favourite": "favorite", "grey": "gray",
    ]

    static func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
    }

    @Test func theEnglishSourceIsAmerican() throws {
        let table = try Self.table("en")
        for (key, value) in table {
            let british = Set(Self.words(key) + Self.words(value)).intersection(Self.britishToAmerican.keys)
            #expect(british.isEmpty, "en: \"\(key)\" = \"\(value)\" spells \(british.sorted()) the British way")
            #expect(key == value || key == "LanguageName", "en: the key is the text")
        }
        #expect(table["Border _color"] == "Border _color")
        #expect(table["Canceled."] == "Canceled.")
    }

    /// British English keeps every American key and spells it the British way (GTK's en_GB
    /// catalog does the same for _License).
    @Test func britishEnglishSpellsTheBritishWay() throws {
        let english = try Self.table("en")
        let british = try Self.table("en_GB")
        #expect(Set(british.keys) == Set(english.keys))
        #expect(british["Border _color"] == "Border _colour")
        #expect(british["Canceled."] == "Cancelled.")
        #expect(british["_License"] == "_Licence")
        for (key, value) in british {
            let american = Set(Self.words(value)).intersection(Self.britishToAmerican.values)
            #expect(american.isEmpty, "en_GB: \"\(key)\" = \"\(value)\" spells \(american.sorted()) the American way")
        }
    }
}
