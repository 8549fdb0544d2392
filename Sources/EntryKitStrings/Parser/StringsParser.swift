import Foundation

/// Reads Apple `.strings` files: the format `genstrings`, Xcode and
/// `NSBundle` use, which is the body of an old-style property-list dictionary
/// whose keys and values are strings.
///
/// ```
/// /* A comment */
/// "greeting" = "Hello, %@!";   // a line comment
/// unquoted_key = unquoted.value;
/// "same";                      // shorthand for "same" = "same";
/// ```
///
/// - Comments `/* ... */` (not nested) and `// ...` may stand wherever
///   whitespace may. Whitespace is tab, line feed, vertical tab, form feed,
///   carriage return, space, U+2028 and U+2029.
/// - Strings are quoted with `"` or `'`, or unquoted runs of
///   `A-Z a-z 0-9 _ $ + / : . -`. An unquoted run takes in `//` and `/*`
///   too, as Apple's parser does, so `url = http://example.com;` is a URL.
/// - Escapes in quoted strings: `\n \t \r \" \' \\ \a \b \f \v`, a backslash
///   before a line break (kept as is), `\Uxxxx` / `\uxxxx` with exactly four
///   hexadecimal digits (a surrogate pair written as two escapes makes one
///   character), and octal `\N`, `\NN`, `\NNN` up to `\377` in the NeXTSTEP
///   encoding (ASCII below `\200`).
/// - A key that appears again replaces the earlier value.
///
/// Errors carry the line and column of the offending character; when the
/// file ends where something else was expected, they point just past the
/// last token. Unterminated strings and comments point at the end of the
/// file and name where they were opened.
///
/// The parser works on decoded Unicode scalars in one forward pass: its time
/// is linear in the size of the input and it does not recurse.
public enum StringsParser {
    /// Parses the bytes of a `.strings` file: UTF-8 with or without a byte order
    /// mark, or UTF-16 (little- or big-endian) with a byte order mark, or without
    /// one when the file starts with an ASCII character.
    public static func parse(_ data: Data) throws(StringsSyntaxError) -> StringsDocument {
        let scalars = try StringsDecoder.decode(data)
        var parser = Parser(scalars: scalars)
        return StringsDocument(entries: try parser.parseEntries())
    }

    /// Parses text that is already decoded.
    public static func parse(_ text: String) throws(StringsSyntaxError) -> StringsDocument {
        var parser = Parser(scalars: text.unicodeScalars.map(\.value))
        return StringsDocument(entries: try parser.parseEntries())
    }
}

// MARK: - Characters

enum Scalar {
    static let tab: UInt32 = 0x09
    static let lineFeed: UInt32 = 0x0A
    static let carriageReturn: UInt32 = 0x0D
    static let space: UInt32 = 0x20
    static let doubleQuote: UInt32 = 0x22
    static let singleQuote: UInt32 = 0x27
    static let asterisk: UInt32 = 0x2A
    static let slash: UInt32 = 0x2F
    static let semicolon: UInt32 = 0x3B
    static let equals: UInt32 = 0x3D
    static let backslash: UInt32 = 0x5C
    static let lineSeparator: UInt32 = 0x2028
    static let paragraphSeparator: UInt32 = 0x2029

    @inline(__always)
    static func isWhitespace(_ c: UInt32) -> Bool {
        (c >= 0x09 && c <= 0x0D) || c == space || c == lineSeparator || c == paragraphSeparator
    }

    /// Characters of an unquoted string: `A-Z a-z 0-9 _ $ + / : . -`.
    @inline(__always)
    static func isUnquoted(_ c: UInt32) -> Bool {
        switch c {
        case 0x61...0x7A, 0x41...0x5A, 0x30...0x39: return true  // a-z A-Z 0-9
        case 0x5F, 0x24, 0x2B, 0x2F, 0x3A, 0x2E, 0x2D: return true  // _ $ + / : . -
        default: return false
        }
    }

