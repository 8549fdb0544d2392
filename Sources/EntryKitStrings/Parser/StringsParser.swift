import FoundationEssentials

/// Reads Apple `.strings` files the way CoreFoundation's property-list parser
/// (`CFOldStylePList.c`, which `NSBundle` uses) reads them, and goes on after errors.
///
/// ```
/// /* A comment */
/// "greeting" = "Hello, %@!";   // a line comment
/// unquoted_key = unquoted.value;
/// "same";                      // shorthand for "same" = "same";
/// ```
///
/// - Comments `/* ... */` (not nested; one still open at the end of the file
///   runs to the end) and `// ...` stand wherever whitespace may. Whitespace is
///   tab, line feed, vertical tab, form feed, carriage return, space, U+2028, U+2029.
/// - Strings are quoted with `"` or `'`, or unquoted runs of
///   `A-Z a-z 0-9 _ $ / : . -`. An unquoted run takes in `//` and `/*`
///   too, as Apple's parser does, so `url = http://example.com;` is a URL.
/// - Escapes in quoted strings: `\n \t \r \" \a \b \f \v`, a backslash before a
///   line feed; `\U` with up to four hexadecimal digits (`\UABCG` is U+0ABC then
///   `G`; two escapes can make a surrogate pair); octal `\N`, `\NN`, `\NNN`, kept
///   to eight bits, in the NeXTSTEP encoding. A backslash before any other
///   character is dropped: `\(x)` reads `(x)`, `\\` reads `\`, and `\u203A`
///   reads `u203A`, as on Apple's platforms. `lint` warns about the surprising ones.
/// - Values may also be arrays `( a, b )`, dictionaries `{ k = v; }` and data
///   `<0fa1>`; lookups skip them.
/// - A key that appears again replaces the earlier value.
/// - A file that starts with `{` is one braced table; a file that is an XML or
///   binary property list is read with `FoundationEssentials`' `PropertyListDecoder`.
///
/// After a syntax error the parser records it and resynchronizes at the next
/// `;` or the next line that starts with a key, so every entry before and
/// after the error is kept. Errors and warnings carry line and column.
///
/// The parser works on UTF-16 code units, as CoreFoundation does, in one
/// forward pass: its time is linear in the size of the input. Only nested
/// arrays and dictionaries recurse, at most 512 deep (as in CoreFoundation).
public enum StringsParser {
    /// Reads a `.strings` file: UTF-8 with or without a byte order mark, UTF-16
    /// (little- or big-endian) with a byte order mark, or without one when the
    /// file starts with an ASCII character; or an XML or binary property list.
    /// Never fails: errors are in the document, beside what could be read.
    public static func read(_ data: Data) -> StringsDocument {
        if data.starts(with: Array("bplist".utf8)) {
            return readPropertyList(data, format: .binary)
        }
        let decoded = StringsDecoder.decode(data)
        if looksLikeXML(decoded.units) {
            return readPropertyList(data, format: .xml)
        }
        if startsWithLessThan(decoded.units),
            case .dictionary? = try? PropertyListValue.read(data)
        {
            // Foundation finds XML after a damaged prolog too; a text table never starts with '<'.
            return readPropertyList(data, format: .xml)
        }
        var parser = Parser(units: decoded.units)
        parser.errors = decoded.errors
        parser.decodingErrors = decoded.errors.count
        parser.warnings = decoded.warnings
        return parser.run()
    }

    /// Reads text that is already decoded.
    public static func read(_ text: String) -> StringsDocument {
        var parser = Parser(units: Array(text.utf16))
        return parser.run()
    }

    /// Parses the bytes of a `.strings` file and throws its first syntax error, if any.
    public static func parse(_ data: Data) throws(StringsSyntaxError) -> StringsDocument {
        let document = read(data)
        if let error = document.errors.first { throw error }
        return document
    }

    /// Parses text that is already decoded and throws its first syntax error, if any.
    public static func parse(_ text: String) throws(StringsSyntaxError) -> StringsDocument {
        let document = read(text)
        if let error = document.errors.first { throw error }
        return document
    }

    // MARK: Property lists

    /// `<` after leading whitespace.
    static func startsWithLessThan(_ units: [UInt16]) -> Bool {
        var i = 0
        while i < units.count, Scalar.isWhitespace(units[i]) { i += 1 }
        return i < units.count && units[i] == Scalar.lessThan
    }

