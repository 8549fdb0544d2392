// libFuzzer target for the `.strings` parser.
//
// Built with `-DENTRYKIT_FUZZING` (and `-sanitize=fuzzer`) this file exports
// only `LLVMFuzzerTestOneInput`; libFuzzer supplies `main`. Built normally it
// is a program that replays the files and directories named on its command
// line through the same checks, so crash reproducers can be rerun without the
// fuzzer and the package builds as usual.

import EntryKitStrings
import Foundation

enum StringsFuzz {
    /// Parses `data` and checks what must hold for every input.
    static func check(_ data: Data) {
        let outcome: Result<StringsDocument, StringsSyntaxError>
        do {
            outcome = .success(try StringsParser.parse(data))
        } catch {
            outcome = .failure(error)
        }

        switch outcome {
        case .failure(let error):
            checkError(error, data: data)
        case .success(let document):
            checkDocument(document)
        }

        checkAgainstFoundationDecoding(data, outcome: outcome)
        checkCommand(data, outcome: outcome)
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
        require(
            !error.message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x2028 || $0.value == 0x2029 },
            "error message spans lines: \(error.message.debugDescription)")
        require(error.description == "\(error.position.line):\(error.position.column): \(error.message)",
                "description \(error.description)")
    }

    private static func checkDocument(_ document: StringsDocument) {
        require(document.orderedKeys.count == document.table.count, "orderedKeys and table differ in size")
        require(
            document.entries.count == document.orderedKeys.count + document.duplicates.count,
            "entries != keys + duplicates")
        var previous = SourcePosition(line: 0, column: 0)
        for entry in document.entries {
            require(entry.position.line >= 1 && entry.position.column >= 1, "entry position \(entry.position)")
            require(previous < entry.position, "entry positions not increasing: \(previous) then \(entry.position)")
            previous = entry.position
        }
        for key in document.orderedKeys {
            let last = document.entries.last { $0.key == key }
            require(last?.value == document.table[key], "table value is not the last definition of \(key.debugDescription)")
        }
        for duplicate in document.duplicates {
            require(duplicate.first < duplicate.duplicate, "duplicate before its first definition")
        }
    }

    /// For plain UTF-8 input (no byte order mark, no NUL among the first two
    /// bytes), Foundation's decoder and the parser's must agree on validity,
    /// and parsing the decoded text must give the same result.
    private static func checkAgainstFoundationDecoding(_ data: Data, outcome: Result<StringsDocument, StringsSyntaxError>) {
        let bytes = [UInt8](data)
        if bytes.count >= 2 && (bytes[0] == 0 || bytes[1] == 0 || bytes[0] >= 0xFE) { return }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return }
        let text = String(validating: bytes, as: UTF8.self)
        if case .failure(let error) = outcome, error.kind == .invalidUTF8 {
            require(text == nil, "parser rejects UTF-8 that Foundation accepts: \(error)")
            return
        }
        guard let text else {
            if case .failure(let error) = outcome, error.kind == .invalidUTF16 { return }
            require(false, "parser accepts bytes that are not UTF-8")
            return
        }
        let again: Result<StringsDocument, StringsSyntaxError>
        do {
            again = .success(try StringsParser.parse(text))
        } catch {
            again = .failure(error)
        }
        switch (outcome, again) {
        case (.success(let a), .success(let b)):
            require(a.entries == b.entries, "Data and String parses differ")
        case (.failure(let a), .failure(let b)):
            require(a == b, "Data and String errors differ: \(a) vs \(b)")
        default:
            require(false, "Data and String parses disagree")
        }
    }

    /// `lint -` and `dump -` agree with the parser, and dump's JSON reads back
    /// to the table with the keys in order.
    private static func checkCommand(_ data: Data, outcome: Result<StringsDocument, StringsSyntaxError>) {
        var output = ""
        var errors = ""
        let lintStatus = StringsCommand.run(
            ["lint", "-"], standardInput: { data },
            standardOutput: { output += $0 }, standardError: { errors += $0 })
        output = ""
        errors = ""
        let dumpStatus = StringsCommand.run(
            ["dump", "-"], standardInput: { data },
            standardOutput: { output += $0 }, standardError: { errors += $0 })

        switch outcome {
        case .failure(let error):
            require(lintStatus == 1 && dumpStatus == 1, "bad input but status \(lintStatus)/\(dumpStatus)")
            require(output.isEmpty, "dump printed on stdout for bad input")
            require(
                errors == "<stdin>:\(error.position.line):\(error.position.column): error: \(error.message)\n",
                "unexpected error line \(errors.debugDescription)")
        case .success(let document):
            require(lintStatus == 0 && dumpStatus == 0, "good input but status \(lintStatus)/\(dumpStatus)")
            require(errors.isEmpty, "dump wrote to stderr: \(errors.debugDescription)")
            require(output == StringsCommand.json(for: document), "dump output is not json(for:)")
            guard let object = try? JSONSerialization.jsonObject(with: Data(output.utf8)),
                  let table = object as? [String: String]
            else {
                require(false, "dump output is not a JSON object of strings: \(output.debugDescription)")
                return
            }
            // swift-corelibs-foundation's JSONSerialization drops a U+FEFF that
            // starts a string, so tables with U+FEFF are not compared.
            let hasBOM = document.entries.contains {
                $0.key.unicodeScalars.contains("\u{FEFF}") || $0.value.unicodeScalars.contains("\u{FEFF}")
            }
            require(hasBOM || table == document.table, "JSON does not read back to the table")
            // One line per key, in order of first appearance (JSON escapes line breaks).
            let lines = output.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            let body = document.orderedKeys.isEmpty ? [] : Array(lines.dropFirst().prefix(document.orderedKeys.count))
            require(body.count == document.orderedKeys.count, "JSON has \(body.count) key lines")
            for (line, key) in zip(body, document.orderedKeys) {
                let prefix = "  " + jsonQuoted(key) + ": "
                require(line.starts(with: prefix.utf8), "key \(key.debugDescription) missing or out of order in JSON")
            }
        }
    }

    private static func jsonQuoted(_ key: String) -> String {
        var document = StringsCommand.json(for: StringsDocument(entries: [StringsEntry(key: key, value: "", position: SourcePosition(line: 1, column: 1))]))
        // "{\n  KEY: \"\"\n}\n" -> KEY
        document.removeFirst(4)
        document.removeLast(7)
        return document
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
