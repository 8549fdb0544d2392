// libFuzzer target for the String Catalog reader: the JSON reader, the catalog model, lint, each
// language's compiled table, and the two writers (catalog JSON, .lproj tables).
//
// Built with `-DENTRYKIT_FUZZING` (and `-sanitize=fuzzer`) this file exports only
// `LLVMFuzzerTestOneInput`; built normally it replays the files named on its command line:
//
//   swift build -c release --product catalog-fuzz --scratch-path .build/fuzz --sanitize=fuzzer \
//     -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -DENTRYKIT_FUZZING
//   SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 .build/fuzz/release/catalog-fuzz -detect_leaks=0 \
//     -max_len=4096 -dict=Fuzz/catalog.dict /tmp/catalog-corpus Fuzz/catalog-corpus

import EntryKitCommandLine
import EntryKitStrings
import Foundation

enum CatalogFuzz {
    /// Reads `data` and checks what must hold for every input.
    static func check(_ data: Data) {
        let parsed = checkJSON(data)
        let catalog = StringCatalog.read(data)
        let lines = data.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        for diagnostic in catalog.problems + catalog.diagnostics {
            require(diagnostic.position.line >= 1 && diagnostic.position.line <= lines, "line \(diagnostic.position) of \(lines)")
            require(diagnostic.position.column >= 1, "column \(diagnostic.position)")
            require(
                !diagnostic.message.isEmpty && !diagnostic.message.unicodeScalars.contains { $0.value < 0x20 },
                "message \(diagnostic.message.debugDescription)")
        }
        require(
            catalog.isReadable == (parsed != nil && catalog.problems.allSatisfy { !$0.message.hasPrefix("not a String Catalog") }),
            "readable")
        guard catalog.isReadable else { return }
        for language in catalog.languages { checkTable(catalog, language: language) }
        checkLprojFiles(catalog)
        checkWriter(catalog)
    }

    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("invariant broken: \(message())") }
    }

    /// EntryKit's JSON reader reads what Foundation reads, the same values, and rejects what it
    /// rejects; the differences are Foundation's guesses at other encodings (UTF-16, UTF-32).
    static func checkJSON(_ data: Data) -> JSONNode? {
        let ours: JSONNode?
        do {
            ours = try JSONReader.read(data)
        } catch {
            require(error.offset >= 0 && error.offset <= data.count, "error offset \(error.offset) of \(data.count)")
            ours = nil
        }
        let bytes = [UInt8](data)
        // Foundation detects UTF-16 and UTF-32 by their zero bytes; EntryKit reads UTF-8 only. And
        // swift-corelibs-foundation drops a U+FEFF that starts a string (JSON keeps it).
        guard !bytes.contains(0), String(validating: bytes, as: UTF8.self) != nil else { return ours }
        if bytes.dropFirst(3).contains(0xEF), String(decoding: bytes.dropFirst(3), as: UTF8.self).unicodeScalars.contains("\u{FEFF}") {
            return ours
        }
        let theirs = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        require(
            (ours == nil) == (theirs == nil),
            "EntryKit \(ours == nil ? "rejects" : "reads") what Foundation \(theirs == nil ? "rejects" : "reads")")
        if let ours, let theirs { require(same(ours, theirs), "EntryKit and Foundation read different values") }
        return ours
    }

    /// Whether a node holds what Foundation read (numbers by value, the last of duplicate keys).
    static func same(_ node: JSONNode, _ value: Any) -> Bool {
        switch node.kind {
        case .object(let members):
            guard let object = value as? [String: Any] else { return false }
            var last: [String: JSONNode] = [:]
            for member in members { last[member.key] = member.value }
            return last.count == object.count && last.allSatisfy { key, node in object[key].map { same(node, $0) } ?? false }
        case .array(let elements):
            guard let array = value as? [Any], array.count == elements.count else { return false }
            return zip(elements, array).allSatisfy { same($0, $1) }
        case .string(let string): return (value as? String) == string
        case .number(let text):
            guard let number = value as? NSNumber, let double = Double(text) else { return false }
            return number.doubleValue == double || !double.isFinite || abs(number.doubleValue - double) <= abs(double) * 1e-15
        case .boolean(let flag): return (value as? Bool) == flag
        case .null: return value is NSNull
        }
    }

    /// A language's table holds each key once, its strings among its entries.
    static func checkTable(_ catalog: StringCatalog, language: String) {
        let table = catalog.table(language: language)
        require(Set(table.entries.map(\.key)).count == table.entries.count, "a key twice in \(language)")
        for entry in table.entries {
            if case .string(let text) = entry.value {
                require(table.strings[entry.key] == text, "strings[\(entry.key.debugDescription)]")
            } else {
                require(table.strings[entry.key] == nil, "a plural entry among the strings")
            }
        }
    }

    /// The `.lproj` files `convert` writes read back to each language's table.
    static func checkLprojFiles(_ catalog: StringCatalog) {
        for (path, text) in StringsCommand.lprojFiles(catalog, table: "T", folder: "out") {
            let name = String(path.split(separator: "/")[1].dropLast(".lproj".count))
            guard let language = catalog.tag(of: name) else {
                require(false, "\(path) is of no language of the catalog")
                return
            }
            let table = catalog.table(language: language)
            let document = StringsParser.read(Data(text.utf8))
            require(document.errors.isEmpty, "\(path) does not read back: \(document.errors.first.map { "\($0)" } ?? "")")
            if path.hasSuffix(".strings") {
                require(document.table == table.strings, "\(path) reads back to other strings")
            } else {
                let plurals = table.entries.filter { $0.value.string == nil }
                require(document.values == [String: StringsValue](uniqueKeysWithValues: plurals.map { ($0.key, $0.value) }), "\(path)")
            }
        }
    }

    /// The catalog written as JSON reads back to the same catalog (what could not be read left
    /// out), and writes the same JSON again.
    static func checkWriter(_ catalog: StringCatalog) {
        let json = catalog.json
        let again = StringCatalog.read(Data(json.utf8))
        require(again.isReadable, "the written JSON is no catalog: \(again.problems.first.map { "\($0.message)" } ?? "")")
        // What could not be read was left out; what is written has no problem the input did not have.
        require(again.problems.filter(\.isError).count <= catalog.problems.filter(\.isError).count, "the written JSON has new errors")
        require(again.json == json, "the written catalog writes differently when read back")
        require(again.entries.map(\.key) == catalog.entries.map(\.key), "the written catalog has other keys")
        for language in catalog.languages {
            require(again.table(language: language).document.json == catalog.table(language: language).document.json, "\(language) differs")
        }
    }
}

#if ENTRYKIT_FUZZING

    @_cdecl("LLVMFuzzerTestOneInput")
    public func catalogFuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        CatalogFuzz.check(bytes.map { Data(bytes: $0, count: size) } ?? Data())
        return 0
    }

#else

    @main
    enum CatalogFuzzReplay {
        static func main() {
            var count = 0
            for path in CommandLine.arguments.dropFirst() {
                let files =
                    (try? FileManager.default.contentsOfDirectory(atPath: path))?.sorted().map { path + "/" + $0 } ?? [path]
                for file in files {
                    guard let data = FileManager.default.contents(atPath: file) else {
                        FileHandle.standardError.write(Data("catalog-fuzz: cannot read \(file)\n".utf8))
                        exit(1)
                    }
                    CatalogFuzz.check(data)
                    count += 1
                }
            }
            print("ran \(count) inputs")
        }
    }

#endif
