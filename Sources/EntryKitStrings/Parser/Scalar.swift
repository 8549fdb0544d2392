/// The UTF-16 code units the parser looks for, the character classes of the `.strings`
/// syntax, and how a message shows a character.
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
