import FoundationEssentials

/// An Apple String Catalog (`NAME.xcstrings`, Xcode 15 and later): one JSON file holding the
/// table `NAME` in every language, with plural and device variations and substitutions.
///
/// ```json
/// {
///   "sourceLanguage" : "en",
///   "strings" : {
///     "%lld files" : {
///       "comment" : "A folder's size",
///       "localizations" : {
///         "de" : {
///           "variations" : { "plural" : {
///             "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Datei" } },
///             "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dateien" } }
///           } }
///         }
///       }
///     }
///   },
///   "version" : "1.0"
/// }
/// ```
///
/// Apple has published no specification; what is read here is what real catalogs hold (see
/// `Tests/CatalogCorpus`). Reading keeps everything the file says, in file order, with where
/// it stands; ``table(language:)`` turns one language into the `.strings` and `.stringsdict`
/// entries Xcode compiles it into. A catalog that is not JSON has no entries and one error;
/// one whose parts have the wrong shape keeps every part it could read, and says what it skipped
/// in ``problems``.
public struct StringCatalog: Sendable {
    /// `sourceLanguage`: the language the keys are written in.
    public var sourceLanguage: String
    /// `version` (`"1.0"`; Xcode 26 writes `"1.1"`).
    public var version: String
    /// The `strings` members in file order, each key once (the last of a duplicated key).
    public var entries: [Entry]
    /// What could not be read or looks wrong, in file order: the JSON syntax error, parts of the
    /// wrong shape, keys given twice.
    public var problems: [StringsDiagnostic]

    /// One key of the catalog.
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var position: SourcePosition
        /// The developer's comment for translators.
        public var comment: String?
        /// `extractionState`: `manual`, `stale` (no longer in the code), `extracted_with_value`, …
        public var extractionState: String?
        /// False when the key is marked "don't translate": every language shows the source text.
        public var shouldTranslate: Bool
        /// Each language's text, by BCP 47 tag, in file order.
        public var localizations: [(language: String, localization: Localization)]

        public static func == (a: Entry, b: Entry) -> Bool {
            a.key == b.key && a.position == b.position && a.comment == b.comment && a.extractionState == b.extractionState
                && a.shouldTranslate == b.shouldTranslate && a.localizations.elementsEqual(b.localizations) { $0 == $1 }
        }

        public init(
            key: String, position: SourcePosition = SourcePosition(line: 1, column: 1), comment: String? = nil,
            extractionState: String? = nil, shouldTranslate: Bool = true,
            localizations: [(language: String, localization: Localization)] = []
        ) {
            self.key = key
            self.position = position
            self.comment = comment
            self.extractionState = extractionState
            self.shouldTranslate = shouldTranslate
            self.localizations = localizations
        }

