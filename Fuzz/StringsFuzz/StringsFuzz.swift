// libFuzzer target for the `.strings` parser.
//
// Built with `-DENTRYKIT_FUZZING` (and `-sanitize=fuzzer`) this file exports
// only `LLVMFuzzerTestOneInput`; libFuzzer supplies `main`. Built normally it
// is a program that replays the files and directories named on its command
// line through the same checks, so crash reproducers can be rerun without the
// fuzzer and the package builds as usual.

import EntryKitCommandLine
import EntryKitStrings
import Foundation

enum StringsFuzz {
    /// Reads `data` and checks what must hold for every input.
    static func check(_ data: Data) {
        let document = StringsParser.read(data)
        for error in document.errors { checkError(error, data: data) }
        checkDocument(document)
        checkAgainstPropertyListSerialization(data, document: document)
        checkAgainstFoundationDecoding(data, document: document)
        checkCommand(data, document: document)
    }

    private static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition {
            fatalError("invariant broken: \(message())")
        }
    }

    private static func checkError(_ error: StringsSyntaxError, data: Data) {
        require(error.position.line >= 1, "error line \(error.position.line) < 1")
        require(error.position.column >= 1, "error column \(error.position.column) < 1")
        // Not more lines than the file has line breaks (+1), whatever the encoding.
        require(error.position.line <= data.count + 1, "error line \(error.position.line) past the end")
        require(!error.message.isEmpty, "empty error message")
        require(error.kind != .other, "parser error without a kind: \(error)")
        require(isOneLine(error.message), "error message spans lines: \(error.message.debugDescription)")
        require(
            error.description == "\(error.position.line):\(error.position.column): \(error.message)",
            "description \(error.description)")
    }

    private static func isOneLine(_ message: String) -> Bool {
        !message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x2028 || $0.value == 0x2029 }
    }

    private static func checkDocument(_ document: StringsDocument) {
        require(document.orderedKeys.count == document.values.count, "orderedKeys and values differ in size")
        require(
            document.entries.count == document.orderedKeys.count + document.duplicates.count,
            "entries != keys + duplicates")
        if document.format == .text {
            var previous = SourcePosition(line: 0, column: 0)
            for entry in document.entries {
                require(entry.position.line >= 1 && entry.position.column >= 1, "entry position \(entry.position)")
                require(previous < entry.position, "entry positions not increasing: \(previous) then \(entry.position)")
                previous = entry.position
            }
        }
        for key in document.orderedKeys {
            let last = document.entries.last { $0.key == key }
            require(last?.value == document.values[key], "value is not the last definition of \(key.debugDescription)")
            require(document.table[key] == last?.value.string, "table is not the last string of \(key.debugDescription)")
        }
        for duplicate in document.duplicates {
            require(duplicate.first < duplicate.duplicate, "duplicate before its first definition")
        }
        for warning in document.warnings {
            require(warning.position.line >= 1 && warning.position.column >= 1, "warning position \(warning.position)")
            require(!warning.message.isEmpty && isOneLine(warning.message), "warning message \(warning.message.debugDescription)")
        }
        require(zip(document.errors, document.errors.dropFirst()).allSatisfy { $0.position <= $1.position }, "errors out of order")
    }

    /// Where Foundation's parser (CoreFoundation's, as on Apple's platforms) reads a table,
    /// EntryKit reads the same keys with the same values and reports no error but the entries
    /// Apple silently drops (then the entries before that point are Apple's table). Where it
    /// fails on a non-empty text file, EntryKit reports an error too.
    private static func checkAgainstPropertyListSerialization(_ data: Data, document: StringsDocument) {
        let reference: Any?
        do {
            reference = try PropertyListSerialization.propertyList(from: data, format: nil)
        } catch {
            reference = nil
        }
        // For bytes that are neither UTF-8 nor UTF-16 with a byte order mark, Foundation guesses
        // another encoding (it reads `FF 00 22 00` as UTF-16, and a stray 0xA9 as U+FFFD);
        // EntryKit reports them as not UTF-8. Those inputs are not compared.
        let bytes = [UInt8](data)
        let utf16BOM = bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
        if !utf16BOM, document.format == .text, String(validating: bytes, as: UTF8.self) == nil { return }
        // EntryKit reads `00 41` or `41 00` at the start without a byte order mark as UTF-16;
        // Foundation reads UTF-8.
        if !utf16BOM, bytes.count >= 2, bytes[0] == 0 || bytes[1] == 0 { return }
        if let table = reference as? [String: Any] {
            // Errors after Apple's silent stop are in text Apple never reads.
            let syntaxErrors = document.errors
            require(
                syntaxErrors.first.map { $0.kind == .appleStopsReading } ?? true,
                "Foundation reads the table but EntryKit reports \(syntaxErrors.first.map { "\($0)" } ?? "")")
            // Where Apple's parser stopped silently, compare what it read: the entries before the stop.
            var expected = document
            if let stop = syntaxErrors.first?.position {
                expected = StringsDocument(entries: document.entries.filter { $0.position < stop })
            }
            require(Set(expected.orderedKeys) == Set(table.keys), "EntryKit and Foundation read different keys")
            for (key, value) in table {
                if let string = value as? String {
                    require(
                        expected.table[key] == string,
                        "key \(key.debugDescription): EntryKit \(String(describing: expected.table[key]).debugDescription), Foundation \(string.debugDescription)"
                    )
                } else {
                    require(
                        expected.value(forKey: key) != nil && expected.table[key] == nil,
                        "key \(key.debugDescription) holds a \(type(of: value)) in Foundation")
                }
            }
            return
        }
        guard reference == nil, document.format == .text else { return }
        let hasBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
        let utf16WithoutBOM = bytes.count >= 2 && !hasBOM && (bytes[0] == 0 || bytes[1] == 0)
        let bomOnly =
            bytes == [0xEF, 0xBB, 0xBF] || bytes == [0xFF, 0xFE] || bytes == [0xFE, 0xFF]
            || (bytes.count == 3 && (bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])))
        if bytes.isEmpty || bomOnly || utf16WithoutBOM { return }
        require(!document.errors.isEmpty, "Foundation rejects the file but EntryKit reports no error")
    }

    /// For plain UTF-8 input (no byte order mark, no NUL among the first two bytes),
    /// reading the decoded text gives the same document as reading the bytes.
    private static func checkAgainstFoundationDecoding(_ data: Data, document: StringsDocument) {
        guard document.format == .text else { return }
        let bytes = [UInt8](data)
        if bytes.count >= 2 && (bytes[0] == 0 || bytes[1] == 0 || bytes[0] >= 0xFE) { return }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return }
        let text = String(validating: bytes, as: UTF8.self)
        let invalid = document.errors.contains { $0.kind == .invalidUTF8 }
        require((text == nil) == invalid, "UTF-8 validity differs from Swift's: \(document.errors.first.map { "\($0)" } ?? "none")")
        guard let text else { return }
        let again = StringsParser.read(text)
        require(again.entries == document.entries, "Data and String reads differ")
        require(again.errors == document.errors, "Data and String errors differ")
        require(again.warnings == document.warnings, "Data and String warnings differ")
    }

    /// `lint -` and `dump -` agree with the parser, and dump's JSON reads back
    /// to the table with the keys in order.
    private static func checkCommand(_ data: Data, document: StringsDocument) {
        var output = ""
        var errors = ""
        let lintStatus = StringsCommand.run(
            ["lint", "-"], standardInput: { data },
            standardOutput: { output += $0 }, standardError: { errors += $0 })
        require(lintStatus == (document.errors.isEmpty ? .answered : .failed), "lint status \(lintStatus)")
        require((output == "<stdin>: OK\n") == document.errors.isEmpty, "lint output \(output.debugDescription)")
        let lintLines = errors.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        require(lintLines.filter { $0.contains(": error: ") }.count >= document.errors.count, "lint lists fewer errors than the parser")
        output = ""
        errors = ""
        let dumpStatus = StringsCommand.run(
            ["dump", "-"], standardInput: { data },
            standardOutput: { output += $0 }, standardError: { errors += $0 })
        require(dumpStatus == (document.errors.isEmpty ? .answered : .failed), "dump status \(dumpStatus)")
        let expectedErrors = document.errors.map { "<stdin>:\($0.position.line):\($0.position.column): error: \($0.message)\n" }.joined()
        require(errors == expectedErrors, "unexpected dump errors \(errors.debugDescription)")
        require(output == document.json, "dump output is not the document's json")
        guard let object = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] else {
            require(false, "dump output is not a JSON object: \(output.debugDescription)")
            return
        }
        guard document.table.count == document.values.count else { return }
        // swift-corelibs-foundation's JSONSerialization drops a U+FEFF that
        // starts a string, so tables with U+FEFF are not compared.
        let hasBOM = document.entries.contains { entry in
            entry.key.unicodeScalars.contains("\u{FEFF}") || (entry.value.string ?? "").unicodeScalars.contains("\u{FEFF}")
        }
        require(hasBOM || (object as? [String: String]) == document.table, "JSON does not read back to the table")
        // One line per key, in order of first appearance (JSON escapes line breaks).
        let lines = output.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let body = document.orderedKeys.isEmpty ? [] : Array(lines.dropFirst().prefix(document.orderedKeys.count))
        require(body.count == document.orderedKeys.count, "JSON has \(body.count) key lines")
        for (line, key) in zip(body, document.orderedKeys) {
            let prefix = "  " + JSONString.quoted(key) + ": "
            require(line.starts(with: prefix.utf8), "key \(key.debugDescription) missing or out of order in JSON")
        }
    }

}

