import EntryKitStrings
import Glibc

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `entrykit strings lint [--strict] FILE...`, `entrykit strings dump [--language L] FILE`,
/// `entrykit strings lookup [--table NAME] KEY`, `entrykit strings coverage` and
/// `entrykit strings convert SOURCE DESTINATION`: the tools for translators, for `.strings`
/// and `.stringsdict` tables and String Catalogs (`.xcstrings`, see `StringsCommand+Catalog`).
///
/// - `lint` checks each file the way `plutil -lint` does, and like a translator's tool. Every
///   syntax error and every warning (``StringsDocument/diagnostics``) is printed on standard
///   error as `FILE:LINE:COL: error: ...` or `FILE:LINE:COL: warning: ...` (editors and IDEs turn
///   these into a jump to the spot), in file order, then one summary line on standard output:
///   `FILE: OK`, or the counts (`FILE: 1 error, 9 warnings`). With `--strict` a warning fails the
///   file too. Every file is checked even after a bad one; the status is ``ExitStatus/failed``
///   when any file failed or could not be read.
/// - `dump` prints the table as JSON (``StringsDocument/json``). A file with syntax errors prints
///   the entries that could be read, the errors on standard error, and fails.
/// - `lookup` prints a key in the current language, from the tables on the search path, as the
///   widgets would show it (the key itself when no table has it).
/// - A FILE of `-` reads standard input. The words are read by the rule of every `entrykit`
///   command (``CommandSyntax``); each subcommand has its own `--help`.
public enum StringsCommand {
    static let name = "entrykit strings"

    /// `entrykit strings --help`: every tool in one page.
    public static let usage = """
        Usage: entrykit strings lint [--strict] FILE...
               entrykit strings dump [--language L] FILE
               entrykit strings lookup [--table NAME] KEY
               entrykit strings coverage [--strict] [--json] [--table NAME] [DIR...]
               entrykit strings convert [OPTION...] SOURCE DESTINATION

          lint   check .strings, .stringsdict and .xcstrings files: FILE:LINE:COL:
                 error: ... for what Apple's tools reject or lose,
                 FILE:LINE:COL: warning: ... for what they accept but is almost
                 always a mistake (a plural form its language needs or never
                 shows, a translation whose format conversions differ), then one
                 line per file: FILE: OK, or FILE: 1 error, 9 warnings; --strict
                 fails on warnings too
          dump   print the table of a .strings file as JSON (keys in file order,
                 the last definition of a key wins, but one after the point where
                 Apple's parser stops never replaces a key it read), or language L
                 of a String Catalog as Xcode compiles it; a file with errors
                 prints what could be read and exits with 1
          lookup print KEY in the current language (LANGUAGE, LC_ALL, LC_MESSAGES,
                 LANG) from the tables on the search path (ENTRYKIT_RESOURCES first);
                 --table NAME reads NAME.xcstrings or NAME.strings instead of
                 EntryKit's

          coverage for each language in the DIRs (the search path when none is
                 given): the English keys it translates, those it misses and its
                 keys English does not have, as a table or --json; --strict exits
                 with 1 when a language misses a key; each language of a
                 catalog counts as an xx.lproj folder
          convert  turn the xx.lproj tables of a folder into a String Catalog
                 (SOURCE a folder, DESTINATION NAME.xcstrings), or a catalog into
                 xx.lproj tables (SOURCE NAME.xcstrings, DESTINATION a folder)

          A FILE of '-' reads standard input. '--' ends the options.
          'entrykit strings lint --help' (dump, lookup, coverage, convert) tells
          more of each.

        \(stringsExitStatus)

        """

    static let stringsExitStatus = """
        Exit status:
          0  every file is clean (lint), or the table or the key was printed
          1  a file has errors (with --strict, warnings too) or cannot be read, a
             language misses a key (coverage --strict), or the output cannot be
             written
          2  bad arguments (no file was read)
        """

    struct LintOptions {
        var strict = false
        var files: [String] = []
    }

    static let lintSyntax = CommandSyntax<LintOptions>(
        command: "entrykit strings lint", synopsis: "[--strict] FILE...",
        summary: """
            Checks .strings and .stringsdict files: FILE:LINE:COL: error: ... on standard error for
            what Apple's tools reject or lose, FILE:LINE:COL: warning: ... for what they accept but
            is almost always a mistake (in a .stringsdict in an xx.lproj folder, a plural form the
            language's CLDR rules need, or one they never show), then one line per file on standard output: FILE: OK, or
            FILE: 1 error, 9 warnings. Every file is checked, even after a bad one.
            """,
        options: [.flag("--strict", help: "a warning fails the file too") { $0.strict = true }],
        operand: .init(name: "FILE") { options, file in options.files.append(file) },
        notes: ["A FILE of '-' reads standard input."],
        exitStatus: stringsExitStatus)

