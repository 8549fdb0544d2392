import FoundationEssentials

/// Turns `.lproj` tables into a String Catalog and a catalog into `.lproj` tables
/// (`entrykit strings convert`), keeping everything both forms can hold.
///
/// - `.lproj` → catalog: every language's `.strings` entries become string units
///   (`translated`), every `.stringsdict` entry a string unit with one substitution per
///   variable (its count `%d` written `%arg`), and the comment before each entry of the source
///   language's `.strings` table the key's `comment`. What a catalog cannot hold is refused, not
///   dropped: a table with syntax errors, a value that is not a string, a `.stringsdict` entry
///   that is not plural, a folder that names no language. A key a language has in both tables
///   keeps its plural entry, what lookups use (a catalog holds one text per key and language;
///   `note` names each such `.strings` entry). Comments of the other languages' tables are not
///   kept (a catalog has one comment per key).
/// - catalog → `.lproj`: each language's table as Xcode compiles it (``CatalogTable``): a
///   `.strings` file (each key's comment above it) and, when it has plural entries, a
///   `.stringsdict` file, in a folder of the language's `LANGUAGE` name (`zh_CN.lproj`).
///   States, `extractionState` and `shouldTranslate` have no place there; device variations
///   keep their `other` case.
///
/// ```swift
/// let catalog = try StringCatalog.converting(directory: "Resources", table: "EntryKit")
/// try catalog.json.write(to: URL(fileURLWithPath: "EntryKit.xcstrings"), atomically: true, encoding: .utf8)
/// ```
extension StringCatalog {
    /// Why a conversion was refused: each thing that a catalog cannot hold, with its file.
    public struct ConversionError: Error, Sendable, Equatable, CustomStringConvertible {
        public var problems: [String]
        public var description: String { problems.joined(separator: "\n") }
    }

    /// The catalog of the `xx.lproj/<table>.strings` and `.stringsdict` files in `directory`.
    public static func converting(
        directory: String, table: String, sourceLanguage: String = LanguagePreference.fallbackLanguage, note: (String) -> Void = { _ in }
    ) throws(ConversionError) -> StringCatalog {
        var problems: [String] = []
        let fileManager = FileManager.default
        guard let names = try? fileManager.contentsOfDirectory(atPath: directory) else {
            throw ConversionError(problems: ["\(directory): no such directory"])
        }
        var languages: [(tag: String, strings: StringsDocument?, plurals: StringsDocument?, data: Data?)] = []
        for folder in names.filter({ $0.hasSuffix(".lproj") }).sorted() {
            let path = "\(directory)/\(folder)/\(table)"
            let strings = fileManager.contents(atPath: path + ".strings")
            let plurals = fileManager.contents(atPath: path + ".stringsdict")
            guard strings != nil || plurals != nil else { continue }
            guard let tag = LanguageTag.tag(localeName: String(folder.dropLast(".lproj".count))) else {
                problems.append("\(directory)/\(folder): names no language; a catalog holds languages only")
                continue
            }
            var documents: [StringsDocument?] = []
            for (data, suffix) in [(strings, ".strings"), (plurals, ".stringsdict")] {
                guard let data else {
                    documents.append(nil)
                    continue
                }
                let document = StringsParser.read(data)
                if let error = document.errors.first {
                    problems.append("\(path)\(suffix):\(error.position): \(error.message) (entrykit strings lint names every error)")
                }
                documents.append(document)
            }
            languages.append((tag, documents[0], documents[1], strings))
        }
        guard let source = languages.first(where: { $0.tag == sourceLanguage }) else {
            problems.append(
                "\(directory): no \(LanguageTag.localeName(sourceLanguage) ?? sourceLanguage).lproj/\(table).strings for the source language \(sourceLanguage)"
            )
            throw ConversionError(problems: problems)
        }
        let comments = source.strings.map { StringsComments.preceding($0, data: source.data ?? Data()) } ?? [:]

        var entries: [String: Entry] = [:]
        var order: [String] = []
        func entry(_ key: String) -> Entry {
            if let existing = entries[key] { return existing }
            order.append(key)
            return Entry(key: key, comment: comments[key])
        }
        for language in languages {
            let file = "\(directory)/\(LanguageTag.localeName(language.tag) ?? language.tag).lproj/\(table)"
            let plurals = language.plurals?.values ?? [:]
            for stringsEntry in language.strings?.entries ?? [] {
                if plurals[stringsEntry.key] != nil {
                    note(
                        "\(file).strings:\(stringsEntry.position): \(JSONString.quoted(stringsEntry.key)) is a plural entry of \(table).stringsdict too; "
                            + "the catalog keeps the plural entry, which lookups use")
                    continue
                }
                guard case .string(let value) = stringsEntry.value else {
                    problems.append(
                        "\(file).strings:\(stringsEntry.position): \(JSONString.quoted(stringsEntry.key)) is not a string; a catalog holds strings only"
                    )
                    continue
                }
                var converted = entry(stringsEntry.key)
                if language.tag != sourceLanguage || value != stringsEntry.key {
                    converted.localizations.removeAll { $0.language == language.tag }
                    converted.localizations.append((language.tag, Localization(stringUnit: StringUnit(value: value))))
                }
                entries[stringsEntry.key] = converted
            }
            for pluralEntry in language.plurals?.entries ?? [] {
                let (plural, found) = PluralFormat.read(pluralEntry.value)
                guard let plural else {
                    let reason = found.first(where: \.isError)?.message ?? "not a plural entry"
                    problems.append("\(file).stringsdict: \(JSONString.quoted(pluralEntry.key)): \(reason)")
                    continue
                }
                var converted = entry(pluralEntry.key)
                converted.localizations.removeAll { $0.language == language.tag }
                converted.localizations.append((language.tag, localization(plural)))
                entries[pluralEntry.key] = converted
            }
        }
        guard problems.isEmpty else { throw ConversionError(problems: problems) }
        return StringCatalog(
            sourceLanguage: sourceLanguage,
            entries: order.sorted(by: xcodeOrder).map { key in
                var sorted = entries[key]!
                sorted.localizations.sort { $0.language < $1.language }
                return sorted
            })
    }

