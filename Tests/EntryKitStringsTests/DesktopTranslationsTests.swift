import Foundation
import Testing

@testable import EntryKitStrings

/// GTK's catalog as the second source of EntryKit's stock words, read from the real `gtk30.mo`
/// files GTK installs (libgtk-3-common). The expected words are GTK's, copied by hand from
/// `LANGUAGE=xx gettext -d gtk30 MSGID`.
@Suite struct DesktopTranslationsTests {
    /// No EntryKit table at all: every stock word comes from GTK's catalog.
    private func gtkOnly(_ locales: [String], tables: TemporaryDirectory? = nil) throws -> Localization {
        let tables = try tables ?? TemporaryDirectory(tables: ["en": #""OK" = "OK"; "Sign In" = "Sign In";"#])
        return Localization(searchPaths: [tables.url], preference: LanguagePreference(locales: locales), report: { _ in })
    }

    @Test func germanFrenchChineseComeFromGtkWithTheirMnemonics() throws {
        let german = try gtkOnly(["de_DE.UTF-8"])
        #expect(german.string("_Password") == "_Passwort")
        #expect(german.string("_Cancel") == "_Abbrechen")
        #expect(german.string("Caps Lock is on") == "Feststelltaste ist aktiviert")
        #expect(german.string("Quit") == "Beenden")  // GTK's stock label, with its context
        let french = try gtkOnly(["fr"])
        #expect(french.string("_Cancel") == "A_nnuler")
        #expect(french.string("Cancel") == "Annuler")
        #expect(french.string("_Username") == "Nom d’_utilisateur")
        #expect(french.string("Username") == "Nom d’utilisateur")
        let chinese = try gtkOnly(["zh_CN.UTF-8"])
        #expect(chinese.string("_Password") == "密码(_P)")
        #expect(chinese.string("Password") == "密码")
        #expect(chinese.string("OK") == "确定")
        #expect(chinese.string("_OK") == "确定(_O)")
    }

    @Test func languagesEntryKitDoesNotShipStillGetGtksWords() throws {
        let occitan = try gtkOnly(["oc"])
        #expect(occitan.string("_Cancel") == "A_nullar")
        #expect(occitan.string("Password") == "Senhal")
        let esperanto = try gtkOnly(["eo"])
        #expect(esperanto.string("Cancel") == "Nuligi")
        #expect(esperanto.string("_OK") == "_Bone")
        // A word GTK does not translate for EntryKit stays English.
        #expect(esperanto.string("Sign In") == "Sign In")
    }

    @Test func aUserTableBeatsGtkAndGtkBeatsTheNextLanguage() throws {
        let tables = try TemporaryDirectory(tables: [
            "eo": #""Cancel" = "Rezigni";"#,
            "de": #""Password" = "Kennwort"; "Cancel" = "Lieber nicht";"#,
            "en": #""Password" = "Password";"#,
        ])
        let strings = try gtkOnly(["eo", "de"], tables: tables)
        #expect(strings.string("Cancel") == "Rezigni")  // the eo table
        #expect(strings.string("Password") == "Pasvorto")  // GTK's eo, before the de table
        #expect(strings.value(for: "Password", language: "eo") == nil)  // tables alone
        #expect(strings.desktopValue(for: "Password", language: "eo") == "Pasvorto")
        // Without GTK, the same tables give the de table's word.
        let tablesAlone = Localization(
            searchPaths: [tables.url], preference: LanguagePreference(locales: ["eo", "de"]), desktopTranslations: nil)
        #expect(tablesAlone.string("Password") == "Kennwort")
    }

    @Test func onlyTheMappedKeysOfEntryKitsOwnTableAreAskedOfGtk() throws {
        let strings = try gtkOnly(["de"])
        // "Close" is in GTK's catalog ("Schließen") but not one of the mapped keys.
        #expect(strings.string("Close") == "Close")
        #expect(strings.string("_Password", table: "MyApp") == "_Password")
        #expect(strings.desktopValue(for: "_Password", language: "en") == nil)
        #expect(strings.desktopValue(for: "_Password", language: "xx_NOWHERE") == nil)
    }

    @Test func mnemonicsAreTakenOutInEveryConvention() {
        #expect(DesktopTranslations.withoutMnemonic("A_nnuler") == "Annuler")
        #expect(DesktopTranslations.withoutMnemonic("密码(_P)") == "密码")
        #expect(DesktopTranslations.withoutMnemonic("ठीक (_O)") == "ठीक")
        #expect(DesktopTranslations.withoutMnemonic("取消（_C）") == "取消")
        #expect(DesktopTranslations.withoutMnemonic("a__b_c") == "a_bc")
        #expect(DesktopTranslations.withoutMnemonic("(_O) first") == "(O) first")
    }

    @Test func everyMappedMsgidIsInGtksGermanCatalog() throws {
        let catalog = try #require(MessageCatalog(path: DesktopTranslations.gtk.catalogPath(language: "de")))
        for (key, term) in DesktopTranslations.terms {
            #expect(catalog.translation(of: term.message, context: term.context) != nil, "\(key) → \(term.message)")
        }
    }
}

/// The `.mo` reader on files built here byte by byte, in both byte orders, and damaged.
@Suite struct MessageCatalogTests {
    /// A `.mo` file with `messages` (sorted here, as msgfmt sorts them) and a UTF-8 header.
    static func moFile(_ messages: [String: String], bigEndian: Bool = false, charset: String = "UTF-8") -> [UInt8] {
        let all = (["": "Content-Type: text/plain; charset=\(charset)\n"].merging(messages) { a, _ in a })
            .sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }
        var bytes: [UInt8] = []
        func word(_ value: Int) {
            let v = UInt32(value)
            let little = [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)]
            bytes += bigEndian ? little.reversed() : little
        }
        let headerSize = 28
        let originals = headerSize
        let translations = originals + all.count * 8
        let stringsStart = translations + all.count * 8
        word(0x9504_12de)
        word(0)
        word(all.count)
        word(originals)
        word(translations)
        word(0)
        word(0)
        var pool: [UInt8] = []
        var tables: [[(Int, Int)]] = [[], []]
        for (column, texts) in [all.map(\.key), all.map(\.value)].enumerated() {
            for text in texts {
                tables[column].append((text.utf8.count, stringsStart + pool.count))
                pool += Array(text.utf8) + [0]
            }
        }
        for table in tables {
            for (length, offset) in table {
                word(length)
                word(offset)
            }
        }
        return bytes + pool
    }