    struct DumpOptions {
        var language: String?
        var files: [String] = []
    }

    static let dumpSyntax = CommandSyntax<DumpOptions>(
        command: "entrykit strings dump", synopsis: "[--language L] FILE",
        summary: """
            Prints the table of a .strings file as JSON: keys in file order, the last definition
            of a key wins, but one after the point where Apple's parser stops never replaces a
            key it read. Of a String Catalog (FILE.xcstrings) it prints one language's table in
            the same shape, as Xcode compiles it: a string per key, a plural entry as the
            dictionary a .stringsdict holds. A file with errors prints what could be read and
            exits with 1.
            """,
        options: [
            .value("--language", "L", help: "the catalog's language to print (zh-Hans or zh_CN); its source language when not given") {
                options, language throws(UsageError) in
                guard !language.isEmpty else { throw UsageError("--language needs a language") }
                options.language = language
            }
        ],
        operand: .init(name: "FILE") { options, file in options.files.append(file) },
        notes: ["A FILE of '-' reads standard input."],
        exitStatus: stringsExitStatus)

    struct LookupOptions {
        var table = Localization.defaultTable
        var keys: [String] = []
    }

    static let lookupSyntax = CommandSyntax<LookupOptions>(
        command: "entrykit strings lookup", synopsis: "[--table NAME] KEY",
        summary: """
            Prints KEY in the current language (LANGUAGE, LC_ALL, LC_MESSAGES, LANG) from the
            tables on the search path (ENTRYKIT_RESOURCES first), as the widgets show it: the
            key itself when no table has it.
            """,
        options: [
            .value("--table", "NAME", help: "read NAME.xcstrings or NAME.strings instead of EntryKit's") {
                options, name throws(UsageError) in
                guard !name.isEmpty else { throw UsageError("--table needs a NAME") }
                options.table = name
            }
        ],
        operand: .init(name: "KEY") { options, key in options.keys.append(key) },
        exitStatus: stringsExitStatus)

    struct CoverageOptions {
        var strict = false
        var json = false
        var table = Localization.defaultTable
        var directories: [String] = []
    }

    static let coverageSyntax = CommandSyntax<CoverageOptions>(
        command: "entrykit strings coverage", synopsis: "[--strict] [--json] [--table NAME] [DIR...]",
        summary: """
            For each language with an xx.lproj folder in the DIRs (the search path when none is
            given), counts the keys of the English table (EntryKit.strings and
            EntryKit.stringsdict) it translates, those it misses and its keys English does not
            have. Each language of a String Catalog (EntryKit.xcstrings) counts as a folder of
            its LANGUAGE name (zh-Hans as zh_CN). A regional table (pt_BR) counts its
            language's keys (pt) too, as lookups do.
            """,
        options: [
            .flag("--strict", help: "exit with 1 when a language misses a key, naming each on standard error") { $0.strict = true },
            .flag("--json", help: "print the counts and the missing and unused keys as JSON") { $0.json = true },
            .value("--table", "NAME", help: "count NAME.strings and NAME.xcstrings instead of EntryKit's") {
                options, name throws(UsageError) in
                guard !name.isEmpty else { throw UsageError("--table needs a NAME") }
                options.table = name
            },
        ],
        operand: .init(name: "DIR") { options, directory in options.directories.append(directory) },
        exitStatus: stringsExitStatus)

    /// Runs the command with the process's standard input, output and error. Output that
    /// cannot be written (a full disk, a closed pipe) is an error: ``ExitStatus/failed`` at least.
    public static func run(_ arguments: [String]) -> ExitStatus {
        var outputFailure: SystemError?
        let status = run(
            arguments,
            standardInput: { try FileReader.read(descriptor: STDIN_FILENO) },
            standardOutput: { text in
                guard outputFailure == nil else { return }
                do throws(SystemError) { try Output.write(text) } catch { outputFailure = error }
            },
            standardError: { try? Output.write($0, to: STDERR_FILENO) })
        guard let outputFailure else { return status }
        Output.say("\(name): cannot write to standard output: \(outputFailure)")
        return status == .usage ? status : .failed
    }