    /// A `.stringsdict` entry as a string unit (its format) with a substitution per variable.
    static func localization(_ plural: PluralFormat) -> Localization {
        var positions: [String: Int] = [:]
        _ = plural.resolve { name, position in
            positions[name] = positions[name] ?? position
            return .other
        }
        let substitutions = plural.variables.sorted { $0.key < $1.key }.map { name, variable in
            let cases = PluralCategory.allCases.compactMap { category in
                variable.forms[category].map { form in
                    (category.rawValue, Localization(stringUnit: StringUnit(value: form.replacing("%" + variable.valueType, with: "%arg"))))
                }
            }
            return Substitution(
                name: name, argumentNumber: positions[name], formatSpecifier: variable.valueType,
                variations: [Variation(selector: "plural", cases: cases)])
        }
        return Localization(stringUnit: StringUnit(value: plural.format), substitutions: substitutions)
    }

    /// Close to the order Xcode keeps a catalog's keys in (Finder's, ICU's root collation):
    /// spaces, punctuation and symbols first, then runs of digits by their value, then letters
    /// without regard to case, a lowercase letter before its capital.
    public static func xcodeOrder(_ a: String, _ b: String) -> Bool {
        func folded(_ text: String) -> [(rank: UInt64, scalar: UInt32)] {
            var result: [(UInt64, UInt32)] = []
            var number: UInt64?
            func endNumber() {
                guard let value = number else { return }
                result.append((1 << 60 | min(value, 1 << 59), 0x30))
                number = nil
            }
            for scalar in text.unicodeScalars {
                if ("0"..."9").contains(scalar) {
                    number = min((number ?? 0) &* 10 &+ UInt64(scalar.value - 0x30), 1 << 59)
                    continue
                }
                endNumber()
                if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                    let lower = scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar
                    result.append((2 << 60 | UInt64(lower.value), scalar.value))
                } else {
                    let ascii = asciiPunctuationOrder.firstIndex(of: scalar)
                    result.append((ascii.map(UInt64.init) ?? 0x100 | UInt64(scalar.value), scalar.value))
                }
            }
            endNumber()
            return result
        }
        let (left, right) = (folded(a), folded(b))
        for (x, y) in zip(left, right) where x.rank != y.rank { return x.rank < y.rank }
        if left.count != right.count { return left.count < right.count }
        // Equal but for case: the lowercase letter first (higher code point in ASCII).
        for (x, y) in zip(left, right) where x.scalar != y.scalar { return x.scalar > y.scalar }
        return false
    }

    /// ASCII's spaces, punctuation and symbols in the order of ICU's root collation.
    private static let asciiPunctuationOrder = Array("\t\n\u{0B}\u{0C}\r _-,;:!?.'\"()[]{}@*/\\&#%`^+<=>|~$".unicodeScalars)

    // MARK: Writing

    /// The catalog as JSON in Xcode's layout (two-space indent, `" : "`, each object's members
    /// sorted, keys in ``xcodeOrder(_:_:)``), so Xcode opens it without rewriting it.
    public var json: String {
        var out = "{\n"
        out += "  \"sourceLanguage\" : \(JSONString.quoted(sourceLanguage)),\n"
        out += "  \"strings\" : {"
        for (index, entry) in entries.enumerated() {
            out += index == 0 ? "\n" : ",\n"
            out += "    \(JSONString.quoted(entry.key)) : " + Self.object(Self.members(entry), indent: "    ")
        }
        out += entries.isEmpty ? "\n\n  },\n" : "\n  },\n"
        out += "  \"version\" : \(JSONString.quoted(version.isEmpty ? "1.0" : version))\n}"
        return out
    }

    /// A value of the JSON being written: an object's members already in order.
    indirect enum Written {
        case object([(String, Written)])
        case string(String)
        case number(Int)
        case boolean(Bool)
    }

    static func members(_ entry: Entry) -> [(String, Written)] {
        var members: [(String, Written)] = []
        if let comment = entry.comment { members.append(("comment", .string(comment))) }
        if let state = entry.extractionState { members.append(("extractionState", .string(state))) }
        if !entry.localizations.isEmpty {
            members.append(("localizations", .object(entry.localizations.map { ($0.language, written($0.localization)) })))
        }
        if !entry.shouldTranslate { members.append(("shouldTranslate", .boolean(false))) }
        return members
    }

    static func written(_ localization: Localization) -> Written {
        var members: [(String, Written)] = []
        if let unit = localization.stringUnit {
            var fields: [(String, Written)] = []
            if let state = unit.state { fields.append(("state", .string(state))) }
            if let value = unit.value { fields.append(("value", .string(value))) }
            members.append(("stringUnit", .object(fields)))
        }
        if !localization.substitutions.isEmpty {
            members.append(
                (
                    "substitutions",
                    .object(
                        localization.substitutions.map { substitution in
                            var fields: [(String, Written)] = []
                            if let number = substitution.argumentNumber { fields.append(("argNum", .number(number))) }
                            if let specifier = substitution.formatSpecifier { fields.append(("formatSpecifier", .string(specifier))) }
                            if !substitution.variations.isEmpty { fields.append(("variations", written(substitution.variations))) }
                            return (substitution.name, .object(fields))
                        })
                ))
        }
        if !localization.variations.isEmpty { members.append(("variations", written(localization.variations))) }
        return .object(members)
    }

    static func written(_ variations: [Variation]) -> Written {
        .object(
            variations.sorted { $0.selector < $1.selector }.map { variation in
                (variation.selector, .object(variation.cases.sorted { $0.name < $1.name }.map { ($0.name, written($0.localization)) }))
            })
    }

    static func object(_ members: [(String, Written)], indent: String) -> String {
        guard !members.isEmpty else { return "{\n\n" + indent + "}" }
        let inner = indent + "  "
        let lines = members.map { key, value in
            let text: String
            switch value {
            case .object(let nested): text = object(nested, indent: inner)
            case .string(let string): text = JSONString.quoted(string)
            case .number(let number): text = String(number)
            case .boolean(let flag): text = flag ? "true" : "false"
            }
            return inner + JSONString.quoted(key) + " : " + text
        }
        return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
    }
}

