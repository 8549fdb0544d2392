import Foundation
import Testing

@testable import EntryKitStrings

/// Real `.strings` files from public Mac and iOS projects (`Tests/StringsCorpus`, sources in
/// its `SOURCES` file), read by EntryKit and by Foundation's `PropertyListSerialization`, which
/// runs CoreFoundation's parser, the one Apple's platforms load tables with.
@Suite struct StringsCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // EntryKitStringsTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("StringsCorpus")

    struct Source {
        var file: String
        var repository: String
        var commit: String
        var path: String
    }

    static func sources() throws -> [Source] {
        let text = try String(contentsOf: corpus.appendingPathComponent("SOURCES"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Source(file: fields[0], repository: fields[1], commit: fields[2], path: fields[3])
        }
    }

    static func data(_ source: Source) throws -> Data {
        try Data(contentsOf: corpus.appendingPathComponent(source.file))
    }

    @Test func everyFileIsListedWithItsOrigin() throws {
        let sources = try Self.sources()
        let listed = Set(sources.map(\.file))
        let enumerator = FileManager.default.enumerator(atPath: Self.corpus.path)
        let present = Set((enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".strings") })
        #expect(listed == present)
        #expect(sources.count >= 38)
        #expect(Set(sources.map(\.repository)).count >= 8)
        for source in sources {
            #expect(source.repository.hasPrefix("https://github.com/"), "\(source.file)")
            #expect(source.commit.count == 40, "\(source.file)")
            #expect(source.path.hasSuffix(".strings"), "\(source.file)")
        }
    }

    @Test func coversTheFormsTablesComeIn() throws {
        var forms: [String: Int] = [:]
        for source in try Self.sources() {
            let bytes = [UInt8](try Self.data(source))
            let form: String
            if bytes.starts(with: Array("bplist".utf8)) {
                form = "binary"
            } else if StringsParser.read(Data(bytes)).format == .xml {
                form = "xml"
            } else if bytes.starts(with: [0xFF, 0xFE]) {
                form = "utf16le"
            } else if bytes.starts(with: [0xFE, 0xFF]) {
                form = "utf16be"
            } else {
                form = "utf8"
            }
            forms[form, default: 0] += 1
        }
        for form in ["binary", "xml", "utf16le", "utf16be", "utf8"] {
            #expect(forms[form, default: 0] >= 2, "\(form): \(forms)")
        }
    }

    /// The acceptance test: wherever Foundation reads a table, EntryKit holds every one of its
    /// keys with the same value, and non-string values as non-strings that lookups skip. Where
    /// Apple's parser stops early (it reads a table all the same), the entries EntryKit keeps
    /// after that point add keys but never change one Apple read (UTM's French "Clear").
    @Test func entryKitHoldsEveryKeyFoundationReadsWithTheSameValue() throws {
        var compared = 0
        for source in try Self.sources() {
            let data = try Self.data(source)
            let document = StringsParser.read(data)
            guard let reference = try? PropertyListSerialization.propertyList(from: data, format: nil) else { continue }
            let table = try #require(reference as? [String: Any], "\(source.file)")
            compared += 1
            #expect(!table.isEmpty || document.table.isEmpty, "\(source.file)")
            for (key, value) in table {
                if let string = value as? String {
                    #expect(document.table[key] == string, "\(source.file): \(key.debugDescription)")
                } else {
                    #expect(document.table[key] == nil && document.value(forKey: key) != nil, "\(source.file): \(key.debugDescription)")
                }
            }
            // Apple read it: either cleanly, or up to where it silently stops.
            #expect(document.errors.isEmpty || document.errors.first?.kind == .appleStopsReading, "\(source.file): \(document.errors)")
        }
        #expect(compared >= 38)
    }

    /// Real files where Apple's parser stops and a later entry defines a key again: Apple's
    /// value stays, the later keys Apple lost are kept, and lint names both lines.
    @Test func recoveredEntriesNeverChangeWhatApplesParserRead() throws {
        let sources = try Self.sources()
        func document(_ file: String) throws -> StringsDocument {
            StringsParser.read(try Self.data(try #require(sources.first { $0.file == file })))
        }
        let french = try document("utmapp-UTM/fr.lproj/Localizable.strings")
        #expect(french.errors.first?.kind == .appleStopsReading)
        #expect(french.errors.first?.position.line == 683)
        #expect(french.appleReadCount < french.entries.count)
        #expect(french.table["Clear"] == "Effacer", "line 352, not the recovered \"Retirer\" of line 889")
        let clear = try #require(french.ignoredRecoveries.first { $0.key == "Clear" })
        #expect((clear.first.line, clear.duplicate.line) == (352, 889))
        #expect(french.table.count == 743, "the keys Apple drops after line 683 are still there")

        let chinese = try document("utmapp-UTM/zh-Hans.lproj/Localizable.strings")
        #expect(chinese.errors.first?.kind == .appleStopsReading && chinese.errors.first?.position.line == 1228)
        let bootImageType = try #require(chinese.ignoredRecoveries.first { $0.key == "Boot Image Type" })
        #expect(bootImageType.first.line == 130)
        let chineseSource = try #require(sources.first { $0.file == "utmapp-UTM/zh-Hans.lproj/Localizable.strings" })
        let read = try PropertyListSerialization.propertyList(from: try Self.data(chineseSource), format: nil)
        let reference = try #require(read as? [String: Any])
        #expect(chinese.table["Boot Image Type"] == reference["Boot Image Type"] as? String)
    }

    /// Files Foundation refuses: an empty file and one holding only a byte order mark are
    /// empty tables (as `NSBundle` treats them), and a broken storyboard translation keeps
    /// every entry but the broken one, with the errors listed.
    @Test func filesFoundationRefusesAreReadAsFarAsTheyGo() throws {
        let sources = try Self.sources()
        func document(_ file: String) throws -> StringsDocument {
            let source = try #require(sources.first { $0.file == file })
            let data = try Self.data(source)
            #expect((try? PropertyListSerialization.propertyList(from: data, format: nil)) == nil, "\(file)")
            return StringsParser.read(data)
        }
        let empty = try document("iina-iina/sr-CS.lproj/InfoPlist.strings")
        #expect(empty.table.isEmpty && empty.errors.isEmpty)
        let bomOnly = try document("adium-adium/en.lproj/SecErrorMessages.strings")
        #expect(bomOnly.table.isEmpty && bomOnly.errors.isEmpty)

        // Czech translators put inner double quotes in two values (lines 215 and 221); Apple drops the file.
        let czech = try document("MonitorControl-MonitorControl/cs.lproj/Main.strings")
        let english = StringsParser.read(
            try Self.data(try #require(sources.first { $0.file == "MonitorControl-MonitorControl/en.lproj/Main.strings" })))
        #expect(czech.errors.map(\.kind) == [.expectedSemicolon, .expectedSemicolon])
        #expect(czech.errors.map(\.position.line) == [215, 221])
        #expect(Set(czech.table.keys) == Set(english.table.keys))
        #expect(czech.table["Jx2-gO-nq9.title"]?.hasPrefix("Poznámka: Když během spouštění podržíte Shift, aktivuje se ") == true)
        #expect(czech.table.count == english.table.count)
    }

    @Test func warningsPointAtTheTranslatorsTypos() throws {
        let sources = try Self.sources()
        let slovenian = StringsParser.read(
            try Self.data(try #require(sources.first { $0.file == "exelban-stats/sl.lproj/Localizable.strings" })))
        #expect(slovenian.errors.isEmpty)
        #expect(slovenian.warnings.map(\.kind) == [.unknownEscape])
        #expect(slovenian.warnings.first?.position == SourcePosition(line: 127, column: 113))
        let spanish = StringsParser.read(
            try Self.data(try #require(sources.first { $0.file == "adium-adium/es.lproj/Localizable.strings" })))
        #expect(spanish.warnings.map(\.position) == [SourcePosition(line: 2699, column: 479)])
    }
}
