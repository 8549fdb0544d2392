import FoundationEssentials

/// Turns the bytes of a `.strings` file into UTF-16 code units, the units
/// CoreFoundation's parser reads.
///
/// - UTF-8, with or without the byte order mark `EF BB BF`;
/// - UTF-16 little- or big-endian with the byte order mark `FF FE` / `FE FF`;
/// - UTF-16 without a byte order mark when the file starts with an ASCII
///   character (one of the first two bytes is zero and the other is not),
///   as old tools sometimes wrote it.
///
/// UTF-8 is decoded strictly: each run of bytes that is not UTF-8 is an error and
/// reads as U+FFFD, so the rest of the file is still read. UTF-16 is taken as it
/// is, unpaired surrogates included (Apple keeps them too; they show as U+FFFD);
/// an odd last byte is ignored, as Foundation ignores it.
enum StringsDecoder {
    enum Encoding: Equatable {
        case utf8
        case utf16LittleEndian
        case utf16BigEndian
    }

    struct Decoded {
        var units: [UInt16]
        var errors: [StringsSyntaxError] = []
        var warnings: [StringsWarning] = []
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

    static func decode(_ data: Data) -> Decoded {
        data.withUnsafeBytes { bytes in
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
    }

    // MARK: UTF-8

    private static func decodeUTF8(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Decoded {
        var decoded = Decoded(units: [])
        decoded.units.reserveCapacity(bytes.count - start)
        var tracker = LineTracker()
        let count = bytes.count
        var i = start
        /// Start of the run of bad bytes being read, if any.
        var badRun: (start: Int, unitIndex: Int)?

        func flushBadRun(until end: Int, _ decoded: inout Decoded) {
            guard let run = badRun else { return }
            badRun = nil
            let shown = (run.start..<min(end, run.start + 4)).map { hexByte(UInt32(bytes[$0])) }.joined(separator: " ")
            let more = end - run.start > 4 ? " ..." : ""
            let message =
                end >= count && end - run.start < 4 && isTruncatedLead(bytes, run.start, count)
                ? "incomplete UTF-8 sequence \(shown) at end of file"
                : "invalid UTF-8 sequence \(shown)\(more); read as U+FFFD"
            decoded.errors.append(
                StringsSyntaxError(
                    .invalidUTF8, message, at: tracker.position(at: run.unitIndex, in: decoded.units)))
        }

        while i < count {
            let b0 = UInt32(bytes[i])
            if b0 < 0x80 {
                flushBadRun(until: i, &decoded)
                decoded.units.append(UInt16(b0))
                i += 1
                continue
            }
            // Length of the sequence and the allowed range of its second byte
            // (Unicode Table 3-7, "Well-Formed UTF-8 Byte Sequences").
            var length = 0
            var low: UInt32 = 0x80
            var high: UInt32 = 0xBF
            switch b0 {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: length = 0
            }
            var value = b0 & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            var good = length > 0
            var k = 1
            while good, k < length {
                guard i + k < count else {
                    good = false
                    break
                }
                let b = UInt32(bytes[i + k])
                let (min, max) = k == 1 ? (low, high) : (UInt32(0x80), UInt32(0xBF))
                guard b >= min, b <= max else {
                    good = false
                    break
                }
                value = (value << 6) | (b & 0x3F)
                k += 1
            }
            if good {
                flushBadRun(until: i, &decoded)
                if value >= 0x10000 {
                    let v = value - 0x10000
                    decoded.units.append(UInt16(0xD800 + (v >> 10)))
                    decoded.units.append(UInt16(0xDC00 + (v & 0x3FF)))
                } else {
                    decoded.units.append(UInt16(value))
                }
                i += length
            } else {
                // The maximal subpart of a sequence reads as one U+FFFD; a run of them is one error.
                if badRun == nil { badRun = (i, decoded.units.count) }
                decoded.units.append(0xFFFD)
                i += max(1, k)
            }
        }
        flushBadRun(until: count, &decoded)
        return decoded
    }

    private static func isTruncatedLead(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ count: Int) -> Bool {
        let b0 = bytes[start]
        return b0 >= 0xC2 && b0 <= 0xF4
    }

    // MARK: UTF-16

    private static func decodeUTF16(_ bytes: UnsafeRawBufferPointer, from start: Int, bigEndian: Bool) -> Decoded {
        let count = bytes.count
        let unitCount = (count - start) / 2
        var units = [UInt16](repeating: 0, count: unitCount)
        for index in 0..<unitCount {
            let a = UInt16(bytes[start + 2 * index])
            let b = UInt16(bytes[start + 2 * index + 1])
            units[index] = bigEndian ? (a << 8 | b) : (b << 8 | a)
        }
        var decoded = Decoded(units: units)
        if (count - start) % 2 != 0 {
            var tracker = LineTracker()
            decoded.warnings.append(
                StringsWarning(
                    .oddByteCount,
                    "UTF-16 file has an odd number of bytes (\(count)); the last byte is ignored",
                    at: tracker.position(at: unitCount, in: units)))
        }
        return decoded
    }

    // MARK: Formatting

    static func hexByte(_ value: UInt32) -> String {
        "0x" + hexDigits(value, width: 2)
    }

    static func hexDigits(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

/// Line and column of UTF-16 unit indices, found by walking forward from the
/// last answer, so asking for increasing indices costs O(n) in total.
///
/// `\n`, `\r\n` and a lone `\r` each end a line. Columns count Unicode scalars,
/// 1-based (a surrogate pair is one column); a tab is one column.
struct LineTracker {
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// Surrogate pairs between `lineStart` and `index`: each is two units but one column.
    private var pairs = 0

    mutating func position(at target: Int, in units: [UInt16]) -> SourcePosition {
        if target < index {
            self = LineTracker()
        }
        let end = min(target, units.count)
        while index < end {
            let c = units[index]
            if c == 0x0A {
                if index == 0 || units[index - 1] != 0x0D {
                    line += 1
                }
                lineStart = index + 1
                pairs = 0
            } else if c == 0x0D {
                line += 1
                lineStart = index + 1
                pairs = 0
            } else if c >= 0xDC00, c <= 0xDFFF, index > lineStart, units[index - 1] >= 0xD800, units[index - 1] <= 0xDBFF {
                pairs += 1
            }
            index += 1
        }
        return SourcePosition(line: line, column: target - lineStart - pairs + 1)
    }
}
