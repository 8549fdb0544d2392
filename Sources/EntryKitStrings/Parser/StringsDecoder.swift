import Foundation

/// Turns the bytes of a `.strings` file into Unicode scalar values.
///
/// - UTF-8, with or without the byte order mark `EF BB BF`;
/// - UTF-16 little- or big-endian with the byte order mark `FF FE` / `FE FF`;
/// - UTF-16 without a byte order mark when the file starts with an ASCII
///   character (one of the first two bytes is zero and the other is not),
///   as old tools sometimes wrote it.
///
/// Decoding is strict: overlong forms, encoded surrogates, values above
/// U+10FFFF, truncated sequences and unpaired UTF-16 surrogates are errors
/// that name the line and column where the bad character stands.
enum StringsDecoder {
    enum Encoding: Equatable {
        case utf8
        case utf16LittleEndian
        case utf16BigEndian
    }

    /// The encoding of `bytes` and how many leading bytes are a byte order mark.
    static func detectEncoding(_ bytes: UnsafeRawBufferPointer) -> (encoding: Encoding, bomLength: Int) {
        let count = bytes.count
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            return (.utf8, 3)
        }
        if count >= 2 {
            if bytes[0] == 0xFF, bytes[1] == 0xFE { return (.utf16LittleEndian, 2) }
            if bytes[0] == 0xFE, bytes[1] == 0xFF { return (.utf16BigEndian, 2) }
            if bytes[0] == 0, bytes[1] != 0, bytes[1] < 0x80 { return (.utf16BigEndian, 0) }
            if bytes[0] != 0, bytes[0] < 0x80, bytes[1] == 0 { return (.utf16LittleEndian, 0) }
        }
        return (.utf8, 0)
    }

    static func decode(_ data: Data) throws(StringsSyntaxError) -> [UInt32] {
        let result: Result<[UInt32], StringsSyntaxError> = data.withUnsafeBytes { bytes in
            let (encoding, bomLength) = detectEncoding(bytes)
            switch encoding {
            case .utf8:
                return decodeUTF8(bytes, from: bomLength)
            case .utf16LittleEndian:
                return decodeUTF16(bytes, from: bomLength, bigEndian: false)
            case .utf16BigEndian:
                return decodeUTF16(bytes, from: bomLength, bigEndian: true)
            }
        }
        return try result.get()
    }

    // MARK: UTF-8

    private static func decodeUTF8(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Result<[UInt32], StringsSyntaxError> {
        var scalars: [UInt32] = []
        scalars.reserveCapacity(bytes.count - start)
        let count = bytes.count
        var i = start
        while i < count {
            let b0 = UInt32(bytes[i])
            if b0 < 0x80 {
                scalars.append(b0)
                i += 1
                continue
            }
            // Length of the sequence and the allowed range of its second byte
            // (Unicode Table 3-7, "Well-Formed UTF-8 Byte Sequences").
            let length: Int
            var low: UInt32 = 0x80
            var high: UInt32 = 0xBF
            switch b0 {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default:
                return .failure(utf8Error("invalid UTF-8 byte \(hexByte(b0))", scalars))
            }
            var value = b0 & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for k in 1..<length {
                guard i + k < count else {
                    let sequence = (i..<count).map { hexByte(UInt32(bytes[$0])) }.joined(separator: " ")
                    return .failure(utf8Error("incomplete UTF-8 sequence \(sequence) at end of file", scalars))
                }
                let b = UInt32(bytes[i + k])
                let (min, max) = k == 1 ? (low, high) : (UInt32(0x80), UInt32(0xBF))
                guard b >= min, b <= max else {
                    let sequence = (i...(i + k)).map { hexByte(UInt32(bytes[$0])) }.joined(separator: " ")
                    return .failure(utf8Error("invalid UTF-8 sequence \(sequence)", scalars))
                }
                value = (value << 6) | (b & 0x3F)
            }
            scalars.append(value)
            i += length
        }
        return .success(scalars)
    }

    /// The error for a bad sequence that starts where the next scalar would stand.
    private static func utf8Error(_ message: String, _ decoded: [UInt32]) -> StringsSyntaxError {
        var tracker = LineTracker()
        let position = tracker.position(at: decoded.count, in: decoded)
        return StringsSyntaxError(.invalidUTF8, message, at: position)
    }

    // MARK: UTF-16

    private static func decodeUTF16(_ bytes: UnsafeRawBufferPointer, from start: Int, bigEndian: Bool) -> Result<[UInt32], StringsSyntaxError> {
        let count = bytes.count
        let units = (count - start) / 2
        var scalars: [UInt32] = []
        scalars.reserveCapacity(units)

        func unit(_ index: Int) -> UInt32 {
            let offset = start + 2 * index
            let a = UInt32(bytes[offset])
            let b = UInt32(bytes[offset + 1])
            return bigEndian ? (a << 8 | b) : (b << 8 | a)
        }

        var u = 0
        while u < units {
            let c = unit(u)
            if c < 0xD800 || c > 0xDFFF {
                scalars.append(c)
                u += 1
            } else if c <= 0xDBFF, u + 1 < units, case let d = unit(u + 1), d >= 0xDC00, d <= 0xDFFF {
                scalars.append(0x10000 + ((c - 0xD800) << 10) + (d - 0xDC00))
                u += 2
            } else {
                var tracker = LineTracker()
                let position = tracker.position(at: scalars.count, in: scalars)
                let which = c <= 0xDBFF ? "high" : "low"
                return .failure(StringsSyntaxError(
                    .invalidUTF16, "unpaired UTF-16 \(which) surrogate \(hexUnit(c))", at: position))
            }
        }
        if (count - start) % 2 != 0 {
            var tracker = LineTracker()
            let position = tracker.position(at: scalars.count, in: scalars)
            return .failure(StringsSyntaxError(
                .invalidUTF16,
                "UTF-16 file has an odd number of bytes (\(count)); the last byte is not a whole character",
                at: position))
        }
        return .success(scalars)
    }

    // MARK: Formatting

    static func hexByte(_ value: UInt32) -> String {
        "0x" + hexDigits(value, width: 2)
    }

    static func hexUnit(_ value: UInt32) -> String {
        "0x" + hexDigits(value, width: 4)
    }

    static func hexDigits(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

/// Line and column of scalar indices, found by walking forward from the last
/// answer, so asking for increasing indices costs O(n) in total.
///
/// `\n`, `\r\n` and a lone `\r` each end a line. Columns count scalars,
/// 1-based; a tab is one column.
struct LineTracker {
    private var index = 0
    private var line = 1
    private var lineStart = 0

    mutating func position(at target: Int, in scalars: [UInt32]) -> SourcePosition {
        if target < index {
            self = LineTracker()
        }
        let end = min(target, scalars.count)
        while index < end {
            let c = scalars[index]
            if c == 0x0A {
                if index == 0 || scalars[index - 1] != 0x0D {
                    line += 1
                }
                lineStart = index + 1
            } else if c == 0x0D {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        return SourcePosition(line: line, column: target - lineStart + 1)
    }
}
