import Foundation

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

/// One `"key" = "value";` pair as it stands in the file.
public struct StringsEntry: Sendable, Hashable {
    public var key: String
    public var value: String
    /// Where the key starts.
    public var position: SourcePosition

    public init(key: String, value: String, position: SourcePosition) {
        self.key = key
        self.value = value
        self.position = position
    }
}

/// A key defined more than once; the last definition wins, as in Apple's tools.
public struct StringsDuplicate: Sendable, Hashable {
    public var key: String
    public var first: SourcePosition
    public var duplicate: SourcePosition
}

/// A parsed `.strings` file.
public struct StringsDocument: Sendable {
    /// Every pair in file order, duplicates included.
    public let entries: [StringsEntry]
    /// The lookup table: the last definition of a key wins.
    public let table: [String: String]
    /// Keys in order of first appearance, each once.
    public let orderedKeys: [String]
    /// Keys defined more than once, in file order of the later definition.
    public let duplicates: [StringsDuplicate]

    public init(entries: [StringsEntry]) {
        self.entries = entries
        var table: [String: String] = [:]
        var firstSeen: [String: SourcePosition] = [:]
        var orderedKeys: [String] = []
        var duplicates: [StringsDuplicate] = []
        for entry in entries {
            if let first = firstSeen[entry.key] {
                duplicates.append(StringsDuplicate(key: entry.key, first: first, duplicate: entry.position))
            } else {
                firstSeen[entry.key] = entry.position
                orderedKeys.append(entry.key)
            }
            table[entry.key] = entry.value
        }
        self.table = table
        self.orderedKeys = orderedKeys
        self.duplicates = duplicates
    }
}

/// Why a `.strings` file could not be read, and where.
public struct StringsSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, for code that reacts to the kind rather than the words.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A byte sequence that is not UTF-8 (in a file without a UTF-16 byte order mark).
        case invalidUTF8
        /// A UTF-16 file with an odd number of bytes or an unpaired surrogate code unit.
        case invalidUTF16
        /// Something other than a quoted or unquoted string where a key must start.
        case expectedKey
        /// A key not followed by `=` or `;`.
        case expectedEqualsOrSemicolon
        /// An `=` not followed by a quoted or unquoted string.
        case expectedValue
        /// A value not followed by `;`.
        case expectedSemicolon
        /// A character that may not stand in an unquoted string, right after one.
        case invalidUnquotedCharacter
        /// A quoted string without its closing quote.
        case unterminatedString
        /// A `/*` comment without its closing `*/`.
        case unterminatedComment
        /// A backslash followed by a character that is not an escape.
        case unknownEscape
        /// `\U` or `\u` not followed by four hexadecimal digits.
        case invalidUnicodeEscape
        /// An octal escape above `\377` or naming no character.
        case invalidOctalEscape
        /// A `\U` surrogate escape without its partner.
        case unpairedSurrogate
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
