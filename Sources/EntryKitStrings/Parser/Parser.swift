import FoundationEssentials

/// Thrown inside the parser after the error was recorded; the caller resynchronizes.
struct Failure: Error {}

/// The text parser behind ``StringsParser``: its state, the top level, recovery after an
/// error, and whitespace and comments. Values, quoted strings, escapes and the making of
/// strings from UTF-16 units are in the `Parser+…` files beside it.
struct Parser {
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
}

private extension Array where Element == UInt16 {
    /// The first unit at or after `index` that is not whitespace, if any.
    subscript(skippingTrivia index: Int) -> UInt16? {
        var k = index
        while k < count, Scalar.isWhitespace(self[k]) { k += 1 }
        return k < count ? self[k] : nil
    }
}
