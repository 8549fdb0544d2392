internal import CGLib
import Synchronization

/// The folding that makes list search case-, accent- and width-insensitive.
///
/// Items and queries are folded the same way, scalar by scalar, to UTF-8 bytes; a query
/// matches an item when its folded bytes occur in the item's folded bytes.
///
/// The rules, for each Unicode scalar:
/// - ASCII letters are lowercased; other ASCII bytes stay as they are.
/// - Compatibility forms are decomposed (NFKD), which folds width: fullwidth `Ｅ` is `e`,
///   half-width `ｶ` is `カ`, the ideographic space is a space, `①` is `1`, `ﬁ` is `fi`.
/// - Accents are dropped: combining marks of the Latin, Greek, Cyrillic, Hebrew and Arabic
///   diacritic blocks (`é` and `e` + U+0301 are `e`). Marks that spell a different letter in
///   other scripts (Indic vowel signs, for one) are kept.
/// - Letters are lowercased (full mapping), `ß` and `ẞ` are `ss`, final `ς` is `σ`.
/// - Japanese: the kana voicing marks are kept and composed again, so `ガ`, `ｶﾞ` and
///   `カ` + U+3099 are all `ガ`, and `カ` does not find `ガ`. Hiragana and katakana are NOT
///   folded to each other: kana and kanji match as typed (the input method already lets
///   the user pick the script, and the two scripts are not interchangeable in names).
/// - Hangul syllables stay whole (they are recomposed after decomposition).
///
/// Example:
///
///     SearchFolding.fold("Ｃafé ｶﾞ") // "cafe ガ"
public enum SearchFolding {
    /// Folds `text` to the string a search compares.
    public static func fold(_ text: String) -> String {
        String(decoding: foldedUTF8(text), as: UTF8.self)
    }

    /// Folds `text` to the UTF-8 bytes a search compares.
    public static func foldedUTF8(_ text: String) -> [UInt8] {
        var folder = Folder()
        var output = RawBuffer<UInt8>()
        var copy = text
        copy.withUTF8 { folder.fold($0, into: &output) }
        return Array(output.elements)
    }

    /// `asciiLowercase[b]` is `b` with A–Z lowercased; the table is indexed by any byte.
    static let asciiLowercase: [UInt8] = (0...255).map { byte in
        (65...90).contains(byte) ? UInt8(byte + 32) : UInt8(byte)
    }

