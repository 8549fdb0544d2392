import Foundation
import Testing

@testable import EntryKitStrings

/// The desktop's own catalogs as the glossary: for every term EntryKit shares with the programs a
/// user of that desktop already knows (GTK, zenity, gcr, seahorse, the network applet, the polkit
/// agent, PAM, GnuPG's pinentry texts), each shipped table says what one of those catalogs says
/// in that language, or the difference is listed below with its reason. The catalogs are the
/// installed `.mo` files (`scripts/install-deps --test` installs the packages that carry them).
@Suite struct GlossaryTests {
    /// One message of one catalog: `/usr/share/locale/<language>/LC_MESSAGES/<domain>.mo`.
    struct Source: Sendable, CustomStringConvertible {
        var domain: String
        var message: String
        var context: String? = nil
        var description: String { "\(domain) \"\(message)\"" }
    }

    static let localeDirectory = "/usr/share/locale"

    /// EntryKit's key → the messages of the desktop's catalogs that mean the same.
    static let terms: [String: [Source]] = [
        "OK": [
            Source(domain: "gtk30", message: "_OK"), Source(domain: "gtk30", message: "_OK", context: "Stock label"),
            Source(domain: "zenity", message: "OK"), Source(domain: "gcr", message: "_OK"),
            Source(domain: "seahorse", message: "_OK"), Source(domain: "nm-applet", message: "_OK"),
        ],
        "Cancel": [
            Source(domain: "gtk30", message: "_Cancel"), Source(domain: "gtk30", message: "_Cancel", context: "Stock label"),
            Source(domain: "zenity", message: "Cancel"), Source(domain: "gcr", message: "_Cancel"),
            Source(domain: "seahorse", message: "_Cancel"), Source(domain: "nm-applet", message: "_Cancel"),
            Source(domain: "mate-polkit", message: "_Cancel"), Source(domain: "gnupg2", message: "Cancel"),
        ],
        "Username": [
            Source(domain: "gtk30", message: "_Username"), Source(domain: "gtk30", message: "Username:"),
            Source(domain: "zenity", message: "Username:"), Source(domain: "nm-applet", message: "_Username"),
        ],
        "Password": [
            Source(domain: "gtk30", message: "_Password"), Source(domain: "gtk30", message: "Password:"),
            Source(domain: "zenity", message: "Password:"), Source(domain: "gcr", message: "Password:"),
            Source(domain: "Linux-PAM", message: "Password: "), Source(domain: "seahorse", message: "Password"),
            Source(domain: "nm-applet", message: "Password"), Source(domain: "mate-polkit", message: "_Password:"),
        ],
        "Passphrase": [Source(domain: "gnupg2", message: "Passphrase:"), Source(domain: "seahorse", message: "Passphrase")],
        "Caps Lock is on": [Source(domain: "gtk30", message: "Caps Lock is on")],
        "_Close": [
            Source(domain: "gtk30", message: "_Close"), Source(domain: "gcr", message: "_Close"),
            Source(domain: "nm-applet", message: "_Close"),
        ],
        "_License": [Source(domain: "gtk30", message: "_License")],
        "C_redits": [Source(domain: "gtk30", message: "C_redits")],
        "Website": [Source(domain: "gtk30", message: "Website")],
        "Apply": [Source(domain: "gtk30", message: "_Apply"), Source(domain: "nm-applet", message: "_Apply")],
        "Quit": [Source(domain: "gtk30", message: "_Quit", context: "Stock label"), Source(domain: "nm-applet", message: "_Quit")],
        "Quality:": [Source(domain: "gnupg2", message: "Quality:")],
        "Overview": [Source(domain: "seahorse", message: "Overview", context: "shortcut window")],
    ]

    struct Choice: Hashable {
        var language: String
        var key: String
    }

    /// Where a table says something else than every catalog that has the term, and why.
    static let intended: [Choice: String] = [
        Choice(language: "ca", key: "Passphrase"): "seahorse's Catalan says Contrasenya, its word for Password too; pinentry shows both",
        Choice(language: "el", key: "Passphrase"):
            "seahorse's Greek says Συνθηματικό, a password; GnuPG's Greek manuals say φράση πρόσβασης",
        Choice(language: "fi", key: "Overview"): "seahorse's Päänäkymä is its main view; the gallery's page is an overview (Yleiskatsaus)",
        Choice(language: "ko", key: "Passphrase"): "seahorse's 암호 is the desktop's Password too; gcr says 암호글 for a passphrase",
        Choice(language: "lt", key: "Passphrase"): "seahorse's Slaptažodis is the desktop's Password; pinentry shows both",
        Choice(language: "nl", key: "Passphrase"): "seahorse's Wachtwoord is the desktop's Password; pinentry shows both",
        Choice(language: "pt", key: "Passphrase"): "seahorse's Palavra-passe is the desktop's Password; pinentry shows both",
        Choice(language: "zh_TW", key: "Quality:"): "GnuPG's Traditional Chinese catalog adds a %s its message lacks; the word is the same",
        Choice(language: "ca@valencia", key: "Passphrase"):
            "seahorse's Valencian says Contrasenya, its word for Password too; pinentry shows both",
        Choice(language: "lv", key: "Passphrase"): "seahorse's Latvian says Parole, the desktop's Password; pinentry shows both",
        Choice(language: "nn", key: "Passphrase"): "seahorse's Nynorsk says Passord, the desktop's Password; pinentry shows both",
        Choice(language: "am", key: "Password"):
            "mate-polkit writes the genitive apart (የ መግቢያ ቃል); the table joins it, as Amharic spelling does",
        Choice(language: "km", key: "Quit"): "GTK's Khmer stock Quit says បោះបង់, its word for Cancel; the menu says ចេញ (leave)",
        Choice(language: "mr", key: "Passphrase"): "seahorse's Marathi says वाक्यरचना, which means syntax",
        Choice(language: "my", key: "OK"): "GTK's Burmese stock label ကောင်းပြိ lacks the vowel sign of ကောင်းပြီ",
        Choice(language: "ne", key: "Overview"): "seahorse's Nepali says अधिलेखन गर्नुहोस्, which means overwrite",
        Choice(language: "or", key: "Passphrase"): "seahorse's Odia says ପ୍ରବେଶ ସଙ୍କେତ, the desktop's Password; pinentry shows both",
        Choice(language: "pa", key: "Passphrase"): "seahorse's Punjabi says ਵਾਕ, any sentence; ਪਾਸ-ਵਾਕ says which",
        Choice(language: "ps", key: "Password"):
            "mate-polkit's Pashto, the only catalog with the term, says تېرنويې with its colon first; GTK's Pashto says پټنوم",
        Choice(language: "ur", key: "Cancel"): "mate-polkit's Urdu, the only catalog with the term, says ملتوی, which means postponed",
        Choice(language: "uz", key: "Password"):
            "mate-polkit's Uzbek, the only catalog with the term, says Maxfiy so'z (secret word); Uzbek interfaces say Parol",
    ]

