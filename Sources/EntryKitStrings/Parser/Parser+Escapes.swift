/// Backslash escapes in quoted strings, as CoreFoundation reads them; what `lint` says about
/// the surprising ones is in `Parser+EscapeWarnings.swift`.
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
            checkOctalEscape(value: value, byte: byte, unit: unit, at: start)
            return unit
        case 0x55:  // \U: up to four hexadecimal digits
            var value: UInt16 = 0
            var digits = 0
            while digits < 4, i < count, u[i] < 0x80, let digit = Scalar.hexValue(u[i]) {
                value = value << 4 | digit
                digits += 1
                i += 1
            }
            if digits < 4 { warnShortUnicodeEscape(value: value, digits: digits, quote: quote, at: start) }
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
            warnLowercaseUnicodeEscape(at: start)
            return e
        default:
            warnUnknownEscape(at: start)
            return e
        }
    }
}