    @inline(__always)
    static func hexValue(_ c: UInt32) -> UInt32? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x41 + 10
        case 0x61...0x66: return c - 0x61 + 10
        default: return nil
        }
    }

    /// A character as an error message shows it: `'x'`, or its code for
    /// characters that do not print (`U+0009`), or both for the rest of Unicode.
    static func describe(_ c: UInt32) -> String {
        let code = "U+" + StringsDecoder.hexDigits(c, width: 4)
        if c > 0x20 && c < 0x7F {
            return "'" + String(UnicodeScalar(UInt8(c))) + "'"
        }
        guard let scalar = Unicode.Scalar(c), c >= 0xA0, c != 0xAD else { return code }
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned,
             .lineSeparator, .paragraphSeparator, .spaceSeparator,
             .nonspacingMark, .enclosingMark, .spacingMark:
            return code
        default:
            return "'" + String(Character(scalar)) + "' (" + code + ")"
        }
    }

    /// NeXTSTEP encoding 0x80...0xFF to Unicode (unicode.org VENDORS/NEXT/NEXTSTEP.TXT);
    /// 0 marks the two codes that name no character.
    static let nextStepHighHalf: [UInt32] = [
        0x00A0, 0x00C0, 0x00C1, 0x00C2, 0x00C3, 0x00C4, 0x00C5, 0x00C7,
        0x00C8, 0x00C9, 0x00CA, 0x00CB, 0x00CC, 0x00CD, 0x00CE, 0x00CF,
        0x00D0, 0x00D1, 0x00D2, 0x00D3, 0x00D4, 0x00D5, 0x00D6, 0x00D9,
        0x00DA, 0x00DB, 0x00DC, 0x00DD, 0x00DE, 0x00B5, 0x00D7, 0x00F7,
        0x00A9, 0x00A1, 0x00A2, 0x00A3, 0x2044, 0x00A5, 0x0192, 0x00A7,
        0x00A4, 0x2019, 0x201C, 0x00AB, 0x2039, 0x203A, 0xFB01, 0xFB02,
        0x00AE, 0x2013, 0x2020, 0x2021, 0x00B7, 0x00A6, 0x00B6, 0x2022,
        0x201A, 0x201E, 0x201D, 0x00BB, 0x2026, 0x2030, 0x00AC, 0x00BF,
        0x00B9, 0x02CB, 0x00B4, 0x02C6, 0x02DC, 0x00AF, 0x02D8, 0x02D9,
        0x00A8, 0x00B2, 0x02DA, 0x00B8, 0x00B3, 0x02DD, 0x02DB, 0x02C7,
        0x2014, 0x00B1, 0x00BC, 0x00BD, 0x00BE, 0x00E0, 0x00E1, 0x00E2,
        0x00E3, 0x00E4, 0x00E5, 0x00E7, 0x00E8, 0x00E9, 0x00EA, 0x00EB,
        0x00EC, 0x00C6, 0x00ED, 0x00AA, 0x00EE, 0x00EF, 0x00F0, 0x00F1,
        0x0141, 0x00D8, 0x0152, 0x00BA, 0x00F2, 0x00F3, 0x00F4, 0x00F5,
        0x00F6, 0x00E6, 0x00F9, 0x00FA, 0x00FB, 0x0131, 0x00FC, 0x00FD,
        0x0142, 0x00F8, 0x0153, 0x00DF, 0x00FE, 0x00FF, 0x0000, 0x0000,
    ]
}

// MARK: - Parser

private struct Parser {
    let s: [UInt32]
    let count: Int
    var i = 0
    var tracker = LineTracker()
    /// Reused for every string, so reading strings does not allocate per character.
    var buffer: [UInt8] = []

    init(scalars: [UInt32]) {
        self.s = scalars
        self.count = scalars.count
        buffer.reserveCapacity(256)
    }

    mutating func position(_ index: Int) -> SourcePosition {
        tracker.position(at: index, in: s)
    }

    mutating func fail(_ kind: StringsSyntaxError.Kind, _ message: String, at index: Int) -> StringsSyntaxError {
        StringsSyntaxError(kind, message, at: position(index))
    }

    mutating func parseEntries() throws(StringsSyntaxError) -> [StringsEntry] {
        var entries: [StringsEntry] = []
        while true {
            try skipTrivia()
            if i >= count { return entries }

            let keyStart = i
            guard let (key, keyQuoted) = try parseString() else {
                throw fail(.expectedKey, "expected a key", at: i)
            }
            let keyPosition = position(keyStart)
            var tokenEnd = i
            try skipTrivia()
            guard i < count else {
                throw fail(.expectedEqualsOrSemicolon, "expected '=' or ';' after key", at: tokenEnd)
            }
            if s[i] == Scalar.semicolon {
                i += 1
                entries.append(StringsEntry(key: key, value: key, position: keyPosition))
                continue
            }
            guard s[i] == Scalar.equals else {
                try checkUnquotedNeighbour(quoted: keyQuoted, tokenEnd: tokenEnd)
                throw fail(.expectedEqualsOrSemicolon, "expected '=' or ';' after key", at: i)
            }
            i += 1
            tokenEnd = i
            try skipTrivia()
            guard i < count else {
                throw fail(.expectedValue, "expected a value after '='", at: tokenEnd)
            }
            guard let (value, valueQuoted) = try parseString() else {
                throw fail(.expectedValue, "expected a value after '='", at: i)
            }
            tokenEnd = i
            try skipTrivia()
            guard i < count else {
                throw fail(.expectedSemicolon, "expected ';' after value", at: tokenEnd)
            }
            guard s[i] == Scalar.semicolon else {
                try checkUnquotedNeighbour(quoted: valueQuoted, tokenEnd: tokenEnd)
                throw fail(.expectedSemicolon, "expected ';' after value", at: i)
            }
            i += 1
            entries.append(StringsEntry(key: key, value: value, position: keyPosition))
        }
    }

