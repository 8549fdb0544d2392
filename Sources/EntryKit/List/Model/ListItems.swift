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
        storage = Storage(text: [], offsets: [0], folded: Storage.padding, foldedOffsets: [0])
    }

    /// The given strings, in order.
    public init(_ strings: some Sequence<String>) {
        var builder = Builder(expectedCount: strings.underestimatedCount)
        if let array = strings as? [String] {
            var total = 0
            for string in array { total += string.utf8.count }
            builder.reserve(items: array.count, bytes: total)
        }
        for var string in strings {
            string.withUTF8 { builder.appendValid($0) }
        }
        storage = builder.finish()
    }

    init(storage: Storage) { self.storage = storage }

    // MARK: Collection

    /// The number of items.
    public var count: Int { storage.offsets.count - 1 }
    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    /// The item at `index`, made as a `String` on demand.
    public subscript(index: Int) -> String {
        withUTF8(at: index) { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: Bytes

    /// Calls `body` with the UTF-8 bytes of the item at `index` (valid UTF-8, no terminator);
    /// what GTK's text calls with an explicit length take.
    public func withUTF8<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        precondition(index >= 0 && index < count, "item index \(index) out of 0..<\(count)")
        let start = Int(storage.offsets[index]), end = Int(storage.offsets[index + 1])
        return try storage.text.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    /// The UTF-8 bytes of the item at `index`, sharing the store's buffer.
    public func utf8(at index: Int) -> ArraySlice<UInt8> {
        precondition(index >= 0 && index < count, "item index \(index) out of 0..<\(count)")
        return storage.text[Int(storage.offsets[index])..<Int(storage.offsets[index + 1])]
    }

    /// The folded UTF-8 bytes of the item at `index` (see `SearchFolding`).
    public func foldedUTF8(at index: Int) -> ArraySlice<UInt8> {
        precondition(index >= 0 && index < count, "item index \(index) out of 0..<\(count)")
        // Each item's folded bytes end with the separator, which is not part of them.
        return storage.folded[Int(storage.foldedOffsets[index])..<(Int(storage.foldedOffsets[index + 1]) - 1)]
    }

    /// The bytes of all items' UTF-8 together: the strings' own size.
    public var utf8ByteCount: Int { storage.text.count }

    /// The bytes the store holds beyond the strings' own UTF-8 (offsets and the folded copy),
    /// counting reserved capacity.
    public var overheadByteCount: Int {
        (storage.text.capacity - storage.text.count) + storage.offsets.capacity * 4
            + storage.folded.capacity + storage.foldedOffsets.capacity * 4
    }

    // MARK: Storage

    /// The buffers; immutable once built, so sharing across threads is safe.
    final class Storage: Sendable {
        /// Every item's UTF-8, back to back.
        let text: [UInt8]
        /// `count + 1` offsets into `text`; item `i` is `offsets[i]..<offsets[i + 1]`.
        let offsets: [UInt32]
        /// Every item's folded UTF-8 followed by 0xFF, then `paddingCount` more 0xFF so a
        /// scanner may read a whole vector past the last item.
        let folded: [UInt8]
        /// `count + 1` offsets into `folded`; item `i` is `foldedOffsets[i]..<foldedOffsets[i + 1] - 1`.
        let foldedOffsets: [UInt32]

        static let separator: UInt8 = 0xFF
        static let paddingCount = 64
        static let padding = [UInt8](repeating: separator, count: paddingCount)

        init(text: [UInt8], offsets: [UInt32], folded: [UInt8], foldedOffsets: [UInt32]) {
            self.text = text
            self.offsets = offsets
            self.folded = folded
            self.foldedOffsets = foldedOffsets
        }
    }

    /// Appends items one at a time into the buffers.
    struct Builder {
        private var text: [UInt8] = []
        private var offsets: [UInt32] = [0]
        private var folded: [UInt8] = []
        private var foldedOffsets: [UInt32] = [0]
        private var folder = SearchFolding.Folder()
        /// Whether ASCII bytes were appended to `folded` unfolded, to lowercase in one pass.
        private var needsLowercasing = false

        init(expectedCount: Int) {
            offsets.reserveCapacity(expectedCount + 1)
            foldedOffsets.reserveCapacity(expectedCount + 1)
        }

        mutating func reserve(items: Int, bytes: Int) {
            offsets.reserveCapacity(items + 1)
            foldedOffsets.reserveCapacity(items + 1)
            text.reserveCapacity(bytes)
            folded.reserveCapacity(bytes + items + Storage.paddingCount)
        }

        /// Appends one item; `bytes` must be valid UTF-8.
        mutating func appendValid(_ bytes: UnsafeBufferPointer<UInt8>) {
            text.append(contentsOf: bytes)
            precondition(text.count <= Int(UInt32.max), "ListItems holds at most 4 GiB of text")
            offsets.append(UInt32(truncatingIfNeeded: text.count))
            if SearchFolding.isASCII(bytes) {
                // Copied as is; `finish` lowercases the whole buffer at once.
                folded.append(contentsOf: bytes)
                needsLowercasing = true
            } else {
                folder.fold(bytes, into: &folded)
            }
            folded.append(Storage.separator)
            precondition(folded.count <= Int(UInt32.max), "ListItems holds at most 4 GiB of folded text")
            foldedOffsets.append(UInt32(truncatingIfNeeded: folded.count))
        }

        /// Appends one item from bytes that may not be valid UTF-8 (ill-formed sequences
        /// become U+FFFD, as `String(decoding:as:)` does).
        mutating func appendRepairing(_ bytes: UnsafeBufferPointer<UInt8>) {
            if SearchFolding.isASCII(bytes) || String(validating: bytes, as: UTF8.self) != nil {
                appendValid(bytes)
            } else {
                var repaired = String(decoding: bytes, as: UTF8.self)
                repaired.withUTF8 { appendValid($0) }
            }
        }

        mutating func finish() -> Storage {
            if needsLowercasing {
                folded.withUnsafeMutableBufferPointer { SearchFolding.lowercaseASCII($0) }
            }
            folded.append(contentsOf: Storage.padding)
            return Storage(text: text, offsets: offsets, folded: folded, foldedOffsets: foldedOffsets)
        }
    }
}