    @Test func findsEveryMessageInBothByteOrders() throws {
        let messages = ["_Cancel": "_Abbrechen", "_OK": "_OK", "Stock label\u{4}_Quit": "_Beenden", "Zebra": "Zebra!", "Ärger": "Ärger!"]
        for bigEndian in [false, true] {
            let catalog = try #require(MessageCatalog(bytes: Self.moFile(messages, bigEndian: bigEndian)))
            #expect(catalog.translation(of: "_Cancel") == "_Abbrechen")
            #expect(catalog.translation(of: "_Quit", context: "Stock label") == "_Beenden")
            #expect(catalog.translation(of: "_Quit") == nil)
            #expect(catalog.translation(of: "Ärger") == "Ärger!")
            #expect(catalog.translation(of: "Zebra") == "Zebra!")
            #expect(catalog.translation(of: "_Cance") == nil)
            #expect(catalog.translation(of: "_Cancel ") == nil)
        }
    }

    @Test func refusesWhatIsNotAUTF8Catalog() {
        #expect(MessageCatalog(bytes: Self.moFile(["a": "b"], charset: "ISO-8859-1")) == nil)
        #expect(MessageCatalog(bytes: Array("not a catalog at all".utf8)) == nil)
        #expect(MessageCatalog(bytes: []) == nil)
        #expect(MessageCatalog(path: "/nonexistent/gtk30.mo") == nil)
    }

    @Test func aDamagedFileAnswersNothingAndDoesNotCrash() throws {
        var bytes = Self.moFile(["_Cancel": "_Abbrechen", "_OK": "_OK"])
        // Every length and offset of both tables pointing far past the end.
        for index in 28..<(28 + 3 * 16) { bytes[index] = 0xFF }
        let catalog = MessageCatalog(bytes: bytes)
        #expect(catalog?.translation(of: "_Cancel") == nil)
        // A count larger than the file.
        var counted = Self.moFile(["_Cancel": "_Abbrechen"])
        counted[8] = 0xFF
        counted[9] = 0xFF
        #expect(MessageCatalog(bytes: counted) == nil)
    }
}
