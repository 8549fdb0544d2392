import Glibc

/// The strings a list shows, stored compactly for a million rows.
///
/// All items live in one contiguous UTF-8 buffer with a `UInt32` offset per item, not as a
/// `String` each; a `String` is made only when a row asks for it. Beside it sits the folded
/// copy that `ListFilter` and `TypeAhead` search (see `SearchFolding`): every item's folded
/// bytes followed by a 0xFF separator, a byte UTF-8 never contains, so one scan over the
/// whole buffer can never match across two items.
///
/// `ListItems` is an immutable value; setting new items means making a new one.
///
///     let items = ListItems(["Apple", "Banana", "Crème brûlée"])
///     items.count        // 3
///     items[2]           // "Crème brûlée"
public struct ListItems: Sendable, RandomAccessCollection {
    let storage: Storage

    /// No items.
    public init() {
        let builder = Builder(items: 0, bytes: 0)
        storage = builder.finish()
    }

    /// The given strings, in order.
    public init(_ strings: [String]) {
        storage = strings.withUnsafeBufferPointer { strings in
            // The sizes first (each string holds its count), so every buffer is allocated once.
            var bytes = 0
            for index in strings.indices { bytes += strings[index].utf8.count }
            var builder = Builder(items: strings.count, bytes: bytes)
            for index in strings.indices { builder.append(strings, at: index) }
            return builder.finish()
        }
    }

    /// The given strings, in order.
    public init(_ strings: some Sequence<String>) {
        if let array = strings as? [String] {
            self.init(array)
            return
        }
        var builder = Builder(items: strings.underestimatedCount, bytes: 0)
        for string in strings { builder.append(string) }
        self.init(storage: builder.finish())
    }

    init(storage: Storage) { self.storage = storage }

    // MARK: Collection

