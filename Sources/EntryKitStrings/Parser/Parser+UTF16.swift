/// Strings from the UTF-16 units the parser reads.
extension Parser {
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
}
