/// Quoted strings, and what reading them may find wrong (no closing quote, half a surrogate pair).
extension Parser {
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
}
