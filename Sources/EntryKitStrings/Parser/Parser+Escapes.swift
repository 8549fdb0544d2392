/// Backslash escapes in quoted strings, as CoreFoundation reads them, and `lint`'s warnings about them.
extension Parser {
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
