import EntryKitStrings
import Glibc

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The `strings` tools on String Catalogs (`NAME.xcstrings`): `lint` and `dump` of a catalog,
/// `convert` between `.lproj` tables and a catalog, and the warning `lint` gives when a catalog
/// and `.lproj` tables of the same name share a folder.
extension StringsCommand {
    struct ConvertOptions {
        var table: String?
        var sourceLanguage = LanguagePreference.fallbackLanguage
        var force = false
        var paths: [String] = []
    }

    static let convertSyntax = CommandSyntax<ConvertOptions>(
        command: "entrykit strings convert", synopsis: "[OPTION...] SOURCE DESTINATION",
        summary: """
            Turns the xx.lproj tables of the folder SOURCE (xx.lproj/NAME.strings and
            NAME.stringsdict) into the String Catalog DESTINATION (NAME.xcstrings), or the catalog
            SOURCE (NAME.xcstrings) into xx.lproj tables in the folder DESTINATION, one folder
            per language by its LANGUAGE name (zh-Hans as zh_CN.lproj). What both forms hold is
            kept: every language's strings and plural entries, and the comment before each entry
            of the source language's .strings table as the key's comment. What a catalog cannot
            hold is refused, not dropped (a table with errors, a value that is not a string, a
            .stringsdict entry that is not plural); what .lproj tables cannot hold (states,
            shouldTranslate, device variations but their "other") is left out, as Xcode compiles
            a catalog. Nothing is written when something is refused, and no file is replaced
            without --force.
            """,
        options: [
            .value("--table", "NAME", help: "the tables to convert into a catalog (the DESTINATION's name when not given)") {
                options, name throws(UsageError) in
                guard !name.isEmpty, !name.contains("/") else { throw UsageError("--table needs a NAME without '/'") }
                options.table = name
            },
            .value("--source-language", "L", help: "the language the keys are written in (en when not given)") {
                options, language throws(UsageError) in
                guard LanguageTag.localeName(language) != nil || LanguageTag.tag(localeName: language) != nil else {
                    throw UsageError("--source-language: '\(language)' is not a language (such as en or pt-BR)")
                }
                options.sourceLanguage = LanguageTag.tag(localeName: language) ?? language
            },
            .flag("--force", help: "replace files that exist") { $0.force = true },
        ],
        operand: .init(name: "PATH") { options, path in options.paths.append(path) },
        exitStatus: stringsExitStatus)

    // MARK: lint and dump

    /// `lint` of a catalog: what could not be read and what looks wrong, as for a `.strings` file.
    static func lintCatalog(
        _ file: String, strict: Bool, standardInput: () throws -> Data,
        standardOutput: (String) -> Void, standardError: (String) -> Void
    ) -> ExitStatus {
        let name = displayName(file)
        guard let data = readFile(file, standardInput: standardInput, standardError: standardError) else { return .failed }
        let found = sharedFolderWarnings(file) + StringCatalog.read(data).diagnostics
        for diagnostic in found { standardError(diagnostic.line(in: name) + "\n") }
        standardOutput(StringsDiagnostic.summary(of: found, in: name) + "\n")
        return found.contains(where: { $0.isError || strict }) ? .failed : .answered
    }

    /// `dump --language L` of a catalog: that language's table as Xcode compiles it.
    static func dumpCatalog(
        _ file: String, language: String?, standardInput: () throws -> Data,
        standardOutput: (String) -> Void, standardError: (String) -> Void
    ) -> ExitStatus {
        let name = displayName(file)
        guard let data = readFile(file, standardInput: standardInput, standardError: standardError) else { return .failed }
        let catalog = StringCatalog.read(data)
        let errors = catalog.problems.filter(\.isError)
        for error in errors { standardError(error.line(in: name) + "\n") }
        guard catalog.isReadable else { return .failed }
        let wanted = language ?? catalog.sourceLanguage
        guard let tag = catalog.tag(of: wanted) else {
            standardError("\(name): error: no language \(wanted) in the catalog; it holds \(catalog.languages.joined(separator: ", "))\n")
            return .failed
        }
        standardOutput(catalog.table(language: tag).document.json)
        return errors.isEmpty ? .answered : .failed
    }

    /// The whole file, or nil after saying why it cannot be read.
    private static func readFile(_ file: String, standardInput: () throws -> Data, standardError: (String) -> Void) -> Data? {
        do {
            return file == "-" ? try standardInput() : try FileReader.read(path: file)
        } catch {
            standardError("\(displayName(file)): error: cannot read file: \(error)\n")
            return nil
        }
    }

