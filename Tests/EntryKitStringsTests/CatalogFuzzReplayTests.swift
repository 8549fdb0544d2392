import Foundation
import Testing

@testable import EntryKitStrings

/// Runs the committed String Catalog fuzzing corpus (`Fuzz/catalog-corpus`: seeds and the inputs
/// that once failed) through `catalog-fuzz` built normally, which replays files through the
/// fuzzer's own checks (JSON read as Foundation reads it, positions in range, each language's
/// table and the files `convert` writes reading back alike), and holds the seeds to what each
/// is for.
@Suite struct CatalogFuzzReplayTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // EntryKitStringsTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("Fuzz/catalog-corpus")

    /// `catalog-fuzz` (in the build folder beside the test bundle) run on `paths`.
    static func replay(_ paths: [String]) throws -> (status: Int32, output: String, errors: String) {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("catalog-fuzz")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            Issue.record("no \(binary.path): build it with swift build --build-tests")
            return (-1, "", "")
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = paths
        process.environment = ["SWIFT_BACKTRACE": "enable=no"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: printed, as: UTF8.self), String(decoding: said, as: UTF8.self))
    }

    static func seed(_ name: String) throws -> StringCatalog {
        StringCatalog.read(try Data(contentsOf: corpus.appendingPathComponent(name)))
    }

    @Test func everyInputPassesTheFuzzersChecks() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)
        #expect(files.count >= 15)
        let run = try Self.replay([Self.corpus.path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == "ran \(files.count) inputs\n")
    }

    @Test func seedsGiveWhatEachIsFor() throws {
        func messages(_ name: String) throws -> [String] {
            try Self.seed(name).diagnostics.map { "\($0.position): \($0.isError ? "error" : "warning"): \($0.message)" }
        }
        #expect(try Self.seed("basic.xcstrings").table(language: "zh_CN").strings == ["Cancel": "取消"])
        #expect(try messages("basic.xcstrings") == [])
        #expect(
            try messages("missing-comma.xcstrings") == [
                "5:5: error: not a String Catalog: expected ',' or '}' after the value of \"a\", found '\"'"
            ])
        #expect(
            try messages("trailing-comma.xcstrings") == [
                "5:3: warning: a comma before '}' is not JSON (Foundation reads it, other readers do not): remove it",
                "6:1: warning: a comma before '}' is not JSON (Foundation reads it, other readers do not): remove it",
            ])
        #expect(
            try messages("lone-surrogate.xcstrings").first?.hasSuffix("\\uD83D is half of a surrogate pair without its other half") == true)
        #expect(try messages("bad-utf8.xcstrings") == ["1:86: error: not a String Catalog: invalid UTF-8 in a string"])
        #expect(try messages("deep.json") == ["1:513: error: not a String Catalog: arrays and objects nested more than 512 deep"])
        #expect(try messages("not-a-catalog.json") == ["1:1: error: not a String Catalog: the file holds an array, not an object"])
        #expect(try messages("no-source-language.xcstrings") == ["1:1: error: not a String Catalog: it has no \"sourceLanguage\""])
        #expect(try Self.seed("escapes.xcstrings").table(language: "de").strings["esc"] == "\"\\/\u{08}\u{0C}\n\r\té😀\u{0} */ %% \u{2028}")
        #expect(try Self.seed("device.xcstrings").table(language: "de").strings == [:])
        #expect(try Self.seed("device.xcstrings").table(language: "en").strings == ["Tap": "Tap", "Brand": "Brand"])
        #expect(
            try Self.seed("plural.xcstrings").table(language: "fr").plurals["%lld files"]?.variables["arg1"]?.forms == [
                .zero: "aucun", .other: "%lld fichiers",
            ])
        #expect(
            try messages("wrong-shapes.xcstrings") == [
                "1:39: error: the key \"a\" must be an object, not a string; ignored",
                "1:91: error: shouldTranslate must be true or false, not a string; ignored",
                "1:96: warning: \"extra\" is not a part of a catalog entry; ignored",
                "1:107: warning: \"c\" is given again in strings (first at 1:43); the last one is read",
                "1:148: error: the stringUnit has no \"value\"; the text counts as missing",
                "1:157: error: value must be a string, not a number; ignored",
                "1:164: warning: \"sourceLanguage\" is given again in the catalog (first at 1:2); the last one is read",
            ])
        let plurals = try messages("broken-plurals.xcstrings")
        #expect(plurals.contains("1:93: error: \"%d items\" (pl): no \"other\" form, every plural's fallback: the text cannot be used"))
        #expect(
            plurals.contains(
                "1:160: error: \"%d items\" (pl): \"lots\" is not a plural category (zero, one, two, few, many, other); ignored"))
        #expect(
            plurals.contains("1:218: error: \"%d items\" (de): \"%#@missing@\" has no substitution of that name; the text cannot be used"))
        #expect(
            try Self.seed("crash-two-tags-one-language.xcstrings").diagnostics.map(\.message).contains(
                "\"eN\" is the language en, as \"en\" is; only en's text is read"))
    }
}
