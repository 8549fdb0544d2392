import Dispatch
import Glibc
import Synchronization

/// The strings a list shows, stored compactly for a million rows.
///
/// All items live in one contiguous UTF-8 buffer with a `UInt32` offset per item, not as a
/// `String` each; a `String` is made only when a row asks for it.
///
/// Searches need the items folded (see `SearchFolding`). Items that are all ASCII fold byte for
/// byte to their lowercase, so searches read the text itself, lowercasing as they go. For other
/// items a folded copy is made in the background as soon as a list gets them (see
/// `prepareForSearch()`), so that the first keystroke does not wait for it: every item's folded
/// bytes followed by a 0xFF separator, a byte UTF-8 never contains, so one scan over the whole
/// buffer can never match across two items. Until it is there, searches read the text and fold
/// the non-ASCII items they meet one at a time.
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

    /// The folded UTF-8 bytes of the item at `index` (see `SearchFolding`), copied: from the
    /// folded copy when there is one, else folded now.
    public func foldedUTF8(at index: Int) -> [UInt8] {
        precondition(index >= 0 && index < count, "item index \(index) out of 0..<\(count)")
        return withExtendedLifetime(storage) {
            if let search = storage.foldedCopy {
                // Each item's folded bytes end with the separator, which is not part of them.
                let start = Int(search.offsets[index]), end = Int(search.offsets[index + 1]) - 1
                return Array(UnsafeBufferPointer(start: search.folded + start, count: end - start))
            }
            var folded = RawBuffer<UInt8>()
            var folder = SearchFolding.Folder()
            storage.appendFolded(item: index, to: &folded, folder: &folder)
            return Array(folded.elements)
        }
    }

    /// Gets the items ready for searching off the calling thread: finds whether they are all
    /// ASCII and, when they are not, makes their folded copy; for a large list it then makes
    /// the presence masks that answer a one-letter query (see `PresenceMasks`). Returns at
    /// once; a list calls it when it gets new items, so the copy is made while nobody types
    /// yet. Searches started
    /// before it is done read the text instead (see `ListFilter`); the first search of items
    /// nothing prepared starts it.
    ///
    /// Why this way: folding within the set would double what setting costs, and a search that
    /// waited for the copy would make the first key wait for up to a whole fold (tens of
    /// milliseconds at a million items). Reading the text costs a search little for ASCII, the
    /// usual case, so ASCII items never get a copy at all.
    func prepareForSearch() { storage.prepareForSearch() }

    /// Whether the preparation for search has made all it makes for these items (for tests).
    package var isPreparedForSearch: Bool { storage.isPrepared }

    /// Waits for the preparations for search asked for so far, of any items (for tests).
    package static func waitForSearchPreparations() { Storage.waitForPreparations() }

    /// Stops a preparation under way or waiting (the list got other items); a later search
    /// starts it again.
    func cancelSearchPreparation() { storage.cancelSearchPreparation() }

    /// The bytes of all items' UTF-8 together: the strings' own size.
    public var utf8ByteCount: Int { Int(storage.offsets[storage.count]) }

    /// The bytes the store holds beyond the strings' own UTF-8: offsets, and the folded copy
    /// and presence masks once the preparation for search has made them.
    public var overheadByteCount: Int {
        (storage.count + 1) * MemoryLayout<UInt32>.stride + (storage.foldedCopy?.byteCount ?? 0)
            + (storage.presenceMasks?.byteCount ?? 0)
    }

    // MARK: Storage

    /// The buffers; written only while building, then immutable, so sharing them across
    /// threads is safe. What the preparation for search finds (`searchForm`) is written once,
    /// under a lock, by the preparation.
    final class Storage: @unchecked Sendable {
        let count: Int
        /// Every item's UTF-8, back to back, then `paddingCount` bytes that are no item's, so a
        /// scanner may read a whole vector past the last item.
        let text: UnsafeMutablePointer<UInt8>
        /// `count + 1` offsets into `text`; item `i` is `offsets[i]..<offsets[i + 1]`.
        let offsets: UnsafeMutablePointer<UInt32>

        static let separator: UInt8 = 0xFF
        static let paddingCount = 64

        init(count: Int, text: consuming RawBuffer<UInt8>, offsets: consuming RawBuffer<UInt32>) {
            self.count = count
            let text = text.take(keeping: Self.paddingCount), offsets = offsets.take()
            self.text = text.pointer
            self.offsets = offsets.pointer
            mappedBytes = (text.mappedBytes, offsets.mappedBytes)
        }

        /// For `text` and `offsets`, the bytes mapped for each (0: from `malloc`).
        private let mappedBytes: (Int, Int)

        /// The folded copy searches scan: every item's folded UTF-8 followed by 0xFF, then
        /// `paddingCount` more 0xFF so a scanner may read a whole vector past the last item.
        struct SearchText: @unchecked Sendable {
            let folded: UnsafeMutablePointer<UInt8>
            /// `count + 1` offsets into `folded`; item `i` is `offsets[i]..<offsets[i + 1] - 1`.
            let offsets: UnsafeMutablePointer<UInt32>
            /// The bytes of `folded`, padding included, and of `offsets`.
            let byteCount: Int
            fileprivate let mappedBytes: (Int, Int)

            /// Gives the memory back; only its owner calls it, once.
            func release() {
                RawMemory.release(folded, mappedBytes: mappedBytes.0)
                RawMemory.release(offsets, mappedBytes: mappedBytes.1)
            }
        }

        /// What searches read, once the preparation has found out.
        enum SearchForm {
            /// Every item is ASCII: the text lowercased is the folded text, no copy needed.
            case ascii
            case folded(SearchText)
        }

        private let search = Mutex<SearchForm?>(nil)
        /// Made by the preparation after `search`, for lists of `PresenceMasks.itemThreshold`
        /// items and more.
        private let presence = Mutex<PresenceMasks?>(nil)
        /// Whether a preparation is waiting or running (set by `prepareForSearch`).
        private let preparationRequested = Atomic<Bool>(false)
        private let preparationCancelled = Atomic<Bool>(false)
        /// How many folded copies of these items were made (for tests: the preparation makes
        /// one, a search none).
        let foldedCopiesMade = Atomic<Int>(0)

        /// What the preparation found; nil while it has not (yet).
        var searchForm: SearchForm? { search.withLock { $0 } }

        /// Which bytes each item holds, once the preparation has made them (large lists only).
        var presenceMasks: PresenceMasks? { presence.withLock { $0 } }

        /// Whether the preparation has made all it makes for these items.
        var isPrepared: Bool { searchForm != nil && (count < PresenceMasks.itemThreshold || presenceMasks != nil) }

        /// How many one-byte searches the presence masks answered without reading the text (for tests).
        let searchesAnsweredByPresence = Atomic<Int>(0)

        /// The folded copy, if the preparation made one.
        var foldedCopy: SearchText? {
            if case .folded(let text) = searchForm { return text }
            return nil
        }

        /// One preparation at a time for every list: a list given new items again and again
        /// cancels the older ones, which then stop or never start, and the other core stays free
        /// for GTK.
        private static let preparationQueue = DispatchQueue(label: "EntryKit.ListItems.prepare", qos: .userInitiated)

        func prepareForSearch() {
            preparationCancelled.store(false, ordering: .relaxed)
            guard preparationRequested.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
            else { return }
            guard !isPrepared else { return }
            // The queue holds the store until the preparation has run or seen it was cancelled.
            Self.preparationQueue.async { [self] in prepare() }
        }

        func cancelSearchPreparation() {
            preparationCancelled.store(true, ordering: .relaxed)
            preparationRequested.store(false, ordering: .releasing)
        }

        /// Waits for the preparations asked for so far (tests).
        static func waitForPreparations() { preparationQueue.sync {} }
        /// Holds preparations back until `resumePreparationsForTesting`.
        static func suspendPreparationsForTesting() { preparationQueue.suspend() }
        static func resumePreparationsForTesting() { preparationQueue.resume() }

        private var isPreparationCancelled: Bool { preparationCancelled.load(ordering: .relaxed) }

        private func prepare() {
            defer { preparationRequested.store(false, ordering: .releasing) }
            guard !isPreparationCancelled else { return }
            if searchForm == nil { findSearchForm() }
            // Then the masks that answer the first keystroke of a large list, which matches the
            // most items, in a word per item (see `PresenceMasks`).
            guard count >= PresenceMasks.itemThreshold, presenceMasks == nil, let form = searchForm,
                let masks = PresenceMasks(self, form, isCancelled: { self.isPreparationCancelled })
            else { return }
            presence.withLock { $0 = masks }
        }

        /// Whether every item is ASCII, else the folded copy: `searchForm`, unless cancelled.
        private func findSearchForm() {
            // A quick pass first (memory speed): ASCII items need no copy at all.
            let itemsPerStep = 65_536
            var allASCII = true
            for first in stride(from: 0, to: count, by: itemsPerStep) {
                if isPreparationCancelled { return }
                let start = Int(offsets[first]), end = Int(offsets[Swift.min(first + itemsPerStep, count)])
                if !SearchFolding.isASCII(UnsafeBufferPointer(start: text + start, count: end - start)) {
                    allASCII = false
                    break
                }
            }
            if allASCII {
                search.withLock { $0 = .ascii }
                return
            }
            guard let folded = makeFoldedCopy(isCancelled: { self.isPreparationCancelled }) else { return }
            search.withLock { $0 = .folded(folded) }
        }

        /// Appends the folded bytes of item `index` to `folded`: ASCII lowercased eight bytes at
        /// a time, anything else through `folder`.
        @inline(__always)
        func appendFolded(item index: Int, to folded: inout RawBuffer<UInt8>, folder: inout SearchFolding.Folder) {
            let start = Int(offsets[index]), length = Int(offsets[index + 1]) - start
            folded.reserve(length + 1)
            if SearchFolding.lowercasingASCII(text + start, count: length, into: folded.end) {
                folded.extend(by: length)
            } else {
                folder.fold(UnsafeBufferPointer(start: text + start, count: length), into: &folded)
            }
        }

        /// Makes the folded copy; nil when `isCancelled` said so (asked every few thousand items).
        func makeFoldedCopy(isCancelled: () -> Bool = { false }) -> SearchText? {
            let textBytes = Int(offsets[count])
            var folded = RawBuffer<UInt8>(capacity: textBytes + count + Self.paddingCount)
            var foldedOffsets = RawBuffer<UInt32>(capacity: count + 1)
            var folder = SearchFolding.Folder()
            foldedOffsets.append(0)
            for index in 0..<count {
                if index & 0x3FFF == 0, isCancelled() { return nil }
                appendFolded(item: index, to: &folded, folder: &folder)
                folded.append(Self.separator)
                precondition(folded.count <= Int(UInt32.max), "ListItems holds at most 4 GiB of text")
                foldedOffsets.append(UInt32(truncatingIfNeeded: folded.count))
            }
            folded.reserve(Self.paddingCount)
            for _ in 0..<Self.paddingCount { folded.appendReserved(Self.separator) }
            let byteCount = folded.count + foldedOffsets.count * MemoryLayout<UInt32>.stride
            let bytes = folded.take(), offsets = foldedOffsets.take()
            foldedCopiesMade.add(1, ordering: .relaxed)
            return SearchText(
                folded: bytes.pointer, offsets: offsets.pointer, byteCount: byteCount,
                mappedBytes: (bytes.mappedBytes, offsets.mappedBytes))
        }

        deinit {
            RawMemory.release(text, mappedBytes: mappedBytes.0)
            RawMemory.release(offsets, mappedBytes: mappedBytes.1)
            foldedCopy?.release()
            presenceMasks?.release()
        }
    }

    /// Appends items one at a time into the buffers: a plain copy of each item's bytes and its
    /// end offset (the folded copy is made afterwards, off the thread that sets the items).
    struct Builder: ~Copyable {
        private var text: RawBuffer<UInt8>
        private var offsets: RawBuffer<UInt32>

        /// A builder with room for `items` items of `bytes` UTF-8 bytes in all: then neither
        /// buffer grows (the text's room includes the padding `finish` adds).
        init(items: Int, bytes: Int) {
            text = RawBuffer(capacity: bytes + Storage.paddingCount)
            offsets = RawBuffer(capacity: items + 1)
            offsets.append(0)
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
            let textEnd = text.end
            // Native strings are contiguous UTF-8 (small ones are copied to the stack).
            let copied = strings[index].utf8.withContiguousStorageIfAvailable { bytes in
                if let source = bytes.baseAddress { textEnd.update(from: source, count: count) }
                return true
            }
            guard copied == true else { return appendValid(Array(strings[index].utf8)) }
            text.extend(by: count)
            endItem()
        }

        @inline(__always)
        mutating func appendValid(_ bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { appendValid($0) }
        }

        /// Appends one item; `bytes` must be valid UTF-8.
        @inline(__always)
        mutating func appendValid(_ bytes: UnsafeBufferPointer<UInt8>) {
            text.reserve(bytes.count)
            if let source = bytes.baseAddress { text.end.update(from: source, count: bytes.count) }
            text.extend(by: bytes.count)
            endItem()
        }

        /// Appends one item of valid UTF-8, `count` bytes at `source`, from a buffer that may be
        /// read up to `readable` bytes from `source`: a short item is copied 16 bytes at a time
        /// (the bytes written past it are overwritten by the next item or the padding), which
        /// for a million items of a few dozen bytes costs a fraction of a `memmove` call each.
        @inline(__always)
        mutating func appendValid(_ source: UnsafePointer<UInt8>, count: Int, readable: Int) {
            let blocks = (count + 15) >> 4
            guard blocks <= 4, blocks << 4 <= readable else {
                return appendValid(UnsafeBufferPointer(start: source, count: count))
            }
            text.reserve(blocks << 4)
            let destination = UnsafeMutableRawPointer(text.end), from = UnsafeRawPointer(source)
            for block in 0..<blocks {
                let offset = block << 4
                destination.storeBytes(
                    of: from.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self), toByteOffset: offset, as: SIMD16<UInt8>.self)
            }
            text.extend(by: count)
            endItem()
        }

        /// Appends the pieces of `bytes` between each `separator` byte as items (a final
        /// separator does not start another item); the pieces must be valid UTF-8. `itemCount`
        /// is how many there are (`ListItems.count(_:in:)` finds it).
        ///
        /// One pass, 16 bytes at a time: each block is stored whole, then for each separator in
        /// it the rest of the block is stored again one byte further back, over the separator
        /// (the bytes stored past the last item are overwritten by the next block). Per item that
        /// is one more 16-byte load and store and its offset, where copying item by item costs a
        /// call, a room check and one or more stores per item: a million short items take a
        /// third of the time.
        mutating func appendSplitting(_ bytes: UnsafeBufferPointer<UInt8>, at separator: UInt8, itemCount: Int) {
            guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
            // The folded copy adds a separator per item, so the text leaves room for it.
            precondition(text.count + bytes.count + offsets.count + itemCount <= Int(UInt32.max), "ListItems holds at most 4 GiB of text")
            text.reserve(bytes.count + 16)  // + one whole block stored past the last byte
            offsets.reserve(itemCount)
            let destination = UnsafeMutableRawPointer(text.end), from = UnsafeRawPointer(source)
            let textStart = text.count
            var written = 0  // bytes of items stored at `destination`
            let ends = offsets.end
            var ended = 0
            /// Records the end of an item; the count given is checked, as the memory it sized is
            /// written.
            @inline(__always)
            func recordEnd(at end: Int) {
                precondition(ended < itemCount, "appendSplitting was told of \(itemCount) items, found more")
                ends[ended] = UInt32(truncatingIfNeeded: textStart &+ end)
                ended &+= 1
            }
            let wanted = SIMD16<UInt8>(repeating: separator)
            var index = 0
            // While a block and the 16 bytes after it can be read: the stores after a separator
            // read up to 16 bytes past it.
            while index &+ 32 <= bytes.count {
                let block = from.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                destination.storeBytes(of: block, toByteOffset: written, as: SIMD16<UInt8>.self)
                // Each lane is 0x00 or 0xFF; one bit per lane, taken lowest first.
                let lanes = unsafeBitCast(block .== wanted, to: SIMD2<UInt64>.self)
                var hits = (lanes[0] & 0x8080_8080_8080_8080, lanes[1] & 0x8080_8080_8080_8080)
                var removed = 0
                while hits.0 | hits.1 != 0 {
                    let lane: Int
                    if hits.0 != 0 {
                        lane = hits.0.trailingZeroBitCount >> 3
                        hits.0 &= hits.0 &- 1
                    } else {
                        lane = 8 &+ hits.1.trailingZeroBitCount >> 3
                        hits.1 &= hits.1 &- 1
                    }
                    let end = written &+ lane &- removed
                    recordEnd(at: end)
                    destination.storeBytes(
                        of: from.loadUnaligned(fromByteOffset: index &+ lane &+ 1, as: SIMD16<UInt8>.self), toByteOffset: end,
                        as: SIMD16<UInt8>.self)
                    removed &+= 1
                }
                written &+= 16 &- removed
                index &+= 16
            }
            let bytesOut = destination.assumingMemoryBound(to: UInt8.self)
            while index < bytes.count {
                if source[index] == separator {
                    recordEnd(at: written)
                } else {
                    bytesOut[written] = source[index]
                    written &+= 1
                }
                index &+= 1
            }
            if source[bytes.count - 1] != separator { recordEnd(at: written) }
            precondition(ended == itemCount, "appendSplitting was told of \(itemCount) items, found \(ended)")
            text.extend(by: written)
            offsets.extend(by: ended)
        }

        /// Ends the item whose bytes were just appended.
        @inline(__always)
        private mutating func endItem() {
            // The folded copy adds a separator per item, so the text leaves room for it.
            precondition(text.count + offsets.count <= Int(UInt32.max), "ListItems holds at most 4 GiB of text")
            offsets.append(UInt32(truncatingIfNeeded: text.count))
        }

        /// Appends one item from bytes that may not be valid UTF-8 (ill-formed sequences
        /// become U+FFFD, as `String(decoding:as:)` does).
        mutating func appendRepairing(_ bytes: UnsafeBufferPointer<UInt8>) {
            if SearchFolding.isASCII(bytes) || Self.isValidUTF8(bytes) {
                appendValid(bytes)
            } else {
                var repaired = String(decoding: bytes, as: UTF8.self)
                repaired.withUTF8 { appendValid($0) }
            }
        }

        /// Whether `bytes` are well-formed UTF-8 (no overlong forms, surrogates or values past
        /// U+10FFFF); checked in place by the standard library's validator, without making a
        /// `String`.
        static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            (try? UTF8Span(validating: bytes.span)) != nil
        }

        consuming func finish() -> Storage {
            text.reserve(Storage.paddingCount)
            text.end.initialize(repeating: 0, count: Storage.paddingCount)
            return Storage(count: offsets.count - 1, text: text, offsets: offsets)
        }
    }
}