    /// The number of items.
    public var count: Int { storage.count }
    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count }

    /// The item at `index`, made as a `String` on demand.
    public subscript(index: Int) -> String {
        withUTF8(at: index) { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: Bytes

    /// Calls `body` with the UTF-8 bytes of the item at `index` (valid UTF-8, no terminator);
    /// what GTK's text calls with an explicit length take. The pointer is valid only in `body`.
    public func withUTF8<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        precondition(index >= 0 && index < count, "item index \(index) out of 0..<\(count)")
        let start = Int(storage.offsets[index]), end = Int(storage.offsets[index + 1])
        return try withExtendedLifetime(storage) {
            try body(UnsafeBufferPointer(start: storage.text + start, count: end - start))
        }
    }

    /// The UTF-8 bytes of the item at `index`, copied.
    public func utf8(at index: Int) -> [UInt8] {
        withUTF8(at: index) { Array($0) }
    }

    /// The folded UTF-8 bytes of the item at `index` (see `SearchFolding`), copied.
    public func foldedUTF8(at index: Int) -> [UInt8] {
        precondition(index >= 0 && index < count, "item index \(index) out of 0..<\(count)")
        // Each item's folded bytes end with the separator, which is not part of them.
        let start = Int(storage.foldedOffsets[index]), end = Int(storage.foldedOffsets[index + 1]) - 1
        return withExtendedLifetime(storage) { Array(UnsafeBufferPointer(start: storage.folded + start, count: end - start)) }
    }

    /// The bytes of all items' UTF-8 together: the strings' own size.
    public var utf8ByteCount: Int { Int(storage.offsets[storage.count]) }

    /// The bytes the store holds beyond the strings' own UTF-8: offsets and the folded copy.
    public var overheadByteCount: Int {
        (storage.count + 1) * 2 * MemoryLayout<UInt32>.stride + storage.foldedByteCount
    }

    // MARK: Storage

    /// The buffers; written only while building, then immutable, so sharing them across
    /// threads is safe.
    final class Storage: @unchecked Sendable {
        let count: Int
        /// Every item's UTF-8, back to back.
        let text: UnsafeMutablePointer<UInt8>
        /// `count + 1` offsets into `text`; item `i` is `offsets[i]..<offsets[i + 1]`.
        let offsets: UnsafeMutablePointer<UInt32>
        /// Every item's folded UTF-8 followed by 0xFF, then `paddingCount` more 0xFF so a
        /// scanner may read a whole vector past the last item.
        let folded: UnsafeMutablePointer<UInt8>
        /// `count + 1` offsets into `folded`; item `i` is `foldedOffsets[i]..<foldedOffsets[i + 1] - 1`.
        let foldedOffsets: UnsafeMutablePointer<UInt32>
        /// The bytes of `folded`, padding included.
        let foldedByteCount: Int

        static let separator: UInt8 = 0xFF
        static let paddingCount = 64

        init(
            count: Int, text: consuming RawBuffer<UInt8>, offsets: consuming RawBuffer<UInt32>,
            folded: consuming RawBuffer<UInt8>, foldedOffsets: consuming RawBuffer<UInt32>
        ) {
            self.count = count
            foldedByteCount = folded.count
            let text = text.take(), offsets = offsets.take(), folded = folded.take(), foldedOffsets = foldedOffsets.take()
            self.text = text.pointer
            self.offsets = offsets.pointer
            self.folded = folded.pointer
            self.foldedOffsets = foldedOffsets.pointer
            mappedBytes = (text.mappedBytes, offsets.mappedBytes, folded.mappedBytes, foldedOffsets.mappedBytes)
        }

        /// For each buffer, in the order above, the bytes mapped for it (0: from `malloc`).
        private let mappedBytes: (Int, Int, Int, Int)

        deinit {
            RawMemory.release(text, mappedBytes: mappedBytes.0)
            RawMemory.release(offsets, mappedBytes: mappedBytes.1)
            RawMemory.release(folded, mappedBytes: mappedBytes.2)
            RawMemory.release(foldedOffsets, mappedBytes: mappedBytes.3)
        }
    }

    /// Appends items one at a time into the buffers.
    struct Builder: ~Copyable {
        private var text: RawBuffer<UInt8>
        private var offsets: RawBuffer<UInt32>
        private var folded: RawBuffer<UInt8>
        private var foldedOffsets: RawBuffer<UInt32>
        private var folder = SearchFolding.Folder()

        /// A builder with room for `items` items of `bytes` UTF-8 bytes in all; ASCII items
        /// then fit without growing any buffer.
        init(items: Int, bytes: Int) {
            text = RawBuffer(capacity: bytes)
            offsets = RawBuffer(capacity: items + 1)
            folded = RawBuffer(capacity: bytes + items + Storage.paddingCount)
            foldedOffsets = RawBuffer(capacity: items + 1)
            offsets.append(0)
            foldedOffsets.append(0)
        }

        @inline(__always)
        mutating func append(_ string: String) {
            // Native strings are contiguous UTF-8 (small ones are copied to the stack).
            if string.utf8.withContiguousStorageIfAvailable({ appendValid($0) }) == nil {
                appendValid(Array(string.utf8))
            }
        }

        /// Appends `strings[index]`, read in place: room is made first, and while the string's
        /// bytes are borrowed nothing but the copy runs (no call that could release the string),
        /// so the string is not retained and released, which costs a locked write to each
        /// string's memory.
        @inline(__always)
        mutating func append(_ strings: UnsafeBufferPointer<String>, at index: Int) {
            let count = strings[index].utf8.count
            text.reserve(count)
            folded.reserve(count + 1)
            let textEnd = text.end, foldedEnd = folded.end
            // Native strings are contiguous UTF-8 (small ones are copied to the stack).
            let copied = strings[index].utf8.withContiguousStorageIfAvailable { bytes in
                bytes.isEmpty || SearchFolding.copyLowercasingASCII(bytes.baseAddress!, count: count, copy: textEnd, lowercased: foldedEnd)
            }
            guard let isASCII = copied else { return appendValid(Array(strings[index].utf8)) }
            text.extend(by: count)
            if isASCII {
                folded.extend(by: count)
            } else {
                // Folded from the copy just made, now that the string is no longer read.
                folder.fold(UnsafeBufferPointer(start: text.end - count, count: count), into: &folded)
            }
            endItem()
        }

        @inline(__always)
        mutating func appendValid(_ bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { appendValid($0) }
        }

        /// Appends one item; `bytes` must be valid UTF-8.
        @inline(__always)
        mutating func appendValid(_ bytes: UnsafeBufferPointer<UInt8>) {
            if !copyText(bytes) { folder.fold(bytes, into: &folded) }
            endItem()
        }

        /// Copies an item's bytes to the text and, when they are all ASCII, their folded form
        /// (lowercased) to the folded copy, in one pass; returns whether they were ASCII. When
        /// not, the item's folded bytes are still to be appended.
        @inline(__always)
        private mutating func copyText(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let source = bytes.baseAddress else { return true }
            let count = bytes.count
            text.reserve(count)
            folded.reserve(count + 1)
            let isASCII = SearchFolding.copyLowercasingASCII(source, count: count, copy: text.end, lowercased: folded.end)
            text.extend(by: count)
            if isASCII { folded.extend(by: count) }
            return isASCII
        }

        /// Ends the item whose bytes were just appended: the separator and both offsets.
        @inline(__always)
        private mutating func endItem() {
            folded.append(Storage.separator)
            precondition(Swift.max(text.count, folded.count) <= Int(UInt32.max), "ListItems holds at most 4 GiB of text")
            offsets.append(UInt32(truncatingIfNeeded: text.count))
            foldedOffsets.append(UInt32(truncatingIfNeeded: folded.count))
        }

        /// Appends one item from bytes that may not be valid UTF-8 (ill-formed sequences
        /// become U+FFFD, as `String(decoding:as:)` does).
        mutating func appendRepairing(_ bytes: UnsafeBufferPointer<UInt8>) {
            let textCount = text.count
            if copyText(bytes) {
                endItem()
            } else if Self.isValidUTF8(bytes) {
                folder.fold(bytes, into: &folded)
                endItem()
            } else {
                text.truncate(to: textCount)
                var repaired = String(decoding: bytes, as: UTF8.self)
                repaired.withUTF8 { appendValid($0) }
            }
        }

        /// Whether `bytes` are well-formed UTF-8 (no overlong forms, surrogates or values past
        /// U+10FFFF); checked in place, without making a `String`.
        static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var index = 0
            let count = bytes.count
            while index < count {
                let lead = bytes[index]
                if lead < 0x80 {
                    index += 1
                    continue
                }
                let length: Int
                var lowest: UInt8 = 0x80, highest: UInt8 = 0xBF  // allowed range of the second byte
                switch lead {
                case 0xC2...0xDF: length = 2
                case 0xE0:
                    length = 3
                    lowest = 0xA0
                case 0xE1...0xEC, 0xEE...0xEF: length = 3
                case 0xED:
                    length = 3
                    highest = 0x9F
                case 0xF0:
                    length = 4
                    lowest = 0x90
                case 0xF1...0xF3: length = 4
                case 0xF4:
                    length = 4
                    highest = 0x8F
                default: return false
                }
                guard index + length <= count, (lowest...highest).contains(bytes[index + 1]) else { return false }
                for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return false }
                index += length
            }
            return true
        }

        consuming func finish() -> Storage {
            folded.reserve(Storage.paddingCount)
            for _ in 0..<Storage.paddingCount { folded.appendReserved(Storage.separator) }
            return Storage(count: offsets.count - 1, text: text, offsets: offsets, folded: folded, foldedOffsets: foldedOffsets)
        }
    }
}