    /// A warning at the top of `file` when it and tables of the same name share a folder: the
    /// catalog `NAME.xcstrings` and `xx.lproj/NAME.strings` or `.stringsdict`. The catalog's
    /// text wins, the tables give what it lacks (Xcode refuses to build the two together).
    static func sharedFolderWarnings(_ file: String) -> [StringsDiagnostic] {
        guard file != "-" else { return [] }
        let url = URL(fileURLWithPath: file)
        let fileManager = FileManager.default
        let top = SourcePosition(line: 1, column: 1)
        if url.pathExtension == "xcstrings" {
            let folder = url.deletingLastPathComponent()
            let table = url.deletingPathExtension().lastPathComponent
            let names = (try? fileManager.contentsOfDirectory(atPath: folder.path)) ?? []
            let shadowed = names.filter { $0.hasSuffix(".lproj") }.sorted().flatMap { lproj in
                [".strings", ".stringsdict"].map { "\(lproj)/\(table)\($0)" }
                    .filter { fileManager.fileExists(atPath: folder.appendingPathComponent($0).path) }
            }
            guard !shadowed.isEmpty else { return [] }
            let listed =
                shadowed.count > 3
                ? shadowed.prefix(3).joined(separator: ", ") + " and \(shadowed.count - 3) more" : shadowed.joined(separator: ", ")
            return [
                StringsDiagnostic(
                    position: top, isError: false,
                    message: "the .lproj tables of this name beside it (\(listed)) are the same table: this catalog's text wins, "
                        + "they give only what it lacks; Xcode refuses to build both (entrykit strings convert merges them)")
            ]
        }
        let lproj = url.deletingLastPathComponent()
        guard lproj.pathExtension == "lproj" else { return [] }
        let catalog = lproj.deletingLastPathComponent().appendingPathComponent(url.deletingPathExtension().lastPathComponent + ".xcstrings")
        guard fileManager.fileExists(atPath: catalog.path) else { return [] }
        return [
            StringsDiagnostic(
                position: top, isError: false,
                message: "the String Catalog \(catalog.lastPathComponent) beside \(lproj.lastPathComponent) is the same table: "
                    + "its text wins, this file gives only what it lacks; Xcode refuses to build both")
        ]
    }

    // MARK: convert

    static func convert(_ options: ConvertOptions, standardOutput: (String) -> Void, standardError: (String) -> Void) -> ExitStatus {
        let (source, destination) = (options.paths[0], options.paths[1])
        let files: [(path: String, text: String)]
        if source.hasSuffix(".xcstrings") {
            guard let data = readFile(source, standardInput: { Data() }, standardError: standardError) else { return .failed }
            let catalog = StringCatalog.read(data)
            let errors = catalog.problems.filter(\.isError)
            guard errors.isEmpty else {
                for error in errors { standardError(error.line(in: source) + "\n") }
                standardError("\(convertSyntax.command): nothing written: \(source) has errors\n")
                return .failed
            }
            let table = URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent
            files = lprojFiles(catalog, table: options.table ?? table, folder: destination)
        } else {
            guard destination.hasSuffix(".xcstrings") else {
                standardError("\(convertSyntax.command): \(destination): a catalog's name ends in .xcstrings\n")
                return .usage
            }
            let table = options.table ?? URL(fileURLWithPath: destination).deletingPathExtension().lastPathComponent
            do {
                let catalog = try StringCatalog.converting(
                    directory: source, table: table, sourceLanguage: options.sourceLanguage, note: { standardError("note: \($0)\n") })
                files = [(destination, catalog.json)]
            } catch {
                for problem in error.problems { standardError("\(problem)\n") }
                standardError("\(convertSyntax.command): nothing written: a catalog cannot hold what is named above\n")
                return .failed
            }
        }
        if !options.force {
            let existing = files.map(\.path).filter { FileManager.default.fileExists(atPath: $0) }
            guard existing.isEmpty else {
                for path in existing { standardError("\(path): exists; --force replaces it\n") }
                standardError("\(convertSyntax.command): nothing written\n")
                return .failed
            }
        }
        for file in files {
            do throws(SystemError) {
                try writeFile(file.text, to: file.path)
            } catch {
                standardError("\(file.path): cannot write: \(error)\n")
                return .failed
            }
            standardOutput("\(file.path)\n")
        }
        return .answered
    }

    /// Writes `text` to a new file beside `path`, then renames it over `path`, so a reader never
    /// sees half a table; the folders on the way are made.
    static func writeFile(_ text: String, to path: String) throws(SystemError) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) == nil {
            throw SystemError(errno: mkdir(folder, 0o755) == 0 ? 0 : errno)
        }
        let temporary = path + ".new"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SystemError(errno: errno) }
        do throws(SystemError) {
            try Output.write(text, to: descriptor)
            guard close(descriptor) == 0 else { throw SystemError(errno: errno) }
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let failure = SystemError(errno: errno)
            unlink(temporary)
            throw failure
        }
    }

    /// Each language's `.strings` (and `.stringsdict`) file of `catalog` under `folder`, as
    /// `convert` writes them: `folder/zh_CN.lproj/TABLE.strings` and its text.
    public static func lprojFiles(_ catalog: StringCatalog, table: String, folder: String) -> [(path: String, text: String)] {
        var comments: [String: String] = [:]
        for entry in catalog.entries { if let comment = entry.comment { comments[entry.key] = comment } }
        var files: [(path: String, text: String)] = []
        var written: Set<String> = []
        for tag in catalog.languages {
            // Of two tags with one LANGUAGE name (zh-Hans, zh-CN), the first is the table, as for lookups.
            guard let name = LanguageTag.localeName(tag), written.insert(name).inserted else { continue }
            let compiled = catalog.table(language: tag)
            guard !compiled.entries.isEmpty else { continue }
            let base = "\(folder)/\(name).lproj/\(table)"
            if compiled.entries.contains(where: { $0.value.string != nil }) {
                files.append((base + ".strings", compiled.stringsFile(comments: comments)))
            }
            if let plurals = compiled.stringsdictFile { files.append((base + ".stringsdict", plurals)) }
        }
        return files
    }
}