    /// `<?xml`, `<!DOCTYPE` or `<plist` after leading whitespace.
    static func looksLikeXML(_ units: [UInt16]) -> Bool {
        var i = 0
        while i < units.count, Scalar.isWhitespace(units[i]) { i += 1 }
        for prefix in ["<?xml", "<!DOCTYPE", "<plist"] {
            let p = Array(prefix.utf16)
            if units.count - i >= p.count, Array(units[i..<(i + p.count)]) == p { return true }
        }
        return false
    }

    static func readPropertyList(_ data: Data, format: StringsFormat) -> StringsDocument {
        let start = SourcePosition(line: 1, column: 1)
        let object: StringsValue
        do {
            object = try PropertyListValue.read(data)
        } catch {
            let what = format == .binary ? "binary" : "XML"
            return StringsDocument(
                entries: [],
                errors: [
                    StringsSyntaxError(.invalidPropertyList, "cannot read this \(what) property list: \(oneLine(error.reason))", at: start)
                ],
                format: format)
        }
        guard case .dictionary(let members) = object else {
            return StringsDocument(
                entries: [],
                errors: [
                    StringsSyntaxError(.notATable, "the property list holds \(describeKind(object)), not a table of strings", at: start)
                ],
                format: format)
        }
        let entries = members.map { StringsEntry(key: $0.key, value: $0.value, position: start) }
        return StringsDocument(entries: entries, format: format)
    }

    private static func describeKind(_ object: StringsValue) -> String {
        switch object {
        case .string: return "a single string"
        case .array: return "an array"
        case .data: return "data"
        default: return "a single value"
        }
    }

    private static func oneLine(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.value < 0x20 ? " " : Character($0) })
    }
}

// MARK: - Characters

enum Scalar {
    static let tab: UInt16 = 0x09
    static let lineFeed: UInt16 = 0x0A
    static let carriageReturn: UInt16 = 0x0D
    static let space: UInt16 = 0x20
    static let doubleQuote: UInt16 = 0x22
    static let singleQuote: UInt16 = 0x27
    static let openParenthesis: UInt16 = 0x28
    static let closeParenthesis: UInt16 = 0x29
    static let asterisk: UInt16 = 0x2A
    static let comma: UInt16 = 0x2C
    static let slash: UInt16 = 0x2F
    static let semicolon: UInt16 = 0x3B
    static let lessThan: UInt16 = 0x3C
    static let equals: UInt16 = 0x3D
    static let greaterThan: UInt16 = 0x3E
    static let backslash: UInt16 = 0x5C
    static let openBrace: UInt16 = 0x7B
    static let closeBrace: UInt16 = 0x7D
    static let lineSeparator: UInt16 = 0x2028
    static let paragraphSeparator: UInt16 = 0x2029

    @inline(__always)
    static func isWhitespace(_ c: UInt16) -> Bool {
        (c >= 0x09 && c <= 0x0D) || c == space || c == lineSeparator || c == paragraphSeparator
    }

    @inline(__always)
    static func isLineBreak(_ c: UInt16) -> Bool {
        c == lineFeed || c == carriageReturn || c == lineSeparator || c == paragraphSeparator
    }

    /// Characters of an unquoted string: `A-Z a-z 0-9 _ $ / : . -` (CoreFoundation's
    /// `isValidUnquotedStringCharacter`; `+` is not one).
    @inline(__always)
    static func isUnquoted(_ c: UInt16) -> Bool {
        switch c {
        case 0x61...0x7A, 0x41...0x5A, 0x30...0x39: return true  // a-z A-Z 0-9
        case 0x5F, 0x24, 0x2F, 0x3A, 0x2E, 0x2D: return true  // _ $ / : . -
        default: return false
        }
    }

    @inline(__always)
    static func isKeyStart(_ c: UInt16) -> Bool {
        c == doubleQuote || c == singleQuote || isUnquoted(c)
    }

