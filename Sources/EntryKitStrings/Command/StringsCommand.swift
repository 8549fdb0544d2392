import FoundationEssentials

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `entrykit strings lint [--strict] FILE...`, `entrykit strings dump FILE` and
/// `entrykit strings lookup KEY`.
///
/// - `lint` checks each file the way `plutil -lint` does, and like a translator's tool. Every
///   syntax error and every warning is printed on standard error as `FILE:LINE:COL: error: ...`
///   or `FILE:LINE:COL: warning: ...` (editors and IDEs turn these into a jump to the spot),
///   in file order, then one summary line on standard output: `FILE: OK`, or the counts
///   (`FILE: 1 error, 9 warnings`). Errors are what
///   Apple's tools reject or lose entries over; warnings are what they accept but is almost
///   always a mistake (`\u`, unknown escapes, short `\U`, octal above `\377`, a key defined
///   twice, a value whose `printf` conversions differ from its key's). With `--strict` a
///   warning fails the file too. Every file is checked even after a bad one; the exit status
///   is 1 when any file failed or could not be read, else 0.
/// - `dump` prints the table as JSON: one object, keys in order of first appearance (sorted for
///   XML and binary tables), each with its last value, indented by two spaces. Arrays and
///   dictionaries show as JSON arrays and objects, data as `"<0fa1>"`. A file with syntax
///   errors prints the entries that could be read, the errors on standard error, and exits 1.
/// - `lookup` prints a key in the current language, from the tables on the search path, as the
///   widgets would show it (the key itself when no table has it).
/// - A FILE of `-` reads standard input; `--` ends the options.
///
/// Misuse prints the usage on standard error and exits with 2; `--help`
/// prints it on standard output and exits with 0.
public enum StringsCommand {
    public static let usage = """
        usage: entrykit strings lint [--strict] FILE...
               entrykit strings dump FILE
               entrykit strings lookup [--table NAME] KEY

          lint   check .strings files: FILE:LINE:COL: error: ... for what Apple's
                 tools reject or lose, FILE:LINE:COL: warning: ... for what they
                 accept but is almost always a mistake, then one line per file:
                 FILE: OK, or FILE: 1 error, 9 warnings; --strict fails on
                 warnings too
          dump   print the table of a .strings file as JSON (keys in file order,
                 the last definition of a key wins, but one after the point where
                 Apple's parser stops never replaces a key it read); a file with
                 errors prints what could be read and exits with 1
          lookup print KEY in the current language (LANGUAGE, LC_ALL, LC_MESSAGES,
                 LANG) from the tables on the search path (ENTRYKIT_RESOURCES first);
                 --table NAME reads NAME.strings instead of EntryKit.strings

          A FILE of '-' reads standard input. '--' ends the options.

        """

    /// Runs the command with the process's standard input, output and error. Output that
    /// cannot be written (a full disk, a closed pipe) is an error, exit status 1 at least.
    public static func run(_ arguments: [String]) -> Int32 {
        var outputFailure: String?
        let status = run(
            arguments,
            standardInput: { try FileReader.read(descriptor: 0) },
            standardOutput: { text in
                if outputFailure == nil { outputFailure = FileReader.write(text, to: 1) }
            },
            standardError: { FileReader.write($0, to: 2) })
        guard let outputFailure else { return status }
        FileReader.write("entrykit strings: cannot write to standard output: \(outputFailure)\n", to: 2)
        return max(status, 1)
    }

    /// Runs the command, reading `-` from the process's standard input.
    ///
    /// - Parameters:
    ///   - arguments: the words after `entrykit strings`, e.g. `["lint", "a.strings"]`.
    ///   - standardOutput: receives whole lines, each ending in `\n`.
    ///   - standardError: receives whole lines, each ending in `\n`.
    /// - Returns: the exit status: 0 success, 1 a bad or unreadable file, 2 misuse.
    public static func run(
        _ arguments: [String],
        standardOutput: (String) -> Void,
        standardError: (String) -> Void
    ) -> Int32 {
        run(
            arguments,
            standardInput: { try FileReader.read(descriptor: 0) },
            standardOutput: standardOutput,
            standardError: standardError)
    }

    /// Runs the command with `standardInput` as what `-` reads and `localization` as what
    /// `lookup` reads.
    public static func run(
        _ arguments: [String],
        standardInput: () throws -> Data,
        standardOutput: (String) -> Void,
        standardError: (String) -> Void,
        localization: Localization = .shared
    ) -> Int32 {
        func misuse(_ problem: String) -> Int32 {
            standardError("entrykit strings: \(problem)\n" + usage)
            return 2
        }

        guard let subcommand = arguments.first else {
            return misuse("missing subcommand (lint, dump or lookup)")
        }
        if subcommand == "--help" || subcommand == "-h" || subcommand == "help" {
            standardOutput(usage)
            return 0
        }
        if subcommand == "lookup" {
            return lookup(Array(arguments.dropFirst()), in: localization, standardOutput: standardOutput, misuse: misuse)
        }
        guard subcommand == "lint" || subcommand == "dump" else {
            if subcommand.hasPrefix("-"), subcommand != "-" {
                return misuse("unknown option '\(subcommand)'")
            }
            return misuse("unknown subcommand '\(subcommand)'")
        }

        var files: [String] = []
        var strict = false
        var optionsEnded = false
        var unknownOption: String?
        for argument in arguments.dropFirst() {
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                files.append(argument)
            } else if argument == "--" {
                optionsEnded = true
            } else if argument == "--strict", subcommand == "lint" {
                strict = true
            } else if argument == "--help" || argument == "-h" {
                standardOutput(usage)
                return 0
            } else if unknownOption == nil {
                unknownOption = argument
            }
        }
        if let unknownOption {
            return misuse("\(subcommand): unknown option '\(unknownOption)'")
        }