    /// Runs the command with `standardInput` as what `-` reads and `localization` as what
    /// `lookup` reads.
    ///
    /// - Parameters:
    ///   - arguments: the words after `entrykit strings`, e.g. `["lint", "a.strings"]`.
    ///   - standardOutput: receives whole lines, each ending in `\n`.
    ///   - standardError: receives whole lines, each ending in `\n`.
    public static func run(
        _ arguments: [String],
        standardInput: () throws -> Data,
        standardOutput: (String) -> Void,
        standardError: (String) -> Void,
        localization: Localization = .shared
    ) -> ExitStatus {
        /// Says the usage error and ends the run.
        func misuse(_ problem: String, of command: String) -> Finished {
            standardError(UsageError(problem).text(for: command) + "\n")
            return Finished(status: .usage)
        }
        /// The subcommand's options; help or a usage error ends the run.
        func parse<Options>(_ syntax: CommandSyntax<Options>, _ initial: Options) throws(Finished) -> Options {
            let parsed: CommandSyntax<Options>.Parsed
            do {
                parsed = try syntax.parse(arguments.dropFirst(), from: initial)
            } catch {
                throw misuse(error.message, of: syntax.command)
            }
            guard case .run(let options) = parsed else {
                standardOutput(syntax.help)
                throw Finished(status: .answered)
            }
            return options
        }

        do throws(Finished) {
            switch arguments.first {
            case nil:
                throw misuse("missing subcommand (lint, dump, lookup, coverage or convert)", of: name)
            case "--help", "-h", "help":
                standardOutput(usage)
                return .answered
            case "lint":
                let options = try parse(lintSyntax, LintOptions())
                guard !options.files.isEmpty else { throw misuse("missing FILE", of: lintSyntax.command) }
                let statuses = options.files.map { file in
                    lint(
                        file, strict: options.strict, standardInput: standardInput, standardOutput: standardOutput,
                        standardError: standardError)
                }
                return statuses.contains(.failed) ? .failed : .answered
            case "dump":
                let options = try parse(dumpSyntax, DumpOptions())
                guard options.files.count == 1 else {
                    throw misuse(
                        options.files.isEmpty ? "missing FILE" : "expected one FILE, got \(options.files.count)", of: dumpSyntax.command)
                }
                if options.files[0].hasSuffix(".xcstrings") {
                    return dumpCatalog(
                        options.files[0], language: options.language, standardInput: standardInput, standardOutput: standardOutput,
                        standardError: standardError)
                }
                guard options.language == nil else {
                    throw misuse(
                        "--language is for a String Catalog (FILE.xcstrings): a .strings file holds one language", of: dumpSyntax.command)
                }
                return dump(options.files[0], standardInput: standardInput, standardOutput: standardOutput, standardError: standardError)
            case "lookup":
                let options = try parse(lookupSyntax, LookupOptions())
                guard options.keys.count == 1 else {
                    throw misuse(
                        options.keys.isEmpty ? "missing KEY" : "expected one KEY, got \(options.keys.count)", of: lookupSyntax.command)
                }
                standardOutput(localization.string(options.keys[0], table: options.table) + "\n")
                return .answered
            case "coverage":
                let options = try parse(coverageSyntax, CoverageOptions())
                let directories = options.directories.isEmpty ? localization.searchPaths.map(\.path) : options.directories
                return coverage(options, directories: directories, standardOutput: standardOutput, standardError: standardError)
            case "convert":
                let options = try parse(convertSyntax, ConvertOptions())
                guard options.paths.count == 2 else {
                    throw misuse(
                        "expected SOURCE and DESTINATION, got \(options.paths.count) \(options.paths.count == 1 ? "path" : "paths")",
                        of: convertSyntax.command)
                }
                return convert(options, standardOutput: standardOutput, standardError: standardError)
            case let word?:
                throw misuse(word.hasPrefix("-") && word != "-" ? "unknown option '\(word)'" : "unknown subcommand '\(word)'", of: name)
            }
        } catch {
            return error.status
        }
    }

    /// The run ended early (help printed, or a usage error said) with `status`.
    private struct Finished: Error {
        let status: ExitStatus
    }