#if ENTRYKIT_FUZZING

    @_cdecl("LLVMFuzzerTestOneInput")
    public func stringsFuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        let data = if let bytes, size > 0 { Data(bytes: bytes, count: size) } else { Data() }
        StringsFuzz.check(data)
        return 0
    }

#else

    @main
    enum StringsFuzzReplay {
        static func main() {
            let paths = CommandLine.arguments.dropFirst()
            guard !paths.isEmpty else {
                FileHandle.standardError.write(Data("usage: strings-fuzz FILE-OR-DIRECTORY...\n".utf8))
                exit(2)
            }
            let fileManager = FileManager.default
            var inputs: [String] = []
            for path in paths {
                var isDirectory: ObjCBool = false
                guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                    FileHandle.standardError.write(Data("strings-fuzz: no such file or directory: \(path)\n".utf8))
                    exit(1)
                }
                if isDirectory.boolValue {
                    let base = URL(fileURLWithPath: path)
                    let names = (fileManager.enumerator(atPath: path)?.allObjects as? [String] ?? []).sorted()
                    for name in names {
                        let full = base.appendingPathComponent(name).path
                        var nestedIsDirectory: ObjCBool = false
                        if fileManager.fileExists(atPath: full, isDirectory: &nestedIsDirectory), !nestedIsDirectory.boolValue {
                            inputs.append(full)
                        }
                    }
                } else {
                    inputs.append(path)
                }
            }
            for input in inputs {
                guard let data = fileManager.contents(atPath: input) else {
                    FileHandle.standardError.write(Data("strings-fuzz: cannot read \(input)\n".utf8))
                    exit(1)
                }
                StringsFuzz.check(data)
            }
            print("ran \(inputs.count) inputs")
        }
    }

#endif
