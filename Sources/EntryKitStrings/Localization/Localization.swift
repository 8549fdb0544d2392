import FoundationEssentials
import Glibc
import Synchronization

/// Localized strings from Apple-style `.strings` tables and String Catalogs found on a search path.
///
/// A table named `T` in language `L` is the file `L.lproj/T.strings` in any search-path
/// directory, or language `L` of the String Catalog `T.xcstrings` there (``StringCatalog``,
/// its BCP 47 languages matched to `LANGUAGE` names by ``LanguageTag``: `zh-Hans` is `zh_CN`).
/// Where a folder holds both, the catalog's text of a key wins and the `.lproj` tables give
/// only what the catalog lacks (Xcode refuses to build the two together; `lint` warns). Lookups walk the preferred languages in order and, for each, the search paths in
/// order, then (for EntryKit's own table) GTK's catalog of that language for the words GTK
/// translates too (``DesktopTranslations``); the first that has the key answers, and a key no
/// table has is shown as itself.
/// A table with syntax errors is used with every entry that could be read (the parser
/// resynchronizes after each error), and its errors are reported once through `report`.
/// Tables may be text, XML or binary property lists.
///
/// ```swift
/// let l10n = Localization.shared
/// l10n.string("Cancel")                 // "キャンセル" under LANG=ja_JP.UTF-8
/// l10n.string("Title", table: "MyApp")  // an app's own table on the same paths
/// l10n.setLanguage("en")                // every observer relabels its widgets
/// ```
public final class Localization: Sendable {
    /// The table EntryKit's own strings live in.
    public static let defaultTable = "EntryKit"
    /// The key each table uses for its language's own name (`"日本語"` in `ja.lproj`).
    public static let languageNameKey = "LanguageName"
    /// Colon-separated directories searched before the built-in ones.
    public static let searchPathVariable = "ENTRYKIT_RESOURCES"