        /// The localization of exactly `language` (a BCP 47 tag), if any.
        public func localization(_ language: String) -> Localization? {
            localizations.lastIndex { $0.language == language }.map { localizations[$0].localization }
        }
    }

    /// A language's text for a key: a string unit, or variations of it, and substitutions.
    public struct Localization: Sendable, Equatable {
        public var stringUnit: StringUnit?
        /// `variations`: `plural` (by CLDR category) or `device` (`iphone`, `mac`, …, `other`).
        public var variations: [Variation]
        /// `substitutions`: the `%#@name@` variables of the string unit's value.
        public var substitutions: [Substitution]
        public var position: SourcePosition

        public init(
            stringUnit: StringUnit? = nil, variations: [Variation] = [], substitutions: [Substitution] = [],
            position: SourcePosition = SourcePosition(line: 1, column: 1)
        ) {
            self.stringUnit = stringUnit
            self.variations = variations
            self.substitutions = substitutions
            self.position = position
        }

        /// The variation by `selector` (`plural`, `device`), if any.
        public func variation(_ selector: String) -> Variation? {
            variations.last { $0.selector == selector }
        }
    }

    /// `stringUnit`: a text and how far its translation has come.
    public struct StringUnit: Sendable, Equatable {
        /// `translated`, `needs_review` (translated; the source changed since), `new`
        /// (not translated yet: Crowdin and Xcode put the source text there), `stale`.
        public var state: String?
        public var value: String?
        public var position: SourcePosition

        public init(state: String? = "translated", value: String?, position: SourcePosition = SourcePosition(line: 1, column: 1)) {
            self.state = state
            self.value = value
            self.position = position
        }
    }

    /// One `variations` member: its selector and a localization for each case.
    public struct Variation: Sendable, Equatable {
        /// `plural` or `device`.
        public var selector: String
        public var cases: [(name: String, localization: Localization)]
        public var position: SourcePosition

        public init(
            selector: String, cases: [(name: String, localization: Localization)],
            position: SourcePosition = SourcePosition(line: 1, column: 1)
        ) {
            self.selector = selector
            self.cases = cases
            self.position = position
        }

        public static func == (a: Variation, b: Variation) -> Bool {
            a.selector == b.selector && a.position == b.position && a.cases.elementsEqual(b.cases) { $0 == $1 }
        }

        /// The case `name` (`one`, `other`, `mac`), if any.
        public func localization(_ name: String) -> Localization? {
            cases.last { $0.name == name }?.localization
        }
    }

    /// One `substitutions` member: a `%#@name@` variable of the string unit.
    public struct Substitution: Sendable, Equatable {
        public var name: String
        /// `argNum`: the argument the variable counts, from 1.
        public var argumentNumber: Int?
        /// `formatSpecifier`: the count's conversion without `%` (`lld`, `d`).
        public var formatSpecifier: String?
        public var variations: [Variation]
        public var position: SourcePosition

        public init(
            name: String, argumentNumber: Int?, formatSpecifier: String?, variations: [Variation],
            position: SourcePosition = SourcePosition(line: 1, column: 1)
        ) {
            self.name = name
            self.argumentNumber = argumentNumber
            self.formatSpecifier = formatSpecifier
            self.variations = variations
            self.position = position
        }
    }

    public init(sourceLanguage: String, version: String = "1.0", entries: [Entry], problems: [StringsDiagnostic] = []) {
        self.sourceLanguage = sourceLanguage
        self.version = version
        self.entries = entries
        self.problems = problems
    }

    /// Whether the file could be read as a catalog at all (it is JSON and names its source language).
    public var isReadable: Bool { !problems.contains { $0.isError && $0.message.hasPrefix(Self.unreadablePrefix) } }

    static let unreadablePrefix = "not a String Catalog: "

    /// Every language the catalog holds, as BCP 47 tags: the source language first, then the
    /// others in sorted order.
    public var languages: [String] {
        var others = Set<String>()
        for entry in entries { for index in entry.localizations.indices { others.insert(entry.localizations[index].language) } }
        others.remove(sourceLanguage)
        return [sourceLanguage] + others.sorted()
    }

    /// The entry for `key`, if any.
    public func entry(_ key: String) -> Entry? {
        entries.first { $0.key == key }
    }
}

// MARK: - Reading

extension StringCatalog {
    /// Reads the catalog in `data`. Never fails: a file that is not a catalog has no entries
    /// and says why in ``problems``.
    public static func read(_ data: Data) -> StringCatalog {
        let lines = LineIndex(data)
        let root: JSONNode
        let warnings: [JSONReader.SyntaxError]
        do {
            (root, warnings) = try JSONReader.readWithWarnings(data)
        } catch {
            return StringCatalog(
                sourceLanguage: "", version: "", entries: [],
                problems: [
                    StringsDiagnostic(position: lines.position(of: error.offset), isError: true, message: unreadablePrefix + error.message)
                ])
        }
        var reader = Reader(lines: lines)
        for warning in warnings { reader.problem(false, at: warning.offset, warning.message) }
        return reader.catalog(root)
    }

    /// Turns the JSON tree into the model, noting each part of the wrong shape.
    private struct Reader {
        let lines: LineIndex
        var problems: [StringsDiagnostic] = []
        /// Which localization names are language tags, each worked out once.
        var tags: [String: Bool] = [:]

        mutating func isLanguageTag(_ name: String) -> Bool {
            if let known = tags[name] { return known }
            let known = LanguageTag.localeName(name) != nil
            tags[name] = known
            return known
        }

