import FoundationEssentials

/// How much of the English table each language on a set of directories translates: the keys
/// it has, those it lacks and those English no longer has (`entrykit strings coverage`).
///
/// A language's keys are those of its `.strings` and `.stringsdict` tables in every directory,
/// and those a String Catalog `<table>.xcstrings` there translates into it (each of its
/// languages counts as an `.lproj` folder of its `LANGUAGE` name, `zh-Hans` as `zh_CN`); a
/// regional table (`pt_BR`) also counts the keys of its language's table (`pt`), as lookups
/// fall back to it. English is the `en` table of the same directories.
///
/// ```swift
/// let coverage = try StringsCoverage(directories: ["Resources"])
/// coverage.languages.first { $0.language == "ja" }?.missing  // []
/// ```
public struct StringsCoverage: Sendable, Equatable {
    public struct Language: Sendable, Equatable {
        public var language: String
        public var translated: Int
        /// English keys the language has no text for, sorted.
        public var missing: [String]
        /// Keys of the language's own tables that English does not have, sorted.
        public var unused: [String]
    }

    /// How many keys the English tables have.
    public var englishKeys: Int
    /// Every language but English, by code.
    public var languages: [Language]

    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// Reads the `xx.lproj/<table>.strings` and `.stringsdict` files and the `<table>.xcstrings`
    /// catalog of `directories`.
    public init(directories: [String], table: String = Localization.defaultTable) throws(Failure) {
        var keys: [String: Set<String>] = [:]
        let fileManager = FileManager.default
        var sawDirectory = false
        for directory in directories {
            guard let names = try? fileManager.contentsOfDirectory(atPath: directory) else { continue }
            sawDirectory = true
            if let data = fileManager.contents(atPath: "\(directory)/\(table).xcstrings") {
                for (language, translated) in StringCatalog.read(data).tables() {
                    keys[language, default: []].formUnion(translated.entries.map(\.key))
                }
            }
            for name in names where name.hasSuffix(".lproj") {
                let language = String(name.dropLast(".lproj".count))
                for suffix in [".strings", ".stringsdict"] {
                    guard let data = fileManager.contents(atPath: "\(directory)/\(name)/\(table)\(suffix)") else { continue }
                    keys[language, default: []].formUnion(StringsParser.read(data).orderedKeys)
                }
            }
        }
        guard sawDirectory else {
            throw Failure(description: "no such directory: \(directories.joined(separator: ", "))")
        }
        guard let english = keys[LanguagePreference.fallbackLanguage] else {
            throw Failure(description: "no English table (en.lproj/\(table).strings) in \(directories.joined(separator: ", "))")
        }
        englishKeys = english.count
        languages = keys.keys.filter { $0 != LanguagePreference.fallbackLanguage }.sorted().map { language in
            var shown = keys[language] ?? []
            if let underscore = language.firstIndex(of: "_"), let base = keys[String(language[..<underscore])] { shown.formUnion(base) }
            return Language(
                language: language, translated: english.intersection(shown).count, missing: english.subtracting(shown).sorted(),
                unused: (keys[language] ?? []).subtracting(english).sorted())
        }
    }

    /// Whether some language lacks a key.
    public var isComplete: Bool { languages.allSatisfy(\.missing.isEmpty) }

    /// One line per language under a heading, numbers right-aligned:
    ///
    /// ```
    /// language  translated  missing  unused
    /// ja                68        0       0
    /// ```
    public var table: String {
        let width = max("language".count, languages.map(\.language.count).max() ?? 0)
        func pad(_ text: String, _ count: Int, left: Bool = false) -> String {
            let spaces = String(repeating: " ", count: max(0, count - text.count))
            return left ? text + spaces : spaces + text
        }
        var lines = [pad("language", width, left: true) + "  translated  missing  unused"]
        for language in languages {
            lines.append(
                pad(language.language, width, left: true) + "  " + pad(String(language.translated), 10) + "  "
                    + pad(String(language.missing.count), 7) + "  " + pad(String(language.unused.count), 6))
        }
        lines.append("English has \(englishKeys) keys.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The same as JSON: `{"english": 68, "languages": [{"language": "ja", "translated": 68,
    /// "missing": [], "unused": []}]}`.
    public var json: String {
        func list(_ keys: [String]) -> String { "[" + keys.map(JSONString.quoted).joined(separator: ", ") + "]" }
        let entries = languages.map { language in
            "    {\"language\": \(JSONString.quoted(language.language)), \"translated\": \(language.translated), "
                + "\"missing\": \(list(language.missing)), \"unused\": \(list(language.unused))}"
        }
        return "{\n  \"english\": \(englishKeys),\n  \"languages\": [\n" + entries.joined(separator: ",\n") + "\n  ]\n}\n"
    }
}