extension CatalogTable {
    /// The strings as a `.strings` file: each key's `comment` (from `comments`) above it.
    public func stringsFile(comments: [String: String] = [:]) -> String {
        var out = ""
        for entry in entries {
            guard case .string(let value) = entry.value else { continue }
            if let comment = comments[entry.key] { out += "/* " + comment.replacing("*/", with: "* /") + " */\n" }
            out += Self.quoted(entry.key) + " = " + Self.quoted(value) + ";\n\n"
        }
        return out
    }

    /// The plural entries as a `.stringsdict` XML property list, or nil when there are none.
    public var stringsdictFile: String? {
        let plurals = entries.filter { $0.value.string == nil }
        guard !plurals.isEmpty else { return nil }
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>

            """
        func write(_ value: StringsValue, indent: String) {
            switch value {
            case .dictionary(let members):
                out += "\(indent)<dict>\n"
                for member in members {
                    out += "\(indent)\t<key>\(Self.xmlEscaped(member.key))</key>\n"
                    write(member.value, indent: indent + "\t")
                }
                out += "\(indent)</dict>\n"
            default:
                out += "\(indent)<string>\(Self.xmlEscaped(value.string ?? ""))</string>\n"
            }
        }
        for entry in plurals {
            out += "\t<key>\(Self.xmlEscaped(entry.key))</key>\n"
            write(entry.value, indent: "\t")
        }
        return out + "</dict>\n</plist>\n"
    }

    /// `text` quoted for a `.strings` file: `"` and `\` escaped, control characters as escapes.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\u{00}"..."\u{1F}", "\u{7F}": out += "\\U" + StringsDecoder.hexDigits(scalar.value, width: 4)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func xmlEscaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
    }
}
