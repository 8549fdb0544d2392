import Foundation
import Testing

@testable import EntryKitCommandLine
@testable import EntryKitStrings

/// `entrykit strings lint` on EntryKit's own table: two labels of one window with one mnemonic.
@Suite struct MnemonicLintTests {
    static func document(_ text: String) -> StringsDocument { StringsParser.read(text) }

    @Test func mnemonicIsTheLetterAfterTheFirstSingleUnderscore() {
        #expect(MnemonicWindows.mnemonic(of: "_Annullér") == "a")
        #expect(MnemonicWindows.mnemonic(of: "Nombre de _usuario") == "u")
        #expect(MnemonicWindows.mnemonic(of: "От_кажи") == "к")
        #expect(MnemonicWindows.mnemonic(of: "_Корисничко име") == "к")
        #expect(MnemonicWindows.mnemonic(of: "密码(_P)") == "p")
        #expect(MnemonicWindows.mnemonic(of: "a__b_c") == "c")
        #expect(MnemonicWindows.mnemonic(of: "Password") == nil)
        #expect(MnemonicWindows.mnemonic(of: "end_") == nil)
    }

    /// Danish's sign-in panel before the review: Alt+A for Password and Cancel, which the
    /// authentication dialog shows too, so the clash is reported for each of the two windows.
    @Test func twoLabelsOfOneWindowWithOneLetterAreReported() throws {
        let document = Self.document(
            """
            "_Username" = "_Brugernavn";
            "_Password" = "_Adgangskode";
            "_OK" = "_OK";
            "_Cancel" = "_Annullér";
            "_User" = "_Bruger";
            "_Authenticate" = "_Godkend";
            "_Details" = "De_taljer";
            """)
        let found = document.mnemonicDiagnostics()
        #expect(found.count == 2)
        for (warning, window) in zip(found, ["the sign-in panel", "the authentication dialog"]) {
            #expect(!warning.isError)
            #expect(warning.position == SourcePosition(line: 4, column: 1))
            #expect(warning.message.contains("Alt+A"))
            #expect(warning.message.contains("\"_Adgangskode\"") && warning.message.contains("\"_Annullér\""))
            #expect(warning.message.contains(window))
        }
    }

    /// The About window's letters do not clash with the sign-in panel's: they are other windows.
    @Test func lettersAreComparedWithinOneWindowOnly() {
        let document = Self.document(
            """
            "_Password" = "_Lukk"; "_Cancel" = "_Avbryt"; "_Authenticate" = "Au_tentiser";
            "_Close" = "_Lukk"; "_License" = "L_isens"; "C_redits" = "Bid_ragsytere";
            """)
        #expect(document.mnemonicDiagnostics() == [])
    }

    @Test func aMissingKeyShowsTheDesktopsWordThenTheEnglish() {
        let document = Self.document(#""_Password" = "_Adgangskode"; "_Authenticate" = "_Godkend";"#)
        let desktop = ["_Cancel": "_Annullér"]
        let found = document.mnemonicDiagnostics(fallback: { desktop[$0] })
        // GTK's Cancel takes Password's letter in both windows that show the two.
        #expect(found.map(\.position) == [SourcePosition(line: 1, column: 1), SourcePosition(line: 1, column: 1)])
        // English "_Authenticate" takes a too.
        #expect(Self.document(#""_Password" = "_Adgangskode";"#).mnemonicDiagnostics().count == 1)
        // English "_OK" and "_Username" take o and u: "_Otte" clashes with English's OK.
        #expect(Self.document(#""_Password" = "_Otte";"#).mnemonicDiagnostics().count == 1)
        // Clashes among labels the table does not have are not this table's.
        #expect(Self.document(#""Other" = "x";"#).mnemonicDiagnostics(fallback: { _ in "_Same" }) == [])
    }

    /// Every key of the English table with a mnemonic belongs to a window, and every window's
    /// key is one of the English table's, so the list cannot drift from what the windows show.
    @Test func theWindowsListEveryMnemonicKeyOfTheEnglishTable() throws {
        let english = try StringsParser.read(
            Data(contentsOf: Localization.sourceTreeResources.appendingPathComponent("en.lproj/EntryKit.strings")))
        let withMnemonic = Set(english.orderedKeys.filter { MnemonicWindows.mnemonic(of: $0) != nil })
        let listed = Set(MnemonicWindows.all.flatMap(\.keys))
        #expect(withMnemonic == listed)
        #expect(english.mnemonicDiagnostics() == [])
    }

    private func lint(_ arguments: [String]) -> (status: Int32, errors: String) {
        var errors = ""
        let status = StringsCommand.run(
            ["lint"] + arguments, standardInput: { Data() }, standardOutput: { _ in }, standardError: { errors += $0 })
        return (status.code, errors)
    }

    @Test func lintChecksEntryKitsTableOnlyAndStrictFailsOnIt() throws {
        let directory = try TemporaryDirectory(tables: ["da": #""_Password" = "_Adgangskode"; "_Cancel" = "_Annullér";"#])
        try directory.write("da.lproj/Other.strings", #""_Password" = "_Adgangskode"; "_Cancel" = "_Annullér";"#)
        let table = directory.url.appendingPathComponent("da.lproj/EntryKit.strings").path
        let other = directory.url.appendingPathComponent("da.lproj/Other.strings").path
        let (status, errors) = lint(["--strict", table])
        #expect(status == 1)
        #expect(errors.contains("\(table):1:31: warning: \"_Cancel\" = \"_Annullér\" uses Alt+A"))
        #expect(lint([table]).status == 0, "a warning, not an error")
        #expect(lint(["--strict", other]) == (0, ""))
    }

    /// Every shipped table, as CI lints them: no window with a letter twice, in any language.
    @Test func noShippedTableGivesTwoLabelsOfOneWindowOneLetter() throws {
        let resources = Localization.sourceTreeResources
        let tables = try FileManager.default.contentsOfDirectory(atPath: resources.path).filter { $0.hasSuffix(".lproj") }.sorted()
        #expect(tables.count > 40)
        for folder in tables {
            let (status, errors) = lint(["--strict", resources.appendingPathComponent("\(folder)/EntryKit.strings").path])
            #expect(status == 0, "\(folder): \(errors)")
        }
    }
}