    /// `key-é = 1;` stops the unquoted key before `é`; say that `é` is the
    /// trouble rather than that `=` is missing.
    mutating func checkUnquotedNeighbour(quoted: Bool, tokenEnd: Int) throws(StringsSyntaxError) {
        guard !quoted, i == tokenEnd else { return }
        let c = s[i]
        guard c != Scalar.doubleQuote, c != Scalar.singleQuote, c != Scalar.equals, c != Scalar.semicolon else { return }
        throw fail(
            .invalidUnquotedCharacter,
            "character \(Scalar.describe(c)) is not allowed in an unquoted string; put the string in double quotes",
            at: i)
    }

    // MARK: Whitespace and comments

    mutating func skipTrivia() throws(StringsSyntaxError) {
        while i < count {
            let c = s[i]
            if Scalar.isWhitespace(c) {
                i += 1
            } else if c == Scalar.slash, i + 1 < count, s[i + 1] == Scalar.slash {
                i += 2
                while i < count {
                    let d = s[i]
                    if d == Scalar.lineFeed || d == Scalar.carriageReturn
                        || d == Scalar.lineSeparator || d == Scalar.paragraphSeparator {
                        break
                    }
                    i += 1
                }
            } else if c == Scalar.slash, i + 1 < count, s[i + 1] == Scalar.asterisk {
                let opened = i
                i += 2
                var closed = false
                while i < count {
                    if s[i] == Scalar.asterisk, i + 1 < count, s[i + 1] == Scalar.slash {
                        i += 2
                        closed = true
                        break
                    }
                    i += 1
                }
                if !closed {
                    let openedAt = position(opened)
                    throw fail(.unterminatedComment, "unterminated comment (opened at \(openedAt))", at: count)
                }
            } else {
                return
            }
        }
    }

    // MARK: Strings

    /// A quoted or unquoted string starting at `i`, or nil when none starts there.
    mutating func parseString() throws(StringsSyntaxError) -> (String, quoted: Bool)? {
        guard i < count else { return nil }
        let c = s[i]
        if c == Scalar.doubleQuote || c == Scalar.singleQuote {
            return (try parseQuoted(), true)
        }
        guard Scalar.isUnquoted(c) else { return nil }
        buffer.removeAll(keepingCapacity: true)
        while i < count, Scalar.isUnquoted(s[i]) {
            buffer.append(UInt8(truncatingIfNeeded: s[i]))
            i += 1
        }
        return (String(decoding: buffer, as: UTF8.self), false)
    }

    mutating func parseQuoted() throws(StringsSyntaxError) -> String {
        let opened = i
        let quote = s[i]
        i += 1
        buffer.removeAll(keepingCapacity: true)
        while i < count {
            let c = s[i]
            if c == quote {
                i += 1
                return String(decoding: buffer, as: UTF8.self)
            }
            if c == Scalar.backslash {
                guard i + 1 < count else { break }
                append(try parseEscape())
            } else {
                append(c)
                i += 1
            }
        }
        let openedAt = position(opened)
        throw fail(.unterminatedString, "unterminated string (opened at \(openedAt))", at: count)
    }

