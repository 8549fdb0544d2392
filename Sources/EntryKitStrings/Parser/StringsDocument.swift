import FoundationEssentials

/// A place in a `.strings` file, 1-based, as an editor shows it.
///
/// `column` counts Unicode scalars from the start of the line, so a Japanese
/// character is one column, as a translator's editor shows it.
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// A value in a `.strings` table. Almost always a string; the property-list syntax also allows
/// arrays `( )`, dictionaries `{ }` and data `< >`, and XML or binary tables may hold numbers,
/// booleans and dates. Lookups use only strings; `dump` shows the rest as JSON.
public enum StringsValue: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    case string(String)
    case array([StringsValue])
    /// Members in file order, each key once (a key given again replaces the value in place).
    case dictionary([StringsMember])
    case data([UInt8])
    /// A number from an XML or binary table, as its decimal text.
    case number(String)
    case boolean(Bool)
    case date(Date)

    public init(stringLiteral value: String) {
        self = .string(value)
    }

    /// The string, or nil for any other kind of value.
    public var string: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    public var description: String {
        if case .string(let string) = self { return string }
        return json(indent: "")
    }
}

/// One member of a `{ }` dictionary value.
public struct StringsMember: Sendable, Hashable {
    public var key: String
    public var value: StringsValue

    public init(key: String, value: StringsValue) {
        self.key = key
        self.value = value
    }
}

/// One `"key" = "value";` pair as it stands in the file.
public struct StringsEntry: Sendable, Hashable {
    public var key: String
    public var value: StringsValue
    /// Where the key starts (1:1 for every entry of an XML or binary table).
    public var position: SourcePosition

    public init(key: String, value: StringsValue, position: SourcePosition) {
        self.key = key
        self.value = value
        self.position = position
    }

    public init(key: String, value: String, position: SourcePosition) {
        self.init(key: key, value: .string(value), position: position)
    }
}

/// A key defined more than once; the last definition wins, as in Apple's tools.
public struct StringsDuplicate: Sendable, Hashable {
    public var key: String
    public var first: SourcePosition
    public var duplicate: SourcePosition
}

/// Something Apple's parser accepts but that is almost always a mistake, with where it is and
/// how to fix it. `lint` prints these; `lint --strict` fails on them.
public struct StringsWarning: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `\u203A`: Apple reads `\u` as the letter u; only `\U` is an escape.
        case lowercaseUnicodeEscape
        /// A backslash before a character that is not an escape (`\(`, `\E`); Apple drops the backslash.
        case unknownEscape
        /// `\U` followed by fewer than four hexadecimal digits.
        case shortUnicodeEscape
        /// An octal escape above `\377` (Apple keeps the low eight bits) or naming no character.
        case octalEscape
        /// A string holding half of a UTF-16 surrogate pair; it shows as U+FFFD.
        case unpairedSurrogate
        /// A `/*` comment still open at the end of the file.
        case unterminatedComment
        /// A UTF-16 file with an odd number of bytes; the last byte is ignored.
        case oddByteCount
        /// Text after the last entry that Apple's parser silently ignores.
        case ignoredText
    }

    public var kind: Kind
    public var message: String
    public var position: SourcePosition

    public init(_ kind: Kind, _ message: String, at position: SourcePosition) {
        self.kind = kind
        self.message = message
        self.position = position
    }

    public var description: String { "\(position): \(message)" }
}

/// The form a table was stored in.
public enum StringsFormat: String, Sendable, Hashable {
    /// The text form (old-style property list) that genstrings and Xcode write.
    case text
    /// An XML property list.
    case xml
    /// A binary property list (`bplist00`), as Xcode copies tables into built apps.
    case binary
}

/// A parsed `.strings` file: every entry that could be read, and every error and warning.
///
/// A file with errors still has a table: the parser resynchronizes after each error and keeps
/// the entries before and after it. What Apple's parser reads stays authoritative: where it
/// stops reading (``StringsSyntaxError/Kind/appleStopsReading``), the entries after that point
/// only add keys it lacks and never replace one it read (``ignoredRecoveries``), so a table
/// reads the same here as on Apple's platforms, with more where those lose entries.
public struct StringsDocument: Sendable {
    /// Every pair in file order, duplicates included.
    public let entries: [StringsEntry]
    /// How many of `entries`, from the first, Apple's parser reads: all of a file without
    /// errors, those before the point where it stops reading, none of a file it rejects.
    public let appleReadCount: Int
    /// The lookup table: for each key, the value of its last definition that counts (see
    /// ``ignoredRecoveries``), when that is a string.
    public let table: [String: String]
    /// Keys in order of first appearance, each once.
    public let orderedKeys: [String]
    /// Keys defined more than once, in file order of the later definition.
    public let duplicates: [StringsDuplicate]
    /// Entries recovered after the point where Apple's parser stops that define a key again
    /// which Apple read before it: ignored, so the key keeps Apple's value. `first` is Apple's
    /// definition, `duplicate` the ignored one.
    public let ignoredRecoveries: [StringsDuplicate]
    /// Syntax errors, in file order. Apple's tools reject a file with any of these, or lose entries.
    public let errors: [StringsSyntaxError]
    /// What Apple accepts but is almost always a mistake, in file order.
    public let warnings: [StringsWarning]
    public let format: StringsFormat
    /// For each key, the indices in `entries` of its first and last definitions.
    private let definitions: [String: Definitions]