    /// Whether every byte is below 0x80, eight at a time.
    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        var accumulated: UInt64 = 0
        while index + 8 <= count {
            accumulated |= UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            index += 8
        }
        var tail: UInt8 = 0
        while index < count {
            tail |= base[index]
            index += 1
        }
        return accumulated & 0x8080_8080_8080_8080 == 0 && tail & 0x80 == 0
    }

    /// `word` with every byte A–Z lowercased; other bytes, 0x80 and above included, stay.
    @inline(__always)
    static func lowercaseASCII(_ word: UInt64) -> UInt64 {
        // Per byte, on its low seven bits so no sum carries into the next byte: the high bit of
        // `b + 0x3F` is set from "A" (0x41) on, that of `b + 0x25` from past "Z" (0x5B) on.
        let low = word & 0x7F7F_7F7F_7F7F_7F7F
        let fromA = low &+ 0x3F3F_3F3F_3F3F_3F3F
        let pastZ = low &+ 0x2525_2525_2525_2525
        let upper = (fromA ^ pastZ) & ~word & 0x8080_8080_8080_8080
        return word | upper >> 2
    }

    /// Writes the `count` bytes at `source` with A–Z lowercased to `lowercased`, reading each
    /// byte once; returns whether every byte was ASCII. For ASCII text that is its folded form;
    /// otherwise `lowercased` holds bytes to overwrite. The ranges must not overlap.
    @inline(__always)
    static func lowercasingASCII(_ source: UnsafePointer<UInt8>, count: Int, into lowercased: UnsafeMutablePointer<UInt8>) -> Bool {
        let from = UnsafeRawPointer(source), lower = UnsafeMutableRawPointer(lowercased)
        if count >= 8 {
            // Eight bytes at a time; the last eight overlap the ones before when `count` is not
            // a multiple of eight (writing the same bytes again), so nothing is read past the end.
            var accumulated: UInt64 = 0
            var offset = 0
            while offset < count &- 8 {
                let word = from.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                lower.storeBytes(of: lowercaseASCII(word), toByteOffset: offset, as: UInt64.self)
                accumulated |= word
                offset &+= 8
            }
            let word = from.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            lower.storeBytes(of: lowercaseASCII(word), toByteOffset: count &- 8, as: UInt64.self)
            return (accumulated | word) & 0x8080_8080_8080_8080 == 0
        }
        var accumulated: UInt8 = 0
        for index in 0..<count {
            let byte = source[index]
            lowercased[index] = byte | (byte &- 65 < 26 ? 0x20 : 0)
            accumulated |= byte
        }
        return accumulated < 0x80
    }

    // MARK: Scalar rules (computed once per distinct scalar and cached by `Folder`)

    /// Combining marks that are accents to drop; checked together with the general category.
    private static let accentRanges: [ClosedRange<UInt32>] = [
        0x0300...0x036F,  // Combining Diacritical Marks
        0x0483...0x0489,  // Cyrillic
        0x0591...0x05C7,  // Hebrew points and accents
        0x0610...0x061A, 0x064B...0x065F, 0x0670...0x0670, 0x06D6...0x06ED,  // Arabic
        0x1AB0...0x1AFF,  // Combining Diacritical Marks Extended
        0x1DC0...0x1DFF,  // Combining Diacritical Marks Supplement
        0x20D0...0x20FF,  // Combining Marks for Symbols
        0xFE20...0xFE2F,  // Combining Half Marks
    ]

    static func isDroppedAccent(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard accentRanges.contains(where: { $0.contains(value) }) else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// The folded form of one scalar on its own, as UTF-8 (empty for a dropped accent).
    static func foldScalar(_ scalar: Unicode.Scalar) -> [UInt8] {
        func strip(_ text: String) -> String {
            var kept = String.UnicodeScalarView()
            for scalar in normalized(text, G_NORMALIZE_NFKD).unicodeScalars
            where !isDroppedAccent(scalar) {
                kept.append(scalar)
            }
            return String(kept)
        }
        // Decompose and strip before and after lowercasing: NFKD can produce capitals
        // (`㎒` is `MHz`) and lowercasing can produce marks (`İ` is `i` + U+0307).
        let lowered = strip(strip(String(scalar)).lowercased())
        var result = String.UnicodeScalarView()
        for scalar in normalized(lowered, G_NORMALIZE_NFC).unicodeScalars {
            switch scalar.value {
            case 0xDF: result.append(contentsOf: "ss".unicodeScalars)  // ß (and ẞ lowercased)
            case 0x3C2: result.append("\u{3C3}")  // final sigma
            default: result.append(scalar)
            }
        }
        return Array(String(result).utf8)
    }

    /// `text` in a Unicode normalization form, by GLib (Foundation's would link ICU's data).
    private static func normalized(_ text: String, _ form: GNormalizeMode) -> String {
        guard let result = g_utf8_normalize(text, -1, form) else { return text }
        defer { g_free(result) }
        return String(cString: result)
    }

    /// Scalar folds computed so far in this process, so each costs a normalization once, not
    /// once per query or row.
    private static let sharedFolds = Mutex<[UInt32: [UInt8]]>([:])

    static func foldScalarShared(_ value: UInt32) -> [UInt8] {
        if let known = sharedFolds.withLock({ $0[value] }) { return known }
        let bytes = foldScalar(Unicode.Scalar(value) ?? "\u{FFFD}")
        sharedFolds.withLock { $0[value] = bytes }
        return bytes
    }

    /// The kana voicing marks (U+3099, U+309A), which compose with the kana before them.
    static func isVoicingMark(_ value: UInt32) -> Bool { value == 0x3099 || value == 0x309A }

    /// `base` with a voicing mark composed onto it (`カ` + U+3099 is `ガ`), if such a letter exists.
    static func composeVoicing(_ base: UInt32, _ mark: UInt32) -> UInt32? {
        guard let first = Unicode.Scalar(base), let second = Unicode.Scalar(mark) else { return nil }
        let composed = normalized(String(first) + String(second), G_NORMALIZE_NFC).unicodeScalars
        guard composed.count == 1, let only = composed.first else { return nil }
        return only.value
    }

    // MARK: Folder

    /// Folds UTF-8 text, caching each distinct non-ASCII scalar's folded form.
    ///
    /// One `Folder` serves one build of a `ListItems` (or one query); it is not shared between
    /// threads. Basic Multilingual Plane scalars use a flat table so a list of Japanese items
    /// costs an array lookup per scalar, not a hash.
    struct Folder {
        /// Per BMP scalar: 0 when not computed yet, else its packed `Piece` (see `folded`).
        private var bmp: [UInt64] = []
        private var astral: [UInt32: UInt64] = [:]
        private var pool: [UInt8] = []
        private var voicing: [UInt64: UInt32?] = [:]

        /// Where one folded piece ends in the folded text and in the original text; a match's
        /// folded bounds are mapped back to original bytes through these.
        struct Boundary: Equatable {
            var folded: Int
            var original: Int
        }

        /// Appends the folded form of the valid UTF-8 `text` to `output`.
        mutating func fold(_ text: UnsafeBufferPointer<UInt8>, into output: inout RawBuffer<UInt8>) {
            var none = NoBoundaries()
            foldCore(text, into: &output, boundaries: &none)
        }

        /// Appends the folded form of `text` to `output`, and one boundary per folded piece
        /// (relative to the start of this text) to `boundaries`.
        mutating func fold(_ text: UnsafeBufferPointer<UInt8>, into output: inout RawBuffer<UInt8>, boundaries: inout [Boundary]) {
            foldCore(text, into: &output, boundaries: &boundaries)
        }

        @inline(__always)
        private mutating func foldCore<Sink: BoundarySink>(
            _ text: UnsafeBufferPointer<UInt8>, into output: inout RawBuffer<UInt8>, boundaries: inout Sink
        ) {
            guard let base = text.baseAddress else { return }
            let outputStart = output.count
            let count = text.count
            // Where the last piece starts if it was a single scalar, for composing a voicing mark.
            var lastPieceStart = -1
            var index = 0
            // Room for what is left is kept at 2 × (bytes left) + 4: ASCII takes a byte for a
            // byte and a short piece at most 4 bytes for a scalar of 2 or more (written as one
            // 4-byte store); long pieces and compositions reserve again.
            output.reserve(2 * count + 4)
            while index < count {
                let lead = base[index]
                if lead < 0x80 {
                    output.appendReserved(lead &- 65 < 26 ? lead | 0x20 : lead)
                    index &+= 1
                    lastPieceStart = -1
                    boundaries.add(folded: output.count - outputStart, original: index)
                    continue
                }
                let (value, length) = Self.decode(base + index, available: count - index)
                index &+= length
                let entry = self.entry(for: value)
                let pieceLength = Int((entry >> 32) & 0xFFFF)
                if entry & Self.voicingMarkBit != 0, lastPieceStart >= 0,
                    let composed = composeVoicing(
                        Self.decode(output.base + outputStart + lastPieceStart, available: 4).0, Self.decodeShort(entry))
                {
                    // Replace the previous piece with the composed letter and widen its
                    // original span to cover the mark.
                    output.truncate(to: outputStart + lastPieceStart)
                    for byte in String(Unicode.Scalar(composed)!).utf8 { output.append(byte) }
                    output.reserve(2 * (count - index) + 4)
                    boundaries.replaceLast(folded: output.count - outputStart, original: index)
                    continue
                }
                let pieceStart = output.count - outputStart
                if entry & Self.longBit == 0 {
                    output.appendReserved(word: UInt32(truncatingIfNeeded: entry), count: pieceLength)
                } else {
                    let poolStart = Int(UInt32(truncatingIfNeeded: entry))
                    pool.withUnsafeBufferPointer { output.append(UnsafeBufferPointer(rebasing: $0[poolStart..<(poolStart + pieceLength)])) }
                    output.reserve(2 * (count - index) + 4)
                }
                lastPieceStart = entry & Self.singleScalarBit != 0 ? pieceStart : -1
                boundaries.add(folded: output.count - outputStart, original: index)
            }
        }

        private mutating func composeVoicing(_ base: UInt32, _ mark: UInt32) -> UInt32? {
            let key = UInt64(base) << 32 | UInt64(mark)
            if let cached = voicing[key] { return cached }
            let composed = SearchFolding.composeVoicing(base, mark)
            voicing[key] = composed
            return composed
        }

        // A scalar's folded form packed in a UInt64: up to 4 bytes inline in bits 0–31 (or,
        // with `longBit`, an offset into `pool`), the length in bits 32–47, and flags.
        private static let computedBit: UInt64 = 1 << 63
        private static let longBit: UInt64 = 1 << 62
        private static let singleScalarBit: UInt64 = 1 << 61
        private static let voicingMarkBit: UInt64 = 1 << 60

        /// The scalar held inline in a short entry.
        private static func decodeShort(_ entry: UInt64) -> UInt32 {
            var bytes = UInt32(truncatingIfNeeded: entry).littleEndian
            return withUnsafeBytes(of: &bytes) { decode($0.baseAddress!.assumingMemoryBound(to: UInt8.self), available: 4).0 }
        }

        /// The packed folded form of one scalar, from the cache.
        @inline(__always)
        private mutating func entry(for value: UInt32) -> UInt64 {
            if value < 0x10000, !bmp.isEmpty {
                let entry = bmp[Int(value)]
                if entry != 0 { return entry }
            } else if let entry = astral[value] {
                return entry
            }
            return computeEntry(for: value)
        }

        private mutating func computeEntry(for value: UInt32) -> UInt64 {
            // A short text (a query, one row's ranges) uses the dictionary; a text with many
            // different scalars (building a store) gets the flat table.
            if bmp.isEmpty, astral.count >= 128 {
                bmp = [UInt64](repeating: 0, count: 0x10000)
                for (scalar, entry) in astral where scalar < 0x10000 { bmp[Int(scalar)] = entry }
            }
            let bytes = SearchFolding.foldScalarShared(value)
            var entry = Self.computedBit | UInt64(bytes.count) << 32
            if bytes.count <= 4 {
                for (position, byte) in bytes.enumerated() { entry |= UInt64(byte) << (8 * position) }
            } else {
                entry |= Self.longBit | UInt64(pool.count)
                pool.append(contentsOf: bytes)
            }
            if let first = bytes.first, String(decoding: bytes, as: UTF8.self).unicodeScalars.count == 1 {
                entry |= Self.singleScalarBit
                let scalar = String(decoding: bytes, as: UTF8.self).unicodeScalars.first!.value
                if first == 0xE3, SearchFolding.isVoicingMark(scalar) { entry |= Self.voicingMarkBit }
            }
            if value < 0x10000, !bmp.isEmpty { bmp[Int(value)] = entry } else { astral[value] = entry }
            return entry
        }

        /// Decodes one scalar of valid UTF-8 at `pointer`.
        @inline(__always)
        static func decode(_ pointer: UnsafePointer<UInt8>, available: Int) -> (UInt32, Int) {
            let lead = UInt32(pointer[0])
            if lead < 0x80 { return (lead, 1) }
            if lead < 0xE0, available >= 2 {
                return ((lead & 0x1F) << 6 | UInt32(pointer[1] & 0x3F), 2)
            }
            if lead < 0xF0, available >= 3 {
                return ((lead & 0x0F) << 12 | UInt32(pointer[1] & 0x3F) << 6 | UInt32(pointer[2] & 0x3F), 3)
            }
            if available >= 4 {
                return (
                    (lead & 0x07) << 18 | UInt32(pointer[1] & 0x3F) << 12
                        | UInt32(pointer[2] & 0x3F) << 6 | UInt32(pointer[3] & 0x3F), 4
                )
            }
            return (0xFFFD, 1)  // truncated input; callers only pass valid UTF-8
        }
    }
}

/// Where `Folder` reports piece boundaries: nowhere when building the store, a list when
/// mapping matches back to original text.
protocol BoundarySink {
    mutating func add(folded: Int, original: Int)
    mutating func replaceLast(folded: Int, original: Int)
}

struct NoBoundaries: BoundarySink {
    @inline(__always) mutating func add(folded: Int, original: Int) {}
    @inline(__always) mutating func replaceLast(folded: Int, original: Int) {}
}

extension Array: BoundarySink where Element == SearchFolding.Folder.Boundary {
    mutating func add(folded: Int, original: Int) {
        append(Element(folded: folded, original: original))
    }

    mutating func replaceLast(folded: Int, original: Int) {
        self[count - 1] = Element(folded: folded, original: original)
    }
}
