import Foundation
import Testing

@testable import EntryKitCommandLine
@testable import EntryKitStrings

@Suite struct StringsCoverageTests {
    /// en: four keys (one of them plural); de misses one and keeps one English dropped; pt has
    /// all; pt_BR only overrides one, the rest comes from pt.
    private func tables() throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory(tables: [
            "en": #""OK" = "OK"; "Cancel" = "Cancel"; "LanguageName" = "English";"#,
            "de": #""OK" = "OK"; "LanguageName" = "Deutsch"; "Old key" = "Alt";"#,
            "pt": #""OK" = "OK"; "Cancel" = "Cancelar"; "LanguageName" = "Português";"#,
            "pt_BR": #""LanguageName" = "Português do Brasil";"#,
        ])
        let plural = stringsdict(key: "%d files", format: "%#@count@", forms: ["one": "%d file", "other": "%d files"])
        try directory.write("en.lproj/EntryKit.stringsdict", plural)
        try directory.write("pt.lproj/EntryKit.stringsdict", plural)
        try directory.write("de.lproj/EntryKit.stringsdict", plural)
        return directory
    }

    private func run(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
        var output = ""
        var errors = ""
        let status = StringsCommand.run(
            ["coverage"] + arguments, standardInput: { Data() }, standardOutput: { output += $0 }, standardError: { errors += $0 })
        return (status.code, output, errors)
    }

    @Test func countsTranslatedMissingAndUnusedKeysPerLanguage() throws {
        let directory = try tables()
        let coverage = try StringsCoverage(directories: [directory.url.path])
        #expect(coverage.englishKeys == 4)
        #expect(
            coverage.languages == [
                .init(language: "de", translated: 3, missing: ["Cancel"], unused: ["Old key"]),
                .init(language: "pt", translated: 4, missing: [], unused: []),
                .init(language: "pt_BR", translated: 4, missing: [], unused: []),
            ])
        #expect(!coverage.isComplete)
    }

    @Test func printsATableOrJSONAndFailsUnderStrictWhenAKeyIsMissing() throws {
        let directory = try tables()
        let plain = run([directory.url.path])
        #expect(plain.status == 0)
        #expect(
            plain.output == """
                language  translated  missing  unused
                de                 3        1       1
                pt                 4        0       0
                pt_BR              4        0       0
                English has 4 keys.

                """)
        let json = run(["--json", directory.url.path])
        let decoded = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect(decoded?["english"] as? Int == 4)
        let german = (decoded?["languages"] as? [[String: Any]])?.first
        #expect(german?["language"] as? String == "de")
        #expect(german?["missing"] as? [String] == ["Cancel"])
        #expect(german?["unused"] as? [String] == ["Old key"])
        let strict = run(["--strict", directory.url.path])
        #expect(strict.status == 1)
        #expect(strict.errors == "de: missing \"Cancel\"\n")
    }

    @Test func aDirectoryWithoutEnglishOrNoDirectoryIsAnError() throws {
        let directory = try TemporaryDirectory(tables: ["de": #""OK" = "OK";"#])
        #expect(run([directory.url.path]).errors.contains("no English table"))
        #expect(run([directory.url.path]).status == 1)
        #expect(run(["/nonexistent/entrykit"]).status == 1)
        #expect(run(["--table"]).status == 2)
    }

    @Test func theShippedTablesAreComplete() {
        let result = run(["--strict", Localization.sourceTreeResources.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("ja  "))
    }
}