        func position(_ offset: Int) -> SourcePosition { lines.position(of: offset) }

        mutating func problem(_ isError: Bool, at offset: Int, _ message: String) {
            problems.append(StringsDiagnostic(position: position(offset), isError: isError, message: message))
        }

        /// The members of `node` with each key once (the last wins, the others are named), or nil
        /// when `node` is no object.
        mutating func members(of node: JSONNode, _ what: @autoclosure () -> String) -> [JSONMember]? {
            guard let members = node.members else {
                problem(true, at: node.offset, "\(what()) must be an object, not \(node.kindName); ignored")
                return nil
            }
            // Most objects are a few members without duplicates: a dictionary only for large ones.
            var duplicated: Set<Int> = []
            if members.count <= 16 {
                for later in members.indices {
                    if let earlier = members[..<later].lastIndex(where: { $0.key == members[later].key }) {
                        note(members[later], given: members[earlier], in: what)
                        duplicated.insert(earlier)
                    }
                }
            } else {
                var lastIndex: [String: Int] = [:]
                for (index, member) in members.enumerated() {
                    if let earlier = lastIndex[member.key] {
                        note(member, given: members[earlier], in: what)
                        duplicated.insert(earlier)
                    }
                    lastIndex[member.key] = index
                }
            }
            guard !duplicated.isEmpty else { return members }
            return members.indices.filter { !duplicated.contains($0) }.map { members[$0] }
        }

        /// A key given again in an object: the last one is read.
        mutating func note(_ member: JSONMember, given earlier: JSONMember, in what: () -> String) {
            problem(
                false, at: member.keyOffset,
                "\(JSONString.quoted(member.key)) is given again in \(what()) (first at \(position(earlier.keyOffset))); the last one is read"
            )
        }

        mutating func string(_ node: JSONNode, _ what: @autoclosure () -> String) -> String? {
            guard let string = node.string else {
                problem(true, at: node.offset, "\(what()) must be a string, not \(node.kindName); ignored")
                return nil
            }
            return string
        }

        mutating func catalog(_ root: JSONNode) -> StringCatalog {
            guard let members = root.members else {
                problem(true, at: root.offset, StringCatalog.unreadablePrefix + "the file holds \(root.kindName), not an object")
                return StringCatalog(sourceLanguage: "", version: "", entries: [], problems: problems)
            }
            var sourceLanguage: String?
            var version = ""
            var entries: [Entry] = []
            for member in self.members(of: root, "the catalog") ?? members {
                switch member.key {
                case "sourceLanguage": sourceLanguage = string(member.value, "sourceLanguage")
                case "version": version = string(member.value, "version") ?? ""
                case "strings":
                    guard let strings = self.members(of: member.value, "strings") else { continue }
                    entries = strings.map { entry($0) }
                default:
                    problem(false, at: member.keyOffset, "\(JSONString.quoted(member.key)) is not a part of a String Catalog; ignored")
                }
            }
            if sourceLanguage == nil {
                problem(true, at: root.offset, StringCatalog.unreadablePrefix + "it has no \"sourceLanguage\"")
            } else if let language = sourceLanguage, LanguageTag.localeName(language) == nil {
                problem(
                    false, at: root.offset,
                    "sourceLanguage \(JSONString.quoted(language)) is not a language tag (BCP 47, such as en or pt-BR)")
            }
            problems.sort { $0.position < $1.position }
            return StringCatalog(sourceLanguage: sourceLanguage ?? "", version: version, entries: entries, problems: problems)
        }