    /// The escape at `i` (a backslash with at least one character after it).
    mutating func parseEscape() throws(StringsSyntaxError) -> UInt32 {
        let start = i
        let e = s[i + 1]
        i += 2
        switch e {
        case 0x6E: return 0x0A  // \n
        case 0x74: return 0x09  // \t
        case 0x72: return 0x0D  // \r
        case 0x61: return 0x07  // \a
        case 0x62: return 0x08  // \b
        case 0x66: return 0x0C  // \f
        case 0x76: return 0x0B  // \v
        case Scalar.doubleQuote, Scalar.singleQuote, Scalar.backslash:
            return e
        case Scalar.lineFeed, Scalar.carriageReturn:
            // A backslash before a line break keeps the line break.
            return e
        case 0x55, 0x75:  // \U \u
            let value = try hexDigits(letter: e)
            switch value {
            case 0xD800...0xDBFF:
                if i >= count || (s[i] == Scalar.backslash && i + 1 >= count) {
                    // The file ends before the low half could follow; the
                    // caller reports the string as unterminated.
                    return 0xFFFD
                }
                if i + 1 < count, s[i] == Scalar.backslash, s[i + 1] == 0x55 || s[i + 1] == 0x75 {
                    let letter = s[i + 1]
                    let saved = i
                    i += 2
                    let low = try hexDigits(letter: letter)
                    if i >= count {
                        // The file ends inside the second escape; the caller
                        // reports the string as unterminated.
                        return 0xFFFD
                    }
                    if low >= 0xDC00, low <= 0xDFFF {
                        return 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                    }
                    i = saved
                }
                throw fail(
                    .unpairedSurrogate,
                    "high surrogate \\U\(StringsDecoder.hexDigits(value, width: 4)) must be followed by a low surrogate \\UDC00...\\UDFFF",
                    at: start)
            case 0xDC00...0xDFFF:
                throw fail(
                    .unpairedSurrogate,
                    "low surrogate \\U\(StringsDecoder.hexDigits(value, width: 4)) without a high surrogate \\UD800...\\UDBFF before it",
                    at: start)
            default:
                return value
            }
        case 0x30...0x37:  // octal
            var value = e - 0x30
            var digits = 1
            while digits < 3, i < count, s[i] >= 0x30, s[i] <= 0x37 {
                value = value * 8 + (s[i] - 0x30)
                digits += 1
                i += 1
            }
            let written = "\\" + String(value, radix: 8).leftPadded(to: digits)
            guard value <= 0o377 else {
                throw fail(.invalidOctalEscape, "octal escape \(written) is above \\377", at: start)
            }
            if value < 0x80 { return value }
            let mapped = Scalar.nextStepHighHalf[Int(value - 0x80)]
            guard mapped != 0 else {
                throw fail(.invalidOctalEscape, "octal escape \(written) names no character in the NeXTSTEP encoding", at: start)
            }
            return mapped
        default:
            let described = Scalar.describe(e)
            if described.hasPrefix("'"), let scalar = Unicode.Scalar(e) {
                throw fail(.unknownEscape, "unknown escape '\\\(Character(scalar))'", at: start)
            }
            throw fail(.unknownEscape, "unknown escape: backslash followed by \(described)", at: start)
        }
    }

    /// Four hexadecimal digits at `i`, after `\U` or `\u`.
    mutating func hexDigits(letter: UInt32) throws(StringsSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard i < count else {
                // The string runs out; the caller reports it unterminated.
                return value
            }
            guard let digit = Scalar.hexValue(s[i]) else {
                let name = letter == 0x55 ? "\\U" : "\\u"
                throw fail(
                    .invalidUnicodeEscape,
                    "expected 4 hexadecimal digits after \(name), found \(Scalar.describe(s[i]))",
                    at: i)
            }
            value = value << 4 | digit
            i += 1
        }
        return value
    }

    @inline(__always)
    mutating func append(_ c: UInt32) {
        if c < 0x80 {
            buffer.append(UInt8(truncatingIfNeeded: c))
        } else if c < 0x800 {
            buffer.append(UInt8(truncatingIfNeeded: 0xC0 | c >> 6))
            buffer.append(UInt8(truncatingIfNeeded: 0x80 | c & 0x3F))
        } else if c < 0x10000 {
            buffer.append(UInt8(truncatingIfNeeded: 0xE0 | c >> 12))
            buffer.append(UInt8(truncatingIfNeeded: 0x80 | c >> 6 & 0x3F))
            buffer.append(UInt8(truncatingIfNeeded: 0x80 | c & 0x3F))
        } else {
            buffer.append(UInt8(truncatingIfNeeded: 0xF0 | c >> 18))
            buffer.append(UInt8(truncatingIfNeeded: 0x80 | c >> 12 & 0x3F))
            buffer.append(UInt8(truncatingIfNeeded: 0x80 | c >> 6 & 0x3F))
            buffer.append(UInt8(truncatingIfNeeded: 0x80 | c & 0x3F))
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