    private static func lint(
        _ file: String, strict: Bool, standardInput: () throws -> Data,
        standardOutput: (String) -> Void, standardError: (String) -> Void
    ) -> ExitStatus {
        let name = displayName(file)
        if file.hasSuffix(".xcstrings") {
            return lintCatalog(
                file, strict: strict, standardInput: standardInput, standardOutput: standardOutput, standardError: standardError)
        }
        switch load(file, standardInput: standardInput) {
        case .failure(let problem):
            standardError(problem.line + "\n")
            return .failed
        case .success(let document):
            var found = document.diagnostics
            if file.hasSuffix(".stringsdict") {
                found += document.pluralDiagnostics(language: language(ofTable: file))
                found.sort { $0.position < $1.position }
            }
            if file.split(separator: "/").last == "\(Localization.defaultTable).strings" {
                found += document.mnemonicDiagnostics(fallback: desktopWords(language: language(ofTable: file)))
                found.sort { $0.position < $1.position }
            }
            found = sharedFolderWarnings(file) + found
            for diagnostic in found { standardError(diagnostic.line(in: name) + "\n") }
            standardOutput(StringsDiagnostic.summary(of: found, in: name) + "\n")
            return found.contains(where: { $0.isError || strict }) ? .failed : .answered
        }
    }

    private static func dump(
        _ file: String, standardInput: () throws -> Data,
        standardOutput: (String) -> Void, standardError: (String) -> Void
    ) -> ExitStatus {
        switch load(file, standardInput: standardInput) {
        case .failure(let problem):
            standardError(problem.line + "\n")
            return .failed
        case .success(let document):
            let name = displayName(file)
            for error in document.errors {
                standardError("\(name):\(error.position.line):\(error.position.column): error: \(error.message)\n")
            }
            standardOutput(document.json)
            return document.errors.isEmpty ? .answered : .failed
        }
    }

    private static func coverage(
        _ options: CoverageOptions, directories: [String], standardOutput: (String) -> Void, standardError: (String) -> Void
    ) -> ExitStatus {
        let coverage: StringsCoverage
        do {
            coverage = try StringsCoverage(directories: directories, table: options.table)
        } catch {
            standardError("\(coverageSyntax.command): \(error)\n")
            return .failed
        }
        standardOutput(options.json ? coverage.json : coverage.table)
        guard options.strict else { return .answered }
        for language in coverage.languages {
            for key in language.missing { standardError("\(language.language): missing \(JSONString.quoted(key))\n") }
        }
        return coverage.isComplete ? .answered : .failed
    }

    // MARK: Files

    private struct Problem: Error {
        var line: String
    }

    /// `de` for `Resources/de.lproj/EntryKit.stringsdict`; nil outside an `.lproj` folder.
    /// GTK's word for a key of EntryKit's table in `language`, as the app shows it where the
    /// table lacks the key.
    private static func desktopWords(language: String?) -> (String) -> String? {
        guard let language, let catalog = MessageCatalog(path: DesktopTranslations.gtk.catalogPath(language: language)) else {
            return { _ in nil }
        }
        return { DesktopTranslations.translation(of: $0, in: catalog) }
    }

    static func language(ofTable file: String) -> String? {
        let folders = file.split(separator: "/").dropLast()
        guard let folder = folders.last, folder.hasSuffix(".lproj") else { return nil }
        return String(folder.dropLast(".lproj".count))
    }

    static func displayName(_ file: String) -> String {
        file == "-" ? "<stdin>" : file
    }

    private static func load(_ file: String, standardInput: () throws -> Data) -> Result<StringsDocument, Problem> {
        let data: Data
        do {
            data = file == "-" ? try standardInput() : try FileReader.read(path: file)
        } catch {
            return .failure(Problem(line: "\(displayName(file)): error: cannot read file: \(error)"))
        }
        return .success(StringsParser.read(data))
    }
}

/// Whole files read through the one read loop, with the system's words for what went wrong
/// ("No such file or directory").
enum FileReader {
    struct ReadError: Error, CustomStringConvertible {
        var description: String
    }

    /// Refuse files above this size rather than read without end (`/dev/zero`).
    static let limit = InputLimit(lines: .max, bytes: 256 << 20)

    static func read(path: String) throws(ReadError) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ReadError(description: SystemError(errno: errno).description) }
        defer { close(descriptor) }
        return try read(descriptor: descriptor)
    }

    static func read(descriptor: Int32) throws(ReadError) -> Data {
        do {
            return Data(try DescriptorReader.readToEnd(descriptor, limit: limit))
        } catch {
            switch error {
            case .unreadable(let reason): throw ReadError(description: reason.description)
            case .tooManyBytes(let limit): throw ReadError(description: "larger than \(limit >> 20) MB")
            case .tooManyLines(let limit): throw ReadError(description: "more than \(limit) lines")
            }
        }
    }
}