        mutating func entry(_ member: JSONMember) -> Entry {
            var entry = Entry(key: member.key, position: position(member.keyOffset))
            let what = { "the key \(JSONString.quoted(member.key))" }
            for field in members(of: member.value, what()) ?? [] {
                switch field.key {
                case "comment": entry.comment = string(field.value, "comment")
                case "extractionState": entry.extractionState = string(field.value, "extractionState")
                case "shouldTranslate":
                    guard case .boolean(let flag) = field.value.kind else {
                        problem(true, at: field.value.offset, "shouldTranslate must be true or false, not \(field.value.kindName); ignored")
                        continue
                    }
                    entry.shouldTranslate = flag
                case "localizations":
                    for language in members(of: field.value, "localizations") ?? [] {
                        if !isLanguageTag(language.key) {
                            problem(
                                false, at: language.keyOffset,
                                "\(JSONString.quoted(language.key)) is not a language tag (BCP 47, such as de or zh-Hans); no LANGUAGE picks it"
                            )
                        }
                        if let localization = localization(
                            language.value, "the \(StringCatalog.shown(language.key)) localization of \(what())")
                        {
                            entry.localizations.append((language.key, localization))
                        }
                    }
                default:
                    problem(false, at: field.keyOffset, "\(JSONString.quoted(field.key)) is not a part of a catalog entry; ignored")
                }
            }
            return entry
        }

        mutating func localization(_ node: JSONNode, _ what: @autoclosure () -> String) -> Localization? {
            guard let fields = members(of: node, what()) else { return nil }
            var localization = Localization(position: position(node.offset))
            for field in fields {
                switch field.key {
                case "stringUnit": localization.stringUnit = stringUnit(field.value)
                case "variations": localization.variations = variations(field.value, what())
                case "substitutions":
                    for substitution in members(of: field.value, "substitutions") ?? [] {
                        if let read = self.substitution(substitution) { localization.substitutions.append(read) }
                    }
                default:
                    problem(false, at: field.keyOffset, "\(JSONString.quoted(field.key)) is not a part of a localization; ignored")
                }
            }
            return localization
        }

        mutating func stringUnit(_ node: JSONNode) -> StringUnit? {
            guard let fields = members(of: node, "stringUnit") else { return nil }
            var unit = StringUnit(state: nil, value: nil, position: position(node.offset))
            for field in fields {
                switch field.key {
                case "state": unit.state = string(field.value, "state")
                case "value": unit.value = string(field.value, "value")
                default: problem(false, at: field.keyOffset, "\(JSONString.quoted(field.key)) is not a part of a stringUnit; ignored")
                }
            }
            if unit.value == nil { problem(true, at: node.offset, "the stringUnit has no \"value\"; the text counts as missing") }
            return unit
        }

        mutating func variations(_ node: JSONNode, _ what: @autoclosure () -> String) -> [Variation] {
            var found: [Variation] = []
            for selector in members(of: node, "variations") ?? [] {
                guard ["plural", "device"].contains(selector.key) else {
                    problem(
                        false, at: selector.keyOffset,
                        "variations by \(JSONString.quoted(selector.key)) are not read (only plural and device); ignored")
                    continue
                }
                var variation = Variation(selector: selector.key, cases: [], position: position(selector.value.offset))
                for member in members(of: selector.value, "the \(selector.key) variations") ?? [] {
                    if let localization = localization(
                        member.value, "the \(selector.key) case \(JSONString.quoted(member.key)) of \(what())")
                    {
                        variation.cases.append((member.key, localization))
                    }
                }
                found.append(variation)
            }
            return found
        }

        mutating func substitution(_ member: JSONMember) -> Substitution? {
            guard let fields = members(of: member.value, "the substitution \(JSONString.quoted(member.key))") else { return nil }
            var substitution = Substitution(
                name: member.key, argumentNumber: nil, formatSpecifier: nil, variations: [], position: position(member.keyOffset))
            for field in fields {
                switch field.key {
                case "argNum":
                    guard case .number(let text) = field.value.kind, let number = Int(text), number > 0 else {
                        problem(true, at: field.value.offset, "argNum must be a whole number from 1, not \(field.value.kindName); ignored")
                        continue
                    }
                    substitution.argumentNumber = number
                case "formatSpecifier": substitution.formatSpecifier = string(field.value, "formatSpecifier")
                case "variations": substitution.variations = variations(field.value, "the substitution \(JSONString.quoted(member.key))")
                default:
                    problem(false, at: field.keyOffset, "\(JSONString.quoted(field.key)) is not a part of a substitution; ignored")
                }
            }
            return substitution
        }
    }
}