    private struct Definitions: Sendable {
        var first: Int
        var last: Int
    }

    /// `appleReadCount`: how many leading entries Apple's parser reads (nil: all of them).
    public init(
        entries: [StringsEntry],
        errors: [StringsSyntaxError] = [],
        warnings: [StringsWarning] = [],
        format: StringsFormat = .text,
        appleReadCount: Int? = nil
    ) {
        self.entries = entries
        let appleReadCount = min(max(appleReadCount ?? entries.count, 0), entries.count)
        self.appleReadCount = appleReadCount
        self.errors = errors
        self.warnings = warnings
        self.format = format
        var table: [String: String] = [:]
        var definitions: [String: Definitions] = [:]
        var orderedKeys: [String] = []
        var duplicates: [StringsDuplicate] = []
        var ignoredRecoveries: [StringsDuplicate] = []
        for (index, entry) in entries.enumerated() {
            if index >= appleReadCount, let read = definitions[entry.key], read.first < appleReadCount {
                ignoredRecoveries.append(StringsDuplicate(key: entry.key, first: entries[read.last].position, duplicate: entry.position))
                continue
            }
            if let slot = definitions.index(forKey: entry.key) {
                let first = definitions.values[slot].first
                definitions.values[slot].last = index
                duplicates.append(StringsDuplicate(key: entry.key, first: entries[first].position, duplicate: entry.position))
            } else {
                definitions[entry.key] = Definitions(first: index, last: index)
                orderedKeys.append(entry.key)
            }
            if case .string(let string) = entry.value {
                table[entry.key] = string
            } else {
                table[entry.key] = nil
            }
        }
        self.table = table
        self.definitions = definitions
        self.orderedKeys = orderedKeys
        self.duplicates = duplicates
        self.ignoredRecoveries = ignoredRecoveries
    }

    /// The last definition of `key`, string or not.
    public func value(forKey key: String) -> StringsValue? {
        definitions[key].map { entries[$0.last].value }
    }

    /// Every key's last definition, strings or not.
    public var values: [String: StringsValue] {
        definitions.mapValues { entries[$0.last].value }
    }

    /// True when the file has no syntax errors.
    public var isValid: Bool { errors.isEmpty }
}

/// A syntax error in a `.strings` file, and where.
public struct StringsSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for code that reacts to the kind rather than the words.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A byte sequence that is not UTF-8 (in a file without a UTF-16 byte order mark).
        case invalidUTF8
        /// Something other than a quoted or unquoted string where a key must start.
        case expectedKey
        /// A key not followed by `=` or `;`.
        case expectedEqualsOrSemicolon
        /// An `=` not followed by a value.
        case expectedValue
        /// A value not followed by `;`.
        case expectedSemicolon
        /// A character that may not stand in an unquoted string, right after one.
        case invalidUnquotedCharacter
        /// A quoted string without its closing quote.
        case unterminatedString
        /// An array `(` without `,` or `)` where one must follow.
        case unterminatedArray
        /// A dictionary `{` without its closing `}`.
        case unterminatedDictionary
        /// Data `< >` with a character that is not a hexadecimal digit, an odd digit, or no `>`.
        case invalidData
        /// Arrays and dictionaries nested more than 512 deep.
        case nestedTooDeeply
        /// Text where a key should start, after which Apple's parser silently drops every entry.
        case appleStopsReading
        /// Text after the closing `}` of a table written as `{ ... }`.
        case textAfterTable
        /// The file holds one array, data or string rather than a table.
        case notATable
        /// An XML or binary property list that Foundation cannot read.
        case invalidPropertyList
        /// Made by code outside the parser with `init(_:at:)`.
        case other
    }

    public var position: SourcePosition
    /// What was expected or what is wrong, in words for a translator.
    public var message: String
    public var kind: Kind

    public init(_ message: String, at position: SourcePosition) {
        self.init(.other, message, at: position)
    }

    public init(_ kind: Kind, _ message: String, at position: SourcePosition) {
        self.kind = kind
        self.message = message
        self.position = position
    }

    public var description: String { "\(position): \(message)" }
}