        if subcommand == "lint" {
            guard !files.isEmpty else { return misuse("lint: missing FILE") }
            var status: Int32 = 0
            for file in files {
                switch load(file, standardInput: standardInput) {
                case .failure(let problem):
                    standardError(problem.line + "\n")
                    status = 1
                case .success(let document):
                    let name = displayName(file)
                    let found = diagnostics(in: document)
                    for diagnostic in found {
                        let severity = diagnostic.isError ? "error" : "warning"
                        standardError("\(name):\(diagnostic.position.line):\(diagnostic.position.column): \(severity): \(diagnostic.message)\n")
                    }
                    if found.contains(where: { $0.isError || strict }) { status = 1 }
                    standardOutput(summary(of: found, in: name))
                }
            }
            return status
        }

        guard files.count == 1 else {
            return misuse(files.isEmpty ? "dump: missing FILE" : "dump: expected one FILE, got \(files.count)")
        }
        switch load(files[0], standardInput: standardInput) {
        case .failure(let problem):
            standardError(problem.line + "\n")
            return 1
        case .success(let document):
            let name = displayName(files[0])
            for error in document.errors {
                standardError("\(name):\(error.position.line):\(error.position.column): error: \(error.message)\n")
            }
            standardOutput(json(for: document))
            return document.errors.isEmpty ? 0 : 1
        }
    }

    private static func lookup(
        _ arguments: [String],
        in localization: Localization,
        standardOutput: (String) -> Void,
        misuse: (String) -> Int32
    ) -> Int32 {
        var table = Localization.defaultTable
        var keys: [String] = []
        var words = arguments[...]
        while let word = words.popFirst() {
            if word == "--table" {
                guard let name = words.popFirst(), !name.isEmpty else { return misuse("lookup: --table needs a NAME") }
                table = name
            } else if word.hasPrefix("--table=") {
                table = String(word.dropFirst("--table=".count))
            } else if word == "--" {
                keys += words
                break
            } else if word.hasPrefix("-"), word.count > 1 {
                return misuse("lookup: unknown option '\(word)'")
            } else {
                keys.append(word)
            }
        }
        guard keys.count == 1 else {
            return misuse(keys.isEmpty ? "lookup: missing KEY" : "lookup: expected one KEY, got \(keys.count)")
        }
        standardOutput(localization.string(keys[0], table: table) + "\n")
        return 0
    }

    /// The line that ends a file's `lint` report: `FILE: OK`, or how many errors and warnings
    /// it has (`FILE: 1 error, 9 warnings`).
    static func summary(of found: [Diagnostic], in name: String) -> String {
        let errors = found.filter(\.isError).count
        let warnings = found.count - errors
        guard errors + warnings > 0 else { return "\(name): OK\n" }
        func count(_ number: Int, _ word: String) -> String { "\(number) \(word)\(number == 1 ? "" : "s")" }
        return "\(name): \(count(errors, "error")), \(count(warnings, "warning"))\n"
    }

    /// One line of `lint` output.
    struct Diagnostic {
        var position: SourcePosition
        var isError: Bool
        var message: String
    }

    /// Errors and warnings of a document, in file order (errors first where both stand).
    static func diagnostics(in document: StringsDocument) -> [Diagnostic] {
        var found = document.errors.map { Diagnostic(position: $0.position, isError: true, message: $0.message) }
        found += document.warnings.map { Diagnostic(position: $0.position, isError: false, message: $0.message) }
        found += document.duplicates.map { duplicate in
            Diagnostic(
                position: duplicate.duplicate, isError: false,
                message: "duplicate key \(jsonString(duplicate.key)) (first defined at \(duplicate.first)); the last definition wins")
        }
        found += document.ignoredRecoveries.map { ignored in
            Diagnostic(
                position: ignored.duplicate, isError: false,
                message: "key \(jsonString(ignored.key)) was read by Apple's parser at \(ignored.first), before it stops reading; "
                    + "this later definition is ignored, as on Apple's platforms")
        }
        found += formatWarnings(in: document).map { Diagnostic(position: $0.position, isError: false, message: $0.message) }
        return found.enumerated().sorted { a, b in
            if a.element.position != b.element.position { return a.element.position < b.element.position }
            if a.element.isError != b.element.isError { return a.element.isError }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// Values whose `printf` conversions differ from their key's: at run time the key's text
    /// is shown instead, so the translator should hear of it.
    static func formatWarnings(in document: StringsDocument) -> [(position: SourcePosition, message: String)] {
        document.entries.compactMap { entry -> (position: SourcePosition, message: String)? in
            guard let value = entry.value.string else { return nil }
            let expected = FormatSpecifiers(entry.key)
            guard !expected.isEmpty else { return nil }
            let found = FormatSpecifiers(value)
            guard found != expected else { return nil }
            return (entry.position, "the value's format conversions (\(found)) differ from the key's (\(expected)); the key's text is shown instead")
        }
    }

    // MARK: JSON

    /// The table as a JSON object: keys in order of first appearance, each
    /// with its winning (last) value, two-space indent, a final newline.
    /// Control characters, `"` and `\` are escaped; other characters are
    /// written as they are (UTF-8).
    public static func json(for document: StringsDocument) -> String {
        guard !document.orderedKeys.isEmpty else { return "{}\n" }
        var out = "{\n"
        var first = true
        for key in document.orderedKeys {
            if !first { out += ",\n" }
            first = false
            out += "  "
            appendJSONString(key, to: &out)
            out += ": "
            out += jsonValue(document.values[key] ?? .string(""), indent: "  ")
        }
        out += "\n}\n"
        return out
    }

    /// A value as JSON; nested arrays and objects are indented one more step than `indent`.
    static func jsonValue(_ value: StringsValue, indent: String) -> String {
        switch value {
        case .string(let string):
            return jsonString(string)
        case .array(let elements):
            guard !elements.isEmpty else { return "[]" }
            let inner = indent + "  "
            return "[\n" + elements.map { inner + jsonValue($0, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .dictionary(let members):
            guard !members.isEmpty else { return "{}" }
            let inner = indent + "  "
            return "{\n" + members.map { inner + jsonString($0.key) + ": " + jsonValue($0.value, indent: inner) }
                .joined(separator: ",\n") + "\n" + indent + "}"
        case .data(let bytes):
            return jsonString("<" + bytes.map { StringsDecoder.hexDigits(UInt32($0), width: 2).lowercased() }.joined() + ">")
        case .number(let text):
            return Double(text).map { $0.isFinite } == true ? text : jsonString(text)
        case .boolean(let flag):
            return flag ? "true" : "false"
        case .date(let date):
            return jsonString(date.ISO8601Format())
        }
    }

    static func jsonString(_ string: String) -> String {
        var out = ""
        appendJSONString(string, to: &out)
        return out
    }

    static func appendJSONString(_ string: String, to out: inout String) {
        out.unicodeScalars.append("\"")
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{00}"..."\u{1F}":
                out += "\\u" + StringsDecoder.hexDigits(scalar.value, width: 4).lowercased()
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        out.unicodeScalars.append("\"")
    }

    // MARK: Files

    private struct Problem: Error {
        var line: String
    }

    private static func displayName(_ file: String) -> String {
        file == "-" ? "<stdin>" : file
    }

    private static func load(_ file: String, standardInput: () throws -> Data) -> Result<StringsDocument, Problem> {
        let name = displayName(file)
        let data: Data
        do {
            data = file == "-" ? try standardInput() : try FileReader.read(path: file)
        } catch let error as FileReader.ReadError {
            return .failure(Problem(line: "\(name): error: cannot read file: \(error.reason)"))
        } catch {
            return .failure(Problem(line: "\(name): error: cannot read file: \(error)"))
        }
        return .success(StringsParser.read(data))
    }
}

/// Whole-file reads and writes on file descriptors, with the system's words
/// for what went wrong ("No such file or directory").
enum FileReader {
    struct ReadError: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    /// Refuse files above this size rather than read without end (`/dev/zero`).
    static let maximumSize = 256 << 20

    static func read(path: String) throws(ReadError) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ReadError(reason: systemReason(errno)) }
        defer { close(descriptor) }
        return try read(descriptor: descriptor)
    }

    static func read(descriptor: Int32) throws(ReadError) -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let got = chunk.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress, buffer.count)
            }
            if got == 0 { return data }
            if got < 0 {
                let code = errno
                if code == EINTR { continue }
                throw ReadError(reason: systemReason(code))
            }
            data.append(contentsOf: chunk[0..<got])
            if data.count > maximumSize {
                throw ReadError(reason: "larger than \(maximumSize >> 20) MB")
            }
        }
    }

    /// Writes all of `text`; returns why it could not, or nil.
    @discardableResult
    static func write(_ text: String, to descriptor: Int32) -> String? {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { buffer in
                systemWrite(descriptor, buffer.baseAddress, buffer.count)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return systemReason(errno)
            }
            bytes = bytes.dropFirst(written)
        }
        return nil
    }

    private static func systemReason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(descriptor, buffer, count)
        #elseif canImport(Musl)
        return Musl.read(descriptor, buffer, count)
        #else
        return Darwin.read(descriptor, buffer, count)
        #endif
    }

    private static func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.write(descriptor, buffer, count)
        #elseif canImport(Musl)
        return Musl.write(descriptor, buffer, count)
        #else
        return Darwin.write(descriptor, buffer, count)
        #endif
    }
}
