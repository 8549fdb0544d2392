/// What `lint` says about escapes that read otherwise than their writer meant. Reading them
/// (``escape(quote:)``) has already moved past them; `start` is the backslash.
extension Parser {
    /// An octal escape above `\377` (Apple keeps its low eight bits), or one that names no
    /// character in the NeXTSTEP encoding (read as U+0000).
    mutating func checkOctalEscape(value: UInt32, byte: UInt8, unit: UInt16, at start: Int) {
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
    }

    /// `\U` with fewer than four hexadecimal digits: Apple reads the ones there are.
    mutating func warnShortUnicodeEscape(value: UInt16, digits: Int, quote: UInt16, at start: Int) {
        let hex = StringsDecoder.hexDigits(UInt32(value), width: 4)
        let next = i < count && u[i] != quote ? " followed by \(describe(at: i))" : ""
        warn(
            .shortUnicodeEscape,
            "\\U takes four hexadecimal digits; this one has \(digits), so Apple reads U+\(hex)\(next); write \\U\(hex)", at: start)
    }

    /// `\u`: Apple reads the letter u, whatever follows.
    mutating func warnLowercaseUnicodeEscape(at start: Int) {
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
    }

    /// A backslash before a character that is no escape: the backslash is dropped.
    mutating func warnUnknownEscape(at start: Int) {
        if u[start + 1] == Scalar.openParenthesis {
            warn(
                .unknownEscape,
                "unknown escape '\\(': the backslash is dropped, so \\(name) shows as (name); genstrings writes this for Swift string interpolation: use %@ in the text and pass the value as an argument",
                at: start)
            return
        }
        let shown = describe(at: start + 1)
        warn(
            .unknownEscape,
            "unknown escape: the backslash before \(shown) is dropped, so it reads \(shown); remove the backslash, or write \\\\ for a backslash",
            at: start)
    }
}