    /// Strings for this process: search paths and languages from the environment.
    public static let shared: Localization = {
        // Only the variables it reads: ProcessInfo's dictionary copies the whole environment,
        // which costs more at start-up than everything else the first lookup does.
        var environment: [String: String] = [:]
        for name in [searchPathVariable] + LanguagePreference.environmentVariables {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return Localization(
            searchPaths: defaultSearchPaths(environment: environment), preference: LanguagePreference(environment: environment))
    }()

    private struct State {
        var searchPaths: [URL] {
            didSet { directories = searchPaths.map(\.path) }
        }
        /// `searchPaths` as file-system paths, for the lookups: building a file URL for every
        /// lookup (percent-encoding, parsing) cost more than the lookup.
        private(set) var directories: [String]
        var environmentPreference: LanguagePreference
        var chosenLanguage: String?
        /// Parsed tables by file path; `nil` records a missing file.
        var tables: [String: [String: String]?] = [:]
        /// Plural entries of `.stringsdict` tables by file path; `nil` records a missing file.
        var pluralTables: [String: [String: PluralFormat]?] = [:]
        /// String Catalogs by file path; `nil` records a missing file.
        var stringCatalogs: [String: LoadedCatalog?] = [:]
        /// GTK's catalogs by language; `nil` records a missing one.
        var catalogs: [String: MessageCatalog?] = [:]
        /// Problems already reported, so each is said once.
        var reported: Set<String> = []
        /// In the order they were added (a list: a dictionary keyed by the ID was one more
        /// generic type for the runtime to instantiate at start-up).
        var observers: [(id: UInt64, handler: @Sendable () -> Void)] = []
        var nextObserverID: UInt64 = 0
    }

    private let state: Mutex<State>
    private let report: @Sendable (String) -> Void
    /// The desktop's catalogs consulted after EntryKit's tables of each language.
    public let desktopTranslations: DesktopTranslations?

    /// - Parameters:
    ///   - searchPaths: directories holding `xx.lproj` folders, most important first.
    ///   - preference: the languages to try when none was chosen with `setLanguage(_:)`.
    ///   - desktopTranslations: GTK's catalogs, asked for a language's stock words when
    ///     EntryKit's tables of that language lack them; nil for EntryKit's tables alone.
    ///   - report: where the errors of a malformed table are described; standard error when nil.
    public init(
        searchPaths: [URL],
        preference: LanguagePreference,
        desktopTranslations: DesktopTranslations? = .gtk,
        report: (@Sendable (String) -> Void)? = nil
    ) {
        self.state = Mutex(State(searchPaths: searchPaths, directories: searchPaths.map(\.path), environmentPreference: preference))
        self.desktopTranslations = desktopTranslations
        self.report = report ?? Self.writeToStandardError
    }

    /// A warning on standard error in one write: this module has no writer of its own (the
    /// command line's `Output` sits above it), and a warning cut short loses only its end.
    @Sendable private static func writeToStandardError(_ message: String) {
        var line = message + "\n"
        _ = line.withUTF8 { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// `$ENTRYKIT_RESOURCES`, then `<executable>/../share/entrykit` (an installed tree, relocatable,
    /// so a `DESTDIR` staging tree works too), then, for `libentrykit-1.0.so` in another
    /// program, `<libdir>/../share/entrykit` and `<libdir>/../../share/entrykit` (Debian's
    /// `lib/<triplet>`), then, in a debug build only, the source tree's `Resources/`. A release
    /// build (what meson installs and the packages carry) reads no path of the machine it was
    /// built on: a table planted there could relabel OK and Cancel.
    public static func defaultSearchPaths(environment: [String: String]) -> [URL] {
        var paths: [URL] = []
        if let override = environment[searchPathVariable] {
            paths += override.split(separator: ":").map { URL(fileURLWithPath: String($0), isDirectory: true) }
        }
        if let executable = executablePath {
            paths.append(
                URL(fileURLWithPath: executable).deletingLastPathComponent()
                    .appendingPathComponent("../share/entrykit", isDirectory: true).standardized)
        }
        if let library = sharedLibraryPath {
            let folder = URL(fileURLWithPath: library).deletingLastPathComponent()
            for up in ["../share/entrykit", "../../share/entrykit"] {
                paths.append(folder.appendingPathComponent(up, isDirectory: true).standardized)
            }
        }
        #if DEBUG
            paths.append(sourceTreeResources)
        #endif
        return paths
    }

    /// The file this code was loaded from: the executable, or the shared library inside another
    /// program.
    static var imagePath: String? { sharedLibraryPath ?? executablePath }

    private static var executablePath: String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    }

    /// The shared library this code was loaded from (`libentrykit-1.0.so.0` in another program),
    /// nil in an executable: the file the loader names for this image (`dladdr`; Glibc's module
    /// leaves it out, so it is looked up as any symbol is, with its stable `Dl_info` layout).
    private static var sharedLibraryPath: String? {
        typealias LookUp = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Int32
        guard let program = dlopen(nil, RTLD_LAZY) else { return nil }
        defer { dlclose(program) }
        guard let dladdr = dlsym(program, "dladdr") else { return nil }
        // Dl_info: file name, file base, symbol name, symbol address.
        var info: (UnsafePointer<CChar>?, UnsafeRawPointer?, UnsafeRawPointer?, UnsafeRawPointer?) = (nil, nil, nil, nil)
        let found = withUnsafeMutablePointer(to: &info) { unsafeBitCast(dladdr, to: LookUp.self)(#dsohandle, $0) }
        guard found != 0, let name = info.0 else { return nil }
        let path = String(cString: name)
        return path.hasSuffix(".so") || path.contains(".so.") ? path : nil
    }

    #if DEBUG
        /// `Resources/` beside `Package.swift`, for runs from a debug build tree.
        static let sourceTreeResources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Localization
            .deletingLastPathComponent()  // EntryKitStrings
            .deletingLastPathComponent()  // Sources
            .deletingLastPathComponent()
            .appendingPathComponent("Resources", isDirectory: true)
    #endif

    // MARK: Lookup

    /// The string for `key` in the first preferred language whose table has it, else `key`.
    ///
    /// For EntryKit's own table, each language's tables come first, then GTK's catalog of that
    /// language for the keys GTK translates (``DesktopTranslations/terms``), then the next
    /// language: under `LANGUAGE=eo`, "Cancel" is GTK's "Nuligi" though EntryKit has no `eo`
    /// table, and a user's `eo.lproj` on the search path beats GTK.
    public func string(_ key: String, table: String = defaultTable) -> String {
        for language in languages {
            if let value = value(for: key, table: table, language: language) { return value }
            if table == Self.defaultTable, let value = desktopValue(for: key, language: language) { return value }
        }
        return key
    }

    /// GTK's translation of `key` in exactly `language`, or nil when `key` is not a word GTK
    /// translates or GTK has no catalog for `language`. English is the keys' own language.
    public func desktopValue(for key: String, language: String) -> String? {
        guard let desktopTranslations, DesktopTranslations.terms[key] != nil, language != LanguagePreference.fallbackLanguage
        else { return nil }
        let catalog: MessageCatalog?
        if let cached = state.withLock({ $0.catalogs[language] }) {
            catalog = cached
        } else {
            catalog = MessageCatalog(path: desktopTranslations.catalogPath(language: language))
            state.withLock { $0.catalogs[language] = .some(catalog) }
        }
        return catalog.flatMap { DesktopTranslations.translation(of: key, in: $0) }
    }

    /// The string for `key` with `arguments` in its `%@` and `%d` places (see `StringFormat`).
    ///
    /// Each language's `.stringsdict` table comes before its `.strings` table, as on Apple's
    /// platforms: a plural entry picks the form of each count by the language's CLDR rules
    /// (``PluralFormat``, ``PluralRules``). A translation whose conversions differ from the key's
    /// (from the English text's, for keys without conversions) would read the arguments as the
    /// wrong types; it is reported once and the key's or English text is used instead, so a bad
    /// table cannot crash the caller.
    ///
    /// ```swift
    /// strings.format("Accepted: username %1$@, password of %2$d characters.", "ann", 21)
    /// // ru: "… пароль из 21 символа." (CLDR "one" for 21 in Russian)
    /// ```
    public func format(_ key: String, _ arguments: any CustomStringConvertible..., table: String = defaultTable) -> String {
        StringFormat.format(formatString(key, arguments: arguments, table: table), arguments: arguments)
    }

    /// The format `format(_:_:table:)` uses for `arguments`, every plural form chosen: the first
    /// translation whose conversions are safe.
    func formatString(_ key: String, arguments: [any CustomStringConvertible] = [], table: String = defaultTable) -> String {
        let english = LanguagePreference.fallbackLanguage
        var trusted = key
        if FormatSpecifiers(key).isEmpty {
            if let plural = pluralFormat(for: key, table: table, language: english) {
                trusted = plural.resolve(arguments: arguments, language: english).format
            } else if let text = value(for: key, table: table, language: english) {
                trusted = text
            }
        }
        let expected = FormatSpecifiers(trusted)
        for language in languages {
            if let plural = pluralFormat(for: key, table: table, language: language) {
                let resolved = plural.resolve(arguments: arguments, language: language)
                if resolved.agrees(with: expected) { return resolved.format }
                reportOnce(
                    "warning: not using the \(language) plural forms of \"\(key)\" (table \(table)): their format conversions differ from \(expected)"
                )
            }
            guard let candidate = value(for: key, table: table, language: language) else { continue }
            let found = FormatSpecifiers(candidate)
            if found == expected { return candidate }
            reportOnce(
                "warning: not using the \(language) text of \"\(key)\" (table \(table)): its format conversions (\(found)) differ from \(expected)"
            )
        }
        return trusted
    }

    /// The plural entry for `key` in exactly `language`'s `.stringsdict` table, or nil.
    public func pluralFormat(for key: String, table: String = defaultTable, language: String) -> PluralFormat? {
        for directory in state.withLock({ $0.directories }) {
            if let entry = catalogTable(at: "\(directory)/\(table).xcstrings", language: language)?.plurals[key] { return entry }
            if let entry = loadPluralTable(at: "\(directory)/\(language).lproj/\(table).stringsdict")?[key] { return entry }
        }
        return nil
    }

    private func reportOnce(_ message: String) {
        let isNew = state.withLock { $0.reported.insert(message).inserted }
        if isNew { report(message) }
    }

    /// The string for `key` in exactly `language`, or `nil` when that language's table lacks it.
    public func value(for key: String, table: String = defaultTable, language: String) -> String? {
        for directory in state.withLock({ $0.directories }) {
            if let value = catalogTable(at: "\(directory)/\(table).xcstrings", language: language)?.strings[key] { return value }
            if let value = loadTable(at: "\(directory)/\(language).lproj/\(table).strings")?[key] { return value }
        }
        return nil
    }

    /// The languages lookups try, most wanted first.
    public var languages: [String] {
        state.withLock { state in
            guard let chosen = state.chosenLanguage else { return state.environmentPreference.languages }
            return LanguagePreference(locales: [chosen] + state.environmentPreference.languages).languages
        }
    }

    public var searchPaths: [URL] { state.withLock { $0.searchPaths } }

    /// Adds a directory to search, before the others when `first` is set, and relabels.
    public func addSearchPath(_ directory: URL, first: Bool = false) {
        state.withLock { state in
            if first { state.searchPaths.insert(directory, at: 0) } else { state.searchPaths.append(directory) }
        }
        notifyObservers()
    }

    /// Languages that have `table` on the search path, as `xx.lproj` names, sorted (a catalog's
    /// languages by their `LANGUAGE` names).
    public func availableLanguages(table: String = defaultTable) -> [String] {
        var found = Set<String>()
        let fileManager = FileManager.default
        for directory in searchPaths {
            if let catalog = loadCatalog(at: directory.appendingPathComponent("\(table).xcstrings").path) {
                found.formUnion(catalog.tags.keys)
            }
            guard let names = try? fileManager.contentsOfDirectory(atPath: directory.path) else { continue }
            for name in names where name.hasSuffix(".lproj") {
                let language = String(name.dropLast(".lproj".count))
                if fileManager.fileExists(atPath: directory.appendingPathComponent("\(name)/\(table).strings").path) {
                    found.insert(language)
                }
            }
        }
        return found.sorted()
    }

    /// A language's name in that language (`"日本語"`), from its table's `LanguageName`, else its code.
    public func displayName(ofLanguage language: String) -> String {
        value(for: Self.languageNameKey, language: language) ?? language
    }

    /// The language EntryKit's strings are shown in: the first preferred one that has a table.
    public var currentLanguage: String {
        let available = Set(availableLanguages())
        return languages.first(where: available.contains) ?? LanguagePreference.fallbackLanguage
    }

    // MARK: Changing language

    /// Makes `language` the first choice (English and the environment's languages stay as
    /// fallbacks); `nil` returns to the environment's choice. Observers are told at once.
    public func setLanguage(_ language: String?) {
        let changed = state.withLock { state in
            defer { state.chosenLanguage = language }
            return state.chosenLanguage != language
        }
        if changed { notifyObservers() }
    }

    /// Calls `handler` after every language change until the returned observation is cancelled
    /// or released. Handlers run on the thread that changed the language.
    public func observeLanguageChange(_ handler: @escaping @Sendable () -> Void) -> LanguageObservation {
        let id = state.withLock { state in
            let id = state.nextObserverID
            state.nextObserverID += 1
            state.observers.append((id, handler))
            return id
        }
        return LanguageObservation { [weak self] in
            self?.state.withLock { $0.observers.removeAll { $0.id == id } }
        }
    }

    private func notifyObservers() {
        let observers = state.withLock { state in state.observers.map(\.handler) }
        for observer in observers { observer() }
    }

    // MARK: Loading

    private func loadTable(at path: String) -> [String: String]? {
        if let cached = state.withLock({ $0.tables[path] }) { return cached }
        var table: [String: String]?
        if let data = FileManager.default.contents(atPath: path) {
            let document = StringsParser.read(data)
            table = document.table
            for error in document.errors {
                report("warning: \(path):\(error.position.line):\(error.position.column): \(error.message)")
            }
            if !document.errors.isEmpty {
                let count = document.table.count
                report("warning: \(path): using the \(count) \(count == 1 ? "entry" : "entries") that could be read")
            }
        }
        state.withLock { $0.tables[path] = .some(table) }
        return table
    }

    /// The usable entries of a `.stringsdict` table; each unusable one is reported.
    private func loadPluralTable(at path: String) -> [String: PluralFormat]? {
        if let cached = state.withLock({ $0.pluralTables[path] }) { return cached }
        var table: [String: PluralFormat]?
        if let data = FileManager.default.contents(atPath: path) {
            let document = StringsParser.read(data)
            for error in document.errors {
                report("warning: \(path):\(error.position.line):\(error.position.column): \(error.message)")
            }
            var entries: [String: PluralFormat] = [:]
            for (key, value) in document.values {
                let (entry, problems) = PluralFormat.read(value)
                if let entry {
                    entries[key] = entry
                } else if let problem = problems.first(where: \.isError) {
                    report("warning: \(path): not using \"\(key)\": \(problem.message)")
                }
            }
            table = entries
        }
        state.withLock { $0.pluralTables[path] = .some(table) }
        return table
    }

    /// A String Catalog read, and the tables of its languages compiled so far: a lookup compiles
    /// only the languages it asks for (a 2 MB catalog in 19 languages reads in half the time
    /// all its tables take).
    struct LoadedCatalog: Sendable {
        var catalog: StringCatalog
        /// Each `LANGUAGE` name's tag in the catalog (the first of two tags with one name).
        var tags: [String: String]
        var tables: [String: CatalogTable] = [:]
    }

    /// The String Catalog at `path`; its errors are reported once.
    private func loadCatalog(at path: String) -> LoadedCatalog? {
        if let cached = state.withLock({ $0.stringCatalogs[path] }) { return cached }
        var loaded: LoadedCatalog?
        if let data = FileManager.default.contents(atPath: path) {
            let catalog = StringCatalog.read(data)
            for problem in catalog.problems where problem.isError {
                report("warning: \(path):\(problem.position.line):\(problem.position.column): \(problem.message)")
            }
            var tags: [String: String] = [:]
            for tag in catalog.languages { if let name = LanguageTag.localeName(tag), tags[name] == nil { tags[name] = tag } }
            loaded = LoadedCatalog(catalog: catalog, tags: tags)
        }
        state.withLock { $0.stringCatalogs[path] = .some(loaded) }
        return loaded
    }

    /// The table of `language` (a `LANGUAGE` name) in the String Catalog at `path`, compiled once.
    private func catalogTable(at path: String, language: String) -> CatalogTable? {
        guard let loaded = loadCatalog(at: path), let tag = loaded.tags[language] else { return nil }
        if let table = loaded.tables[language] { return table }
        let table = loaded.catalog.table(tag: tag)
        state.withLock { $0.stringCatalogs[path]??.tables[language] = table }
        return table
    }

    /// Forgets parsed tables, so edited files are read again on the next lookup.
    public func reload() {
        state.withLock { state in
            state.tables.removeAll()
            state.pluralTables.removeAll()
            state.stringCatalogs.removeAll()
            state.catalogs.removeAll()
        }
        notifyObservers()
    }
}

/// Keeps a language-change observer registered; cancel it or let it go to stop.
public final class LanguageObservation: Sendable {
    private let cancellation: Mutex<(@Sendable () -> Void)?>

    init(cancel: @escaping @Sendable () -> Void) {
        cancellation = Mutex(cancel)
    }

    public func cancel() {
        let cancel = cancellation.withLock { stored in
            defer { stored = nil }
            return stored
        }
        cancel?()
    }

    deinit { cancel() }
}