    @inline(__always)
    static func hexValue(_ c: UInt16) -> UInt16? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x41 + 10
        case 0x61...0x66: return c - 0x61 + 10
        default: return nil
        }
    }

    /// A character as a message shows it: `'x'`, or its code for characters
    /// that do not print (`U+0009`), or both for the rest of Unicode.
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

    /// The scalar at `index` (joining a surrogate pair), for messages.
    static func scalar(at index: Int, in units: [UInt16]) -> UInt32 {
        let c = UInt32(units[index])
        if c >= 0xD800, c <= 0xDBFF, index + 1 < units.count, units[index + 1] >= 0xDC00, units[index + 1] <= 0xDFFF {
            return 0x10000 + ((c - 0xD800) << 10) + (UInt32(units[index + 1]) - 0xDC00)
        }
        return c
    }

    /// NeXTSTEP encoding 0x80...0xFF to Unicode (unicode.org VENDORS/NEXT/NEXTSTEP.TXT);
    /// 0 marks the two codes that name no character (CoreFoundation reads them as U+0000).
    static let nextStepHighHalf: [UInt16] = [
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

/// Thrown inside the parser after the error was recorded; the caller resynchronizes.
private struct Failure: Error {}

private struct Parser {
    let u: [UInt16]
    let count: Int
    var i = 0
    var tracker = LineTracker()
    /// Reused for strings with escapes, so reading strings does not allocate per character.
    var buffer: [UInt16] = []
    var entries: [StringsEntry] = []
    var errors: [StringsSyntaxError] = []
    var warnings: [StringsWarning] = []
    /// Positions from which a string scan for `"` (or `'`) is known to reach the end of the
    /// file without a closing quote, so unterminated strings are found in linear time.
    var deadDouble: [Bool] = []
    var deadSingle: [Bool] = []
    /// Where Apple's parser would have stopped reading without an error, and how many entries
    /// were read by then.
    var appleStop: (position: SourcePosition, entries: Int, problem: String)?
    /// Set when the key of the entry being read could not be read.
    var keyFailed = false
    /// How many of `errors` are about bytes that are not UTF-8 (they come first).
    var decodingErrors = 0

    init(units: [UInt16]) {
        self.u = units
        self.count = units.count
        buffer.reserveCapacity(256)
    }

    mutating func position(_ index: Int) -> SourcePosition {
        tracker.position(at: index, in: u)
    }

    mutating func error(_ kind: StringsSyntaxError.Kind, _ message: String, at index: Int) {
        errors.append(StringsSyntaxError(kind, message, at: position(index)))
    }

    mutating func fail(_ kind: StringsSyntaxError.Kind, _ message: String, at index: Int) -> Failure {
        error(kind, message, at: index)
        return Failure()
    }

    mutating func warn(_ kind: StringsWarning.Kind, _ message: String, at index: Int) {
        warnings.append(StringsWarning(kind, message, at: position(index)))
    }

    func describe(at index: Int) -> String {
        Scalar.describe(Scalar.scalar(at: index, in: u))
    }

    // MARK: Top level

    mutating func run() -> StringsDocument {
        skipTrivia()
        if i < count {
            switch u[i] {
            case Scalar.openBrace:
                let opened = position(i)
                i += 1
                parseEntries(closedBy: opened)
                skipTrivia()
                if i < count {
                    error(.textAfterTable, "text after the table's closing '}'; Apple's parser rejects the whole file", at: i)
                }
            case Scalar.openParenthesis, Scalar.lessThan:
                let start = i
                let kind = u[i] == Scalar.openParenthesis ? "an array" : "data"
                _ = try? parseObject(depth: 0, required: true, endOfInput: i)
                errors.insert(
                    StringsSyntaxError(
                        .notATable, "the file holds \(kind), not a table of \"key\" = \"value\"; entries", at: position(start)), at: 0)
            default:
                parseEntries(closedBy: nil)
            }
        }
        if let stop = appleStop {
            let dropped = entries.count - stop.entries
            if dropped > 0 {
                errors.append(
                    StringsSyntaxError(
                        .appleStopsReading,
                        "\(stop.problem); Apple's parser stops reading here and silently drops the \(dropped) "
                            + (dropped == 1 ? "entry" : "entries") + " after it",
                        at: stop.position))
            } else if errors.count > decodingErrors {
                // No entry is lost, but the text after the stop has errors of its own.
                errors.append(
                    StringsSyntaxError(
                        .appleStopsReading, "\(stop.problem); Apple's parser stops reading here and ignores the rest of the file",
                        at: stop.position))
            } else {
                warnings.append(
                    StringsWarning(
                        .ignoredText, "\(stop.problem); Apple's parser ignores the rest of the file", at: stop.position))
            }
        }
        errors.sort { $0.position < $1.position }
        warnings.sort { $0.position < $1.position }
        // Apple's parser reads up to where it stops, or nothing of a file it rejects.
        let appleReadCount = appleStop?.entries ?? (errors.isEmpty ? entries.count : 0)
        return StringsDocument(entries: entries, errors: errors, warnings: warnings, format: .text, appleReadCount: appleReadCount)
    }

    /// `key = value;` pairs up to the end of the file, or up to `}` when the table was opened
    /// with `{` at `closedBy`, recovering from errors.
    mutating func parseEntries(closedBy opened: SourcePosition?) {
        var first = opened == nil
        while true {
            skipTrivia()
            guard i < count else {
                if let opened {
                    error(.unterminatedDictionary, "expected '}' to close the table opened at \(opened)", at: count)
                }
                return
            }
            let loopStart = i
            let c = u[i]
            if opened != nil, c == Scalar.closeBrace {
                i += 1
                return
            }
            guard Scalar.isKeyStart(c) else {
                if opened == nil, !first, errors.count == decodingErrors, appleStop == nil {
                    appleStop = (position(i), entries.count, "expected a key, found \(describe(at: i))")
                } else {
                    error(.expectedKey, "expected a key", at: i)
                }
                first = false
                // Step over the run of stray characters (`;;`, `}`, `;=`) and go on.
                while i < count, !Scalar.isKeyStart(u[i]), !Scalar.isWhitespace(u[i]), u[i] != Scalar.slash,
                    !(opened != nil && u[i] == Scalar.closeBrace && i > loopStart)
                {
                    i += 1
                }
                if i == loopStart { i += 1 }
                continue
            }
            // After a ';', Apple's parser also stops without an error at a key whose string
            // never closes.
            let mayStopApple = opened == nil && !first && errors.count == decodingErrors && appleStop == nil
            first = false
            do throws(Failure) {
                try parseEntry()
            } catch {
                if keyFailed, mayStopApple, let failure = errors.popLast() {
                    appleStop = (failure.position, entries.count, failure.message)
                }
                resynchronize(from: i, after: loopStart)
            }
        }
    }

    mutating func parseEntry() throws(Failure) {
        let keyPosition = position(i)
        keyFailed = true
        let (key, keyQuoted) = try parseString()
        keyFailed = false
        var tokenEnd = i
        skipTrivia()
        guard i < count else {
            throw fail(.expectedEqualsOrSemicolon, "expected '=' or ';' after key", at: tokenEnd)
        }
        if u[i] == Scalar.semicolon {
            i += 1
            entries.append(StringsEntry(key: key, value: .string(key), position: keyPosition))
            return
        }
        guard u[i] == Scalar.equals else {
            try checkUnquotedNeighbour(quoted: keyQuoted, tokenEnd: tokenEnd)
            throw fail(.expectedEqualsOrSemicolon, "expected '=' or ';' after key", at: i)
        }
        i += 1
        let valueStart = i
        let value = try parseObject(depth: 1, required: true, endOfInput: i)!
        tokenEnd = i
        let valueQuoted = u[skippingTrivia: valueStart].map { $0 != Scalar.doubleQuote && $0 != Scalar.singleQuote } == false
        skipTrivia()
        // A complete `key = value` is kept even when its ';' is missing.
        entries.append(StringsEntry(key: key, value: value, position: keyPosition))
        guard i < count else {
            throw fail(.expectedSemicolon, "expected ';' after value", at: tokenEnd)
        }
        guard u[i] == Scalar.semicolon else {
            if case .string = value { try checkUnquotedNeighbour(quoted: valueQuoted, tokenEnd: tokenEnd) }
            throw fail(.expectedSemicolon, "expected ';' after value", at: i)
        }
        i += 1
    }

    /// `key-é = 1;` stops the unquoted key before `é`; say that `é` is the
    /// trouble rather than that `=` is missing.
    mutating func checkUnquotedNeighbour(quoted: Bool, tokenEnd: Int) throws(Failure) {
        guard !quoted, i == tokenEnd, i < count else { return }
        let c = u[i]
        guard c != Scalar.doubleQuote, c != Scalar.singleQuote, c != Scalar.equals, c != Scalar.semicolon else { return }
        throw fail(
            .invalidUnquotedCharacter,
            "character \(describe(at: i)) is not allowed in an unquoted string; put the string in double quotes",
            at: i)
    }

    // MARK: Recovery

    /// Moves `i` to where parsing can go on after an error at `start`: the start of a line that
    /// begins with a key (this one, when the error stands there), or just past the next `;`.
    /// Quoted strings closed on their line and comments are stepped over, so a `;` inside them
    /// does not count. `after` is where the failed entry began; `i` always moves past it.
    mutating func resynchronize(from start: Int, after loopStart: Int) {
        var j = start
        if j > loopStart, j < count, Parser.isResumableKeyStart(u[j]), isLineStart(j) {
            i = j
            return
        }
        var atLineStart = false
        while j < count {
            let c = u[j]
            if Scalar.isLineBreak(c) {
                atLineStart = true
                j += 1
                continue
            }
            if c == Scalar.slash, j + 1 < count, u[j + 1] == Scalar.asterisk {
                j += 2
                while j < count, !(u[j] == Scalar.asterisk && j + 1 < count && u[j + 1] == Scalar.slash) { j += 1 }
                j = min(j + 2, count)
                continue
            }
            if c == Scalar.slash, j + 1 < count, u[j + 1] == Scalar.slash {
                while j < count, !Scalar.isLineBreak(u[j]) { j += 1 }
                continue
            }
            if atLineStart {
                if Scalar.isWhitespace(c) {
                    j += 1
                    continue
                }
                if Parser.isResumableKeyStart(c) {
                    i = j
                    return
                }
                atLineStart = false
            }
            if c == Scalar.semicolon {
                i = j + 1
                return
            }
            if c == Scalar.doubleQuote || c == Scalar.singleQuote {
                var k = j + 1
                while k < count, u[k] != c, !Scalar.isLineBreak(u[k]) {
                    k += u[k] == Scalar.backslash ? 2 : 1
                }
                j = k < count && u[k] == c ? k + 1 : min(k, count)
                continue
            }
            j += 1
        }
        i = count
    }

    static func isResumableKeyStart(_ c: UInt16) -> Bool {
        c != Scalar.slash && Scalar.isKeyStart(c)
    }

    /// Only blanks stand between the start of the line and `index`.
    func isLineStart(_ index: Int) -> Bool {
        var k = index - 1
        while k >= 0, Scalar.isWhitespace(u[k]), !Scalar.isLineBreak(u[k]) { k -= 1 }
        return k < 0 || Scalar.isLineBreak(u[k])
    }

    // MARK: Whitespace and comments

    mutating func skipTrivia() {
        while i < count {
            let c = u[i]
            if Scalar.isWhitespace(c) {
                i += 1
            } else if c == Scalar.slash, i + 1 < count, u[i + 1] == Scalar.slash {
                i += 2
                while i < count, !Scalar.isLineBreak(u[i]) { i += 1 }
            } else if c == Scalar.slash, i + 1 < count, u[i + 1] == Scalar.asterisk {
                let opened = i
                i += 2
                var closed = false
                while i < count {
                    if u[i] == Scalar.asterisk, i + 1 < count, u[i + 1] == Scalar.slash {
                        i += 2
                        closed = true
                        break
                    }
                    i += 1
                }
                if !closed {
                    warn(
                        .unterminatedComment,
                        "comment is not closed: it runs to the end of the file, and any entries after it are part of it", at: opened)
                }
            } else {
                return
            }
        }
    }

    // MARK: Values

    /// A key: a quoted or unquoted string at `i` (the caller checked that one starts there).
    mutating func parseString() throws(Failure) -> (String, quoted: Bool) {
        let c = u[i]
        if c == Scalar.doubleQuote || c == Scalar.singleQuote {
            return (try parseQuoted(), true)
        }
        return (parseUnquoted(), false)
    }

    mutating func parseUnquoted() -> String {
        let start = i
        while i < count, Scalar.isUnquoted(u[i]) { i += 1 }
        return Parser.makeString(u[start..<i])
    }

    /// A string from UTF-16 units; unpaired surrogates become U+FFFD. ASCII, the common case,
    /// is copied byte for byte; the rest is encoded as UTF-8 here, as `String(decoding:as:)`
    /// would, without its generic transcoder (whose first use looks up type metadata and
    /// protocol conformances at run time, a cost every start paid for the first non-ASCII text).
    static func makeString(_ units: ArraySlice<UInt16>) -> String {
        units.withUnsafeBufferPointer { source in
            var ascii = true
            for unit in source where unit >= 0x80 {
                ascii = false
                break
            }
            guard ascii else { return utf8String(source) }
            return String(unsafeUninitializedCapacity: source.count) { target in
                for k in 0..<source.count { target[k] = UInt8(truncatingIfNeeded: source[k]) }
                return source.count
            }
        }
    }

    /// UTF-16 to UTF-8, each unpaired surrogate written as U+FFFD (three bytes, as every unit
    /// up to U+FFFF at most takes; a pair takes four for its two units).
    private static func utf8String(_ source: UnsafeBufferPointer<UInt16>) -> String {
        String(unsafeUninitializedCapacity: source.count * 3) { target in
            var written = 0
            func put(_ scalar: UInt32) {
                switch scalar {
                case ..<0x80:
                    target[written] = UInt8(scalar)
                    written += 1
                case ..<0x800:
                    target[written] = UInt8(0xC0 | scalar >> 6)
                    target[written + 1] = UInt8(0x80 | scalar & 0x3F)
                    written += 2
                case ..<0x1_0000:
                    target[written] = UInt8(0xE0 | scalar >> 12)
                    target[written + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
                    target[written + 2] = UInt8(0x80 | scalar & 0x3F)
                    written += 3
                default:
                    target[written] = UInt8(0xF0 | scalar >> 18)
                    target[written + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
                    target[written + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
                    target[written + 3] = UInt8(0x80 | scalar & 0x3F)
                    written += 4
                }
            }
            var k = 0
            while k < source.count {
                let unit = UInt32(source[k])
                k += 1
                switch unit {
                case 0xD800...0xDBFF:
                    let low = k < source.count ? UInt32(source[k]) : 0
                    if (0xDC00...0xDFFF).contains(low) {
                        put(0x1_0000 + (unit - 0xD800) << 10 + (low - 0xDC00))
                        k += 1
                    } else {
                        put(0xFFFD)
                    }
                case 0xDC00...0xDFFF:
                    put(0xFFFD)
                default:
                    put(unit)
                }
            }
            return written
        }
    }

    /// A value at `i` after trivia: a string, `( )` array, `{ }` dictionary or `< >` data.
    /// Returns nil when none starts there and none is `required` (then nothing is consumed
    /// but trivia). `endOfInput` is where to point when the file ends before the value.
    mutating func parseObject(depth: Int, required: Bool, endOfInput: Int) throws(Failure) -> StringsValue? {
        if depth > 512 {
            guard required else { return nil }
            throw fail(.nestedTooDeeply, "arrays and dictionaries nested more than 512 deep", at: i)
        }
        skipTrivia()
        guard i < count else {
            guard required else { return nil }
            throw fail(.expectedValue, "expected a value after '='", at: endOfInput)
        }
        let c = u[i]
        switch c {
        case Scalar.doubleQuote, Scalar.singleQuote:
            return .string(try parseQuoted())
        case Scalar.openBrace:
            return .dictionary(try parseDictionary(depth: depth))
        case Scalar.openParenthesis:
            return .array(try parseArray(depth: depth))
        case Scalar.lessThan:
            return .data(try parseData())
        default:
            if Scalar.isUnquoted(c) { return .string(parseUnquoted()) }
            guard required else { return nil }
            throw fail(.expectedValue, "expected a value after '='", at: i)
        }
    }

    mutating func parseDictionary(depth: Int) throws(Failure) -> [StringsMember] {
        let opened = position(i)
        i += 1
        var members: [StringsMember] = []
        var index: [String: Int] = [:]
        while true {
            skipTrivia()
            guard i < count, Scalar.isKeyStart(u[i]) else { break }
            let (key, quoted) = try parseString()
            let tokenEnd = i
            skipTrivia()
            guard i < count else {
                throw fail(.expectedEqualsOrSemicolon, "expected '=' or ';' after key", at: tokenEnd)
            }
            let value: StringsValue
            if u[i] == Scalar.semicolon {
                value = .string(key)
            } else if u[i] == Scalar.equals {
                i += 1
                value = try parseObject(depth: depth + 1, required: true, endOfInput: i)!
            } else {
                try checkUnquotedNeighbour(quoted: quoted, tokenEnd: tokenEnd)
                throw fail(.expectedEqualsOrSemicolon, "expected '=' or ';' after key", at: i)
            }
            if let existing = index[key] {
                members[existing].value = value
            } else {
                index[key] = members.count
                members.append(StringsMember(key: key, value: value))
            }
            let end = i
            skipTrivia()
            guard i < count, u[i] == Scalar.semicolon else {
                throw fail(.expectedSemicolon, "expected ';' after value", at: i < count ? i : end)
            }
            i += 1
        }
        guard i < count, u[i] == Scalar.closeBrace else {
            throw fail(.unterminatedDictionary, "expected '}' to close the dictionary opened at \(opened)", at: i)
        }
        i += 1
        return members
    }

    mutating func parseArray(depth: Int) throws(Failure) -> [StringsValue] {
        let opened = position(i)
        i += 1
        var elements: [StringsValue] = []
        var element = try parseObject(depth: depth + 1, required: false, endOfInput: i)
        while let value = element {
            elements.append(value)
            skipTrivia()
            guard i < count, u[i] == Scalar.comma else { break }
            i += 1
            element = try parseObject(depth: depth + 1, required: false, endOfInput: i)
        }
        skipTrivia()
        guard i < count, u[i] == Scalar.closeParenthesis else {
            let deep = depth + 1 > 512 ? " (arrays and dictionaries nest at most 512 deep)" : ""
            throw fail(.unterminatedArray, "expected ',' or ')' in the array opened at \(opened)\(deep)", at: i)
        }
        i += 1
        return elements
    }

    /// `<0fa1 b2>`: pairs of hexadecimal digits, blanks between pairs. As in CoreFoundation,
    /// a character's low eight bits decide whether it is a digit.
    mutating func parseData() throws(Failure) -> [UInt8] {
        let opened = position(i)
        i += 1
        var bytes: [UInt8] = []
        while i < count {
            let c = u[i]
            if c == Scalar.greaterThan { break }
            if let high = Scalar.hexValue(c & 0xFF) {
                i += 1
                guard i < count, let low = Scalar.hexValue(u[i] & 0xFF) else {
                    throw fail(.invalidData, "odd number of hexadecimal digits in the data opened at \(opened)", at: i)
                }
                bytes.append(UInt8(high << 4 | low))
                i += 1
            } else if c == Scalar.space || c == Scalar.lineFeed || c == Scalar.tab || c == Scalar.carriageReturn
                || c == Scalar.lineSeparator || c == Scalar.paragraphSeparator
            {
                i += 1
            } else {
                throw fail(.invalidData, "character \(describe(at: i)) is not a hexadecimal digit, in the data opened at \(opened)", at: i)
            }
        }
        guard i < count else {
            throw fail(.invalidData, "expected '>' to close the data opened at \(opened)", at: i)
        }
        i += 1
        return bytes
    }

    // MARK: Quoted strings

    mutating func parseQuoted() throws(Failure) -> String {
        let open = i
        let quote = u[i]
        let dead = quote == Scalar.doubleQuote ? deadDouble : deadSingle
        let checkDead = !dead.isEmpty
        i += 1
        var mark = i
        var escaped = false
        var sawSurrogate = false
        buffer.removeAll(keepingCapacity: true)
        while i < count {
            if checkDead, dead[i] { break }
            let c = u[i]
            if c == quote {
                let string: String
                if escaped {
                    buffer.append(contentsOf: u[mark..<i])
                    string = Parser.makeString(buffer[...])
                    if sawSurrogate || Parser.containsSurrogate(u[mark..<i]) { checkSurrogates(buffer, stringAt: open) }
                } else {
                    string = Parser.makeString(u[mark..<i])
                    if Parser.containsSurrogate(u[mark..<i]) { checkSurrogates(Array(u[mark..<i]), stringAt: open) }
                }
                i += 1
                return string
            }
            if c == Scalar.backslash {
                guard i + 1 < count else { break }
                buffer.append(contentsOf: u[mark..<i])
                escaped = true
                let unit = escape(quote: quote)
                if unit >= 0xD800, unit <= 0xDFFF { sawSurrogate = true }
                buffer.append(unit)
                mark = i
            } else {
                i += 1
            }
        }
        markDeadEnds(from: open + 1, quote: quote)
        let name = quote == Scalar.doubleQuote ? "'\"'" : "\"'\""
        let failure = fail(.unterminatedString, "unterminated string: no closing \(name) before the end of the file", at: open)
        i = open + 1
        throw failure
    }

    static func containsSurrogate(_ units: ArraySlice<UInt16>) -> Bool {
        units.contains { $0 >= 0xD800 && $0 <= 0xDFFF }
    }

    /// Warns when `units` hold half of a surrogate pair (it shows as U+FFFD).
    mutating func checkSurrogates(_ units: [UInt16], stringAt open: Int) {
        var k = 0
        while k < units.count {
            let c = units[k]
            if c >= 0xD800, c <= 0xDBFF, k + 1 < units.count, units[k + 1] >= 0xDC00, units[k + 1] <= 0xDFFF {
                k += 2
                continue
            }
            if c >= 0xD800, c <= 0xDFFF {
                warn(
                    .unpairedSurrogate,
                    "the string holds an unpaired UTF-16 surrogate \(StringsDecoder.hexDigits(UInt32(c), width: 4)), which shows as U+FFFD; "
                        + "write a character above U+FFFF as a pair, \\UD83D\\UDE00, or as itself",
                    at: open)
                return
            }
            k += 1
        }
    }

    /// Records that scanning for `quote` from `start` reaches the end of the file.
    mutating func markDeadEnds(from start: Int, quote: UInt16) {
        var dead = quote == Scalar.doubleQuote ? deadDouble : deadSingle
        if quote == Scalar.doubleQuote { deadDouble = [] } else { deadSingle = [] }
        if dead.isEmpty { dead = [Bool](repeating: false, count: count) }
        var j = start
        while j < count, !dead[j] {
            dead[j] = true
            j += u[j] == Scalar.backslash ? 2 : 1
        }
        if quote == Scalar.doubleQuote { deadDouble = dead } else { deadSingle = dead }
    }

    /// The escape at `i` (a backslash with at least one character after it), as CoreFoundation's
    /// `getSlashedChar` reads it; warns about the ones that are almost always mistakes.
    mutating func escape(quote: UInt16) -> UInt16 {
        let start = i
        let e = u[i + 1]
        i += 2
        switch e {
        case 0x30...0x37:  // octal: up to three digits, kept to eight bits
            var value = UInt32(e - 0x30)
            var digits = 1
            while digits < 3, i < count, u[i] >= 0x30, u[i] <= 0x37 {
                value = value * 8 + UInt32(u[i] - 0x30)
                digits += 1
                i += 1
            }
            let byte = UInt8(truncatingIfNeeded: value)
            let unit: UInt16 = byte < 0x80 ? UInt16(byte) : Scalar.nextStepHighHalf[Int(byte - 0x80)]
            let written = "\\" + String(u[(start + 1)..<i].map { Character(Unicode.Scalar(UInt8($0))) })
            if value > 0o377 {
                warn(
                    .octalEscape,
                    "octal escape \(written) is above \\377: Apple keeps its low eight bits and reads \\\(String(byte, radix: 8)); write the character itself or \\U and four hexadecimal digits",
                    at: start)
            } else if unit == 0, byte >= 0x80 {
                warn(
                    .octalEscape, "octal escape \(written) names no character in the NeXTSTEP encoding: Apple reads it as U+0000", at: start
                )
            }
            return unit
        case 0x55:  // \U: up to four hexadecimal digits
            var value: UInt16 = 0
            var digits = 0
            while digits < 4, i < count, u[i] < 0x80, let digit = Scalar.hexValue(u[i]) {
                value = value << 4 | digit
                digits += 1
                i += 1
            }
            if digits < 4 {
                let hex = StringsDecoder.hexDigits(UInt32(value), width: 4)
                let next = i < count && u[i] != quote ? " followed by \(describe(at: i))" : ""
                warn(
                    .shortUnicodeEscape,
                    "\\U takes four hexadecimal digits; this one has \(digits), so Apple reads U+\(hex)\(next); write \\U\(hex)", at: start)
            }
            return value
        case 0x61: return 0x07  // \a
        case 0x62: return 0x08  // \b
        case 0x66: return 0x0C  // \f
        case 0x6E: return 0x0A  // \n
        case 0x72: return 0x0D  // \r
        case 0x74: return 0x09  // \t
        case 0x76: return 0x0B  // \v
        case Scalar.doubleQuote, Scalar.lineFeed:
            return e
        case Scalar.backslash, Scalar.singleQuote, Scalar.carriageReturn:
            // Not escapes in CoreFoundation either, but the backslash is dropped as meant.
            return e
        case 0x75:  // \u
            var hex = ""
            var k = i
            while k < count, hex.count < 4, u[k] < 0x80, Scalar.hexValue(u[k]) != nil {
                hex.append(Character(Unicode.Scalar(UInt8(u[k]))))
                k += 1
            }
            if hex.count == 4 {
                warn(
                    .lowercaseUnicodeEscape,
                    "\\u\(hex): Apple reads this as the letter u followed by \(hex), not as a character; write \\U\(hex.uppercased())",
                    at: start)
            } else {
                warn(
                    .lowercaseUnicodeEscape,
                    "\\u: Apple reads this as the letter u; write u, or \\U and four hexadecimal digits for a character", at: start)
            }
            return e
        case Scalar.openParenthesis:
            warn(
                .unknownEscape,
                "unknown escape '\\(': the backslash is dropped, so \\(name) shows as (name); genstrings writes this for Swift string interpolation: use %@ in the text and pass the value as an argument",
                at: start)
            return e
        default:
            let shown = describe(at: start + 1)
            warn(
                .unknownEscape,
                "unknown escape: the backslash before \(shown) is dropped, so it reads \(shown); remove the backslash, or write \\\\ for a backslash",
                at: start)
            return e
        }
    }
}

private extension Array where Element == UInt16 {
    /// The first unit at or after `index` that is not whitespace, if any.
    subscript(skippingTrivia index: Int) -> UInt16? {
        var k = index
        while k < count, Scalar.isWhitespace(self[k]) { k += 1 }
        return k < count ? self[k] : nil
    }
}