    static let resources = Localization.sourceTreeResources

    /// Every shipped table but the English source.
    static let languages: [String] = {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: resources.path)) ?? []
        return folders.filter { $0.hasSuffix(".lproj") && $0 != "en.lproj" }.map { String($0.dropLast(".lproj".count)) }.sorted()
    }()

    /// A word as it reads in a sentence: no mnemonic, no closing colon (Burmese writes " -",
    /// Khmer "៖", Amharic "፦"), in lower case (catalogs
    /// differ in capitals: a title or a label). Swift compares the NFC and NFD spellings as equal.
    static func word(_ text: String) -> String {
        func withoutColon(_ text: String) -> String {
            var word = Substring(text)
            while let last = word.last, last.isWhitespace || ":：-៖፦".contains(last) { word = word.dropLast() }
            return String(word.trimmingWhitespace())
        }
        // "_Password:" in Hindi is "पासवर्ड (_P):": the colon goes before the mnemonic can.
        return withoutColon(DesktopTranslations.withoutMnemonic(withoutColon(text))).lowercased()
    }

    static func catalog(_ domain: String, language: String) -> MessageCatalog? {
        MessageCatalog(path: "\(localeDirectory)/\(language)/LC_MESSAGES/\(domain).mo")
    }

    /// What the desktop's catalogs of `language` say for `key`, by catalog.
    static func desktopWords(for key: String, language: String) -> [(source: Source, word: String)] {
        terms[key, default: []].compactMap { source in
            guard let catalog = catalog(source.domain, language: language),
                let translated = catalog.translation(of: source.message, context: source.context)
            else { return nil }
            return (source, word(translated))
        }
    }

    static func table(_ language: String) throws -> [String: String] {
        try StringsParser.read(Data(contentsOf: resources.appendingPathComponent("\(language).lproj/EntryKit.strings"))).table
    }

    @Test(arguments: languages)
    func everyTermSaysWhatTheDesktopSays(language: String) throws {
        let table = try Self.table(language)
        for key in Self.terms.keys.sorted() {
            guard let ours = table[key], Self.intended[Choice(language: language, key: key)] == nil else { continue }
            let desktop = Self.desktopWords(for: key, language: language)
            guard !desktop.isEmpty else { continue }
            #expect(
                desktop.contains { $0.word == Self.word(ours) },
                "\(language) \"\(key)\" = \"\(ours)\"; the desktop says \(desktop.map { "\($0.word) (\($0.source))" })")
        }
    }

    /// Each listed difference has a reason and still is one: a table that now says what the
    /// desktop says no longer needs it listed.
    @Test func everyIntendedDifferenceIsRealAndExplained() throws {
        for (choice, reason) in Self.intended {
            #expect(reason.count > 20, "\(choice) needs its reason")
            let ours = try #require(Self.table(choice.language)[choice.key], "\(choice): no such key")
            let desktop = Self.desktopWords(for: choice.key, language: choice.language)
            #expect(!desktop.isEmpty, "\(choice): no catalog has the term")
            #expect(!desktop.contains { $0.word == Self.word(ours) }, "\(choice) now says what the desktop says: unlist it")
        }
    }

    /// The catalogs are installed: the comparison above cannot pass by finding none.
    @Test func theDesktopsCatalogsAreInstalled() {
        let domains = Set(Self.terms.values.joined().map(\.domain))
        for domain in domains.sorted() {
            #expect(Self.catalog(domain, language: "de") != nil, "no German \(domain).mo: run scripts/install-deps --test")
        }
    }

    @Test func wordsCompareWithoutMnemonicColonOrCase() {
        #expect(Self.word("_Mot de passe :") == "mot de passe")
        #expect(Self.word("密码(_P)：") == "密码")
        #expect(Self.word("पासवर्ड (_P):") == "पासवर्ड")
        #expect(Self.word("စကားဝှက် -") == "စကားဝှက်")
        #expect(Self.word("Frasa Sandi") == Self.word("Frasa sandi"))
        #expect(Self.word("Pa\u{301}gina web") == Self.word("Página web"))
        #expect(Self.word("Quality") != Self.word("Quantity"))
    }
}
