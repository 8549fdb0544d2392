import FoundationEssentials

/// A compiled gettext catalog (a `.mo` file) read directly, for exact lookups in one language.
///
/// `dgettext` answers in the language of the process locale and `LANGUAGE`, ignores `LANGUAGE`
/// under the `C` locale, and caches per process: it cannot say what GTK's catalog holds for a
/// language chosen at run time (the gallery's language menu, `ENTRYKIT_RESOURCES`' fallback
/// order) without changing the environment of a running, threaded program. The file format is
/// small and stable (GNU gettext manual, "The Format of GNU MO Files"): a magic number that also
/// gives the byte order, the number of strings, and two tables of (length, offset) pairs for the
/// originals, sorted by their bytes, and the translations. A lookup is a binary search over the
/// originals, as glibc's is when a file has no hash table. Every offset is checked against the
/// file, so a damaged file answers nothing instead of crashing.
///
/// ```swift
/// let catalog = MessageCatalog(path: "/usr/share/locale/de/LC_MESSAGES/gtk30.mo")
/// catalog?.translation(of: "_Password")  // "_Passwort"
/// catalog?.translation(of: "_Quit", context: "Stock label")  // "_Beenden"
/// ```
public struct MessageCatalog: Sendable {
    private let bytes: [UInt8]
    private let bigEndian: Bool
    private let count: Int
    private let originals: Int
    private let translations: Int

    /// The catalog in `path`, or nil when there is none or it is not a UTF-8 `.mo` file.
    public init?(path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(bytes: Array(data))
    }

    /// The catalog in `bytes`, or nil when they are not a UTF-8 `.mo` file.
    public init?(bytes: [UInt8]) {
        guard bytes.count >= 20 else { return nil }
        self.bytes = bytes
        let magic = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
        switch magic {
        case 0x9504_12de: bigEndian = false
        case 0xde12_0495: bigEndian = true
        default: return nil
        }
        let bigEndian = bigEndian
        func word(at offset: Int) -> Int? { Self.word(at: offset, in: bytes, bigEndian: bigEndian) }
        // Major revision 0 or 1 (1 adds system-dependent strings, which GTK's msgids do not use).
        guard let revision = word(at: 4), revision >> 16 <= 1, let count = word(at: 8),
            let originals = word(at: 12), let translations = word(at: 16),
            originals + count * 8 <= bytes.count, translations + count * 8 <= bytes.count
        else { return nil }
        self.count = count
        self.originals = originals
        self.translations = translations
        // The header (the translation of "") names the charset; only UTF-8 is read as text.
        if let header = translation(of: ""), let charset = Self.charset(inHeader: header),
            !["utf-8", "utf8"].contains(charset.lowercased())
        {
            return nil
        }
    }

    /// The translation of `message` (with its gettext `context`, `msgctxt`, when it has one), or
    /// nil when the catalog lacks it, leaves it untranslated (empty), or it is not UTF-8. For a
    /// message with plural forms, the first form.
    public func translation(of message: String, context: String? = nil) -> String? {
        let key = Array((context.map { $0 + "\u{4}" } ?? "").utf8) + Array(message.utf8)
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            guard let original = range(inTableAt: originals, index: middle) else { return nil }
            switch Self.compare(key, bytes[original]) {
            case .equal:
                guard let translated = range(inTableAt: translations, index: middle), !translated.isEmpty else { return nil }
                return String(validating: bytes[translated], as: UTF8.self)
            case .less: high = middle
            case .greater: low = middle + 1
            }
        }
        return nil
    }

    // MARK: Reading the file

    /// The 32-bit word at `offset` in the file's byte order, nil past the end.
    private func word(at offset: Int) -> Int? {
        Self.word(at: offset, in: bytes, bigEndian: bigEndian)
    }

    private static func word(at offset: Int, in bytes: [UInt8], bigEndian: Bool) -> Int? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        let b = bytes[offset..<offset + 4].map(UInt32.init)
        let value = bigEndian ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3] : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
        return Int(value)
    }

    /// The `index`-th string of a table, up to its first NUL (a plural message's singular form).
    private func range(inTableAt table: Int, index: Int) -> Range<Int>? {
        guard let length = word(at: table + index * 8), let offset = word(at: table + index * 8 + 4),
            offset + length <= bytes.count
        else { return nil }
        let end = bytes[offset..<offset + length].firstIndex(of: 0) ?? offset + length
        return offset..<end
    }

    private enum Order { case less, equal, greater }

    /// `strcmp` order: bytes compared as unsigned, a prefix first.
    private static func compare(_ key: [UInt8], _ original: ArraySlice<UInt8>) -> Order {
        for (a, b) in zip(key, original) where a != b { return a < b ? .less : .greater }
        return key.count == original.count ? .equal : key.count < original.count ? .less : .greater
    }

    /// `charset=UTF-8` from a `Content-Type` header line.
    private static func charset(inHeader header: String) -> String? {
        for line in header.split(separator: "\n") where line.lowercased().hasPrefix("content-type:") {
            let parameters = line.split(separator: ";").map { $0.trimmingWhitespace() }
            guard let charset = parameters.first(where: { $0.lowercased().hasPrefix("charset=") }) else { return nil }
            return String(charset.dropFirst("charset=".count))
        }
        return nil
    }
}
