import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// Substring filtering of `ListItems` by a `ListQuery`, case-, accent- and width-insensitive.
///
/// The scan runs over the items' contiguous bytes sixteen at a time, looking for two of the
/// query's rarest bytes at once and checking the whole query only where both sit; after a
/// match it jumps to the next item. It reads the store's folded copy when there is one; items
/// that are all ASCII need none (their bytes lowercased as they are read are their folded
/// form), and until the copy of other items is made, the scan reads their text the same way
/// and folds the non-ASCII items it meets one at a time (see `TextScanner`). So no search
/// waits for the copy, and none makes it. Given the matches of a query that the new one
/// refines (`ListQuery.refines`), it scans only those items. A query of one letter, digit or
/// space on a large list reads no text at all once the preparation has made the items'
/// presence masks (see `PresenceMasks`).
///
/// `ListFilterEngine` adds caching, cancellation and running off the GTK thread.
///
///     let items = ListItems(["Crème", "CREPE", "Scone"])
///     let matches = ListFilter.matches(of: ListQuery("cre"), in: items)   // rows 0 and 1
public enum ListFilter {
    /// How many items are scanned between two looks at `isCancelled`.
    static let chunkSize = 32_768

    /// The items that `query` matches, in item order.
    ///
    /// - Parameters:
    ///   - base: the matches of a query that `query` refines (see `ListQuery.refines`), to
    ///     search only those items; nil searches all.
    ///   - isCancelled: asked every few thousand items; when it returns true the scan stops
    ///     and the result is nil.
    public static func matches(
        of query: ListQuery, in items: ListItems, within base: ListMatches? = nil,
        isCancelled: @Sendable () -> Bool = { false }
    ) -> ListMatches? {
        matches(of: query, in: items, within: base, readingText: false, isCancelled: isCancelled)
    }

    /// `matches(of:in:within:isCancelled:)`; `readingText` reads the items' text even when
    /// their folded copy is made (tests compare the two).
    static func matches(
        of query: ListQuery, in items: ListItems, within base: ListMatches?, readingText: Bool,
        isCancelled: @Sendable () -> Bool
    ) -> ListMatches? {
        var base = base ?? .all(items.count)
        if query.matchesEverything { return base }
        let storage = items.storage
        let lastCandidate: Int32? = if case .some(let indices) = base.storage { indices.last } else { nil }
        precondition(
            Int(lastCandidate ?? 0) < max(items.count, 1) && base.count <= items.count,
            "the base matches belong to a different list of items")
        // Each candidate item costs a jump and a scanner start-up, about what scanning a few
        // dozen items costs: past this share of the items, a scan of all is quicker (and the
        // new matches are among the old ones either way, the query refining theirs).
        if base.count > items.count / fullScanShare { base = .all(items.count) }
        let form = storage.searchForm
        if !storage.isPrepared { storage.prepareForSearch() }
        let found: [Int32]? = withExtendedLifetime(storage) {
            if !readingText, let (presence, bit) = presenceAnswer(to: query, in: items) {
                storage.searchesAnsweredByPresence.add(1, ordering: .relaxed)
                return presentItems(holding: bit, in: presence, base: base, isCancelled: isCancelled)
            }
            return query.folded.withUnsafeBufferPointer { needleBytes in
                let needle = Needle(needleBytes)
                switch readingText ? nil : form {
                case .folded(let search):
                    return run(FoldedScanner(folded: search.folded, offsets: search.offsets, needle: needle), base, isCancelled)
                case .ascii:
                    return run(TextScanner(storage: storage, needle: needle, allASCII: true), base, isCancelled)
                case nil:
                    return run(TextScanner(storage: storage, needle: needle, allASCII: false), base, isCancelled)
                }
            }
        }
        guard var found else { return nil }
        if found.count == items.count { return .all(items.count) }
        // Give back the capacity reserved for the worst case when most of it went unused.
        if found.count < found.capacity / 2 { found = Array(found) }
        return ListMatches(storage: .some(found))
    }

    /// The presence masks and the bit that answer `query` on `items` without reading their
    /// text (see `PresenceMasks`), when they do: a query of one letter, digit or space, once the
    /// preparation for search has made the masks.
    static func presenceAnswer(to query: ListQuery, in items: ListItems) -> (PresenceMasks, UInt64)? {
        guard query.folded.count == 1, let bit = PresenceMasks.exactBit(of: query.folded[0]),
            let presence = items.storage.presenceMasks
        else { return nil }
        return (presence, bit)
    }

    /// The items of `base` whose presence mask holds `bit`: a query of one letter, digit or
    /// space answered a word per item, without reading the text (see `PresenceMasks`); nil when
    /// cancelled.
    private static func presentItems(
        holding bit: UInt64, in presence: PresenceMasks, base: ListMatches, isCancelled: () -> Bool
    ) -> [Int32]? {
        let masks = UnsafePointer(presence.masks)
        let candidates: [Int32]? = if case .some(let indices) = base.storage { indices } else { nil }
        var cancelled = false
        let found = [Int32](unsafeUninitializedCapacity: base.count) { output, written in
            // Counted in a local, which stays in a register (`written` is memory the output
            // writes could alias).
            var count = 0
            var position = 0
            defer { written = count }
            while position < base.count {
                if isCancelled() {
                    cancelled = true
                    return
                }
                let end = min(position + chunkSize, base.count)
                // Every position is written, and counted when it matches: no branch to mispredict.
                if let candidates {
                    for row in position..<end {
                        let item = candidates[row]
                        output[count] = item
                        count &+= masks[Int(item)] & bit != 0 ? 1 : 0
                    }
                } else {
                    for item in position..<end {
                        output[count] = Int32(truncatingIfNeeded: item)
                        count &+= masks[item] & bit != 0 ? 1 : 0
                    }
                }
                position = end
            }
        }
        return cancelled ? nil : found
    }

    /// A refinement scans only the earlier matches while they are at most 1/`fullScanShare`
    /// of the items.
    static let fullScanShare = 16

    /// Scans the items of `base` with `scanner`; nil when cancelled. Large scans are split
    /// over the cores; each part writes its matches at its own offset in the output (a part
    /// never finds more items than it has), then the parts are moved together.
    private static func run<Scanner: ItemScanner>(
        _ scanner: Scanner, _ base: ListMatches, _ isCancelled: @Sendable () -> Bool
    ) -> [Int32]? {
        let candidates: [Int32]? = if case .some(let indices) = base.storage { indices } else { nil }
        // More parts than cores: a helper thread that wakes late (none idle in the pool, a busy
        // machine) still takes the parts left, where with one part per core the calling thread
        // would scan them all.
        let partCount = base.count >= parallelThreshold ? min(4 * ProcessInfo.processInfo.activeProcessorCount, 16) : 1
        let cancelled = Atomic<Bool>(false)
        let found = [Int32](unsafeUninitializedCapacity: base.count) { output, written in
            let out = UnsafeSendablePointer(output.baseAddress!)
            let partWritten = UnsafeMutableBufferPointer<Int>.allocate(capacity: partCount)
            defer { partWritten.deallocate() }
            let counts = UnsafeSendablePointer(partWritten.baseAddress!)
            @Sendable func scanPart(_ part: Int) {
                let lower = base.count * part / partCount, upper = base.count * (part + 1) / partCount
                var partScanner = scanner  // each part folds with a `Folder` of its own
                counts.pointer[part] = scan(
                    &partScanner, positions: lower..<upper, candidates: candidates,
                    into: out.pointer + lower, cancelled: cancelled, isCancelled: isCancelled)
            }
            if partCount == 1 {
                scanPart(0)
            } else {
                DispatchQueue.concurrentPerform(iterations: partCount) { scanPart($0) }
            }
            for part in 0..<partCount {
                let lower = base.count * part / partCount
                if written != lower {
                    (out.pointer + written).update(from: out.pointer + lower, count: counts.pointer[part])
                }
                written += counts.pointer[part]
            }
        }
        return cancelled.load(ordering: .relaxed) ? nil : found
    }

    /// Below this many items a scan runs on one thread; a few hundred microseconds of work
    /// does not pay for waking others.
    static let parallelThreshold = 131_072

    /// Scans base positions `positions` (items when `candidates` is nil, else indices into it),
    /// writing matching item indices to `output`; returns how many.
    private static func scan<Scanner: ItemScanner>(
        _ scanner: inout Scanner, positions: Range<Int>, candidates: [Int32]?, into output: UnsafeMutablePointer<Int32>,
        cancelled: borrowing Atomic<Bool>, isCancelled: @Sendable () -> Bool
    ) -> Int {
        var written = 0
        guard let candidates else {
            var lower = positions.lowerBound
            while lower < positions.upperBound {
                if cancelled.load(ordering: .relaxed) { return written }
                if isCancelled() {
                    cancelled.store(true, ordering: .relaxed)
                    return written
                }
                let upper = min(lower + chunkSize, positions.upperBound)
                written += scanner.scan(items: lower, upper, into: output + written)
                lower = upper
            }
            return written
        }
        // Consecutive candidates are adjacent in the buffer: scan each run at once.
        var position = positions.lowerBound
        var sinceCheck = 0
        while position < positions.upperBound {
            if sinceCheck >= chunkSize {
                if cancelled.load(ordering: .relaxed) { return written }
                if isCancelled() {
                    cancelled.store(true, ordering: .relaxed)
                    return written
                }
                sinceCheck = 0
            }
            let runStart = Int(candidates[position])
            var runEnd = runStart + 1
            position += 1
            while position < positions.upperBound, Int(candidates[position]) == runEnd {
                runEnd += 1
                position += 1
            }
            sinceCheck += runEnd - runStart
            written += scanner.scan(items: runStart, runEnd, into: output + written)
        }
        return written
    }

    /// A pointer handed to the parts of a parallel scan, which write disjoint regions.
    private struct UnsafeSendablePointer<Pointee>: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<Pointee>
        init(_ pointer: UnsafeMutablePointer<Pointee>) { self.pointer = pointer }
    }

    // MARK: Scanner

    /// A rough rank of how common each byte is in list text (higher is more common), to
    /// pick the query bytes least likely to match by chance.
    static let byteFrequencyRank: [UInt8] = {
        var rank = [UInt8](repeating: 10, count: 256)
        // Letters by English frequency, most common first.
        for (position, letter) in "etaoinsrhldcumfpgwybvkxjqz".utf8.enumerated() {
            rank[Int(letter)] = UInt8(200 - position * 6)
        }
        for digit in UInt8(ascii: "0")...UInt8(ascii: "9") { rank[Int(digit)] = 190 }
        rank[Int(UInt8(ascii: " "))] = 250
        for byte in 0x80...0xBF { rank[byte] = 180 }  // continuation bytes
        for lead in [0xC3, 0xE2, 0xE3, 0xE4, 0xE5, 0xE6, 0xE7, 0xE8, 0xE9] { rank[lead] = 220 }
        return rank
    }()

    /// The positions of the two rarest bytes among the query's first 48 (the scanner reads
    /// 16 bytes from each, and the buffer's 64-byte padding must cover that).
    static func rareBytePositions(_ needle: [UInt8]) -> (Int, Int) {
        let candidates = 0..<min(needle.count, 48)
        let ordered = candidates.sorted { byteFrequencyRank[Int(needle[$0])] < byteFrequencyRank[Int(needle[$1])] }
        let first = ordered[0]
        guard let second = ordered.dropFirst().first(where: { needle[$0] != needle[first] }) ?? ordered.dropFirst().first else {
            return (first, first)
        }
        return (first, second)
    }

    /// The folded query as the scanners use it: its two rarest bytes, and its first 16 bytes
    /// with the lanes of a 16-byte load they cover.
    struct Needle: @unchecked Sendable {  // points into the query, which outlives every scan
        let bytes: UnsafePointer<UInt8>
        let count: Int
        let firstPosition: Int
        let secondPosition: Int
        let head: SIMD16<UInt8>
        let outsideHead: SIMDMask<SIMD16<Int8>>
        let isASCII: Bool

        init(_ needle: UnsafeBufferPointer<UInt8>) {
            bytes = needle.baseAddress!
            count = needle.count
            (firstPosition, secondPosition) = rareBytePositions(Array(needle))
            var head = SIMD16<UInt8>(repeating: 0)
            var outside = SIMDMask<SIMD16<Int8>>(repeating: true)
            for lane in 0..<min(count, 16) {
                head[lane] = needle[lane]
                outside[lane] = false
            }
            self.head = head
            outsideHead = outside
            isASCII = SearchFolding.isASCII(needle)
        }

        /// Whether the needle sits at `position` of `text`, whose bytes are passed through
        /// `transform` (lowercasing, or nothing) before they are compared; the first 16 with one
        /// vector compare, without a branch per byte (the buffer's padding keeps the load
        /// inside it).
        @inline(__always)
        func occurs(
            at position: Int, in text: UnsafePointer<UInt8>, _ transform: (SIMD16<UInt8>) -> SIMD16<UInt8>,
            _ transformByte: (UInt8) -> UInt8
        ) -> Bool {
            let loaded = transform(UnsafeRawPointer(text).loadUnaligned(fromByteOffset: position, as: SIMD16<UInt8>.self))
            // Every lane equal or outside the head: all 128 bits set (`all()` is a call per lane).
            let equal = unsafeBitCast((loaded .== head) .| outsideHead, to: SIMD2<UInt64>.self)
            guard equal[0] & equal[1] == UInt64.max else { return false }
            var index = 16
            while index < count {
                if transformByte(text[position &+ index]) != bytes[index] { return false }
                index &+= 1
            }
            return true
        }

        /// Calls `found` with each position in `start..<end` of `text` (through `transform`)
        /// where both rare bytes sit, in order, until it returns a position to go on from (nil:
        /// go on with the next one). Returns when a position's needle would end past `end`.
        @inline(__always)
        func candidates(
            in text: UnsafePointer<UInt8>, from start: Int, to end: Int, _ transform: (SIMD16<UInt8>) -> SIMD16<UInt8>,
            _ found: (Int) -> Int?
        ) {
            let raw = UnsafeRawPointer(text)
            let firstByte = SIMD16<UInt8>(repeating: bytes[firstPosition])
            let (first, second) = (firstPosition, secondPosition)
            guard first != second else {
                // A one-byte needle: one load per 16 bytes, and every candidate is a match.
                return eachCandidate(from: start, to: end, found) { position in
                    transform(raw.loadUnaligned(fromByteOffset: position &+ first, as: SIMD16<UInt8>.self)) .== firstByte
                }
            }
            let secondByte = SIMD16<UInt8>(repeating: bytes[second])
            eachCandidate(from: start, to: end, found) { position in
                (transform(raw.loadUnaligned(fromByteOffset: position &+ first, as: SIMD16<UInt8>.self)) .== firstByte)
                    .& (transform(raw.loadUnaligned(fromByteOffset: position &+ second, as: SIMD16<UInt8>.self)) .== secondByte)
            }
        }

        /// `candidates`' loop, given which lanes of the 16 positions from a position hold the
        /// rare bytes.
        @inline(__always)
        private func eachCandidate(
            from start: Int, to end: Int, _ found: (Int) -> Int?, _ matchingLanes: (Int) -> SIMDMask<SIMD16<Int8>>
        ) {
            var position = start
            outer: while position < end {
                let lanes = unsafeBitCast(matchingLanes(position), to: SIMD2<UInt64>.self)
                // Each lane is 0x00 or 0xFF; keep one bit per lane so lanes can be taken lowest first.
                var low = lanes[0] & 0x8080_8080_8080_8080
                var high = lanes[1] & 0x8080_8080_8080_8080
                while low | high != 0 {
                    let lane: Int
                    if low != 0 {
                        lane = low.trailingZeroBitCount >> 3
                        low &= low &- 1
                    } else {
                        lane = 8 &+ high.trailingZeroBitCount >> 3
                        high &= high &- 1
                    }
                    let candidate = position &+ lane
                    // Lanes come in order, so once one ends past the range all later ones do.
                    if candidate &+ count > end { return }
                    if let next = found(candidate) {
                        position = next
                        continue outer
                    }
                }
                position &+= 16
            }
        }
    }

    /// Finds the items of a range of items that hold the needle.
    protocol ItemScanner: Sendable {
        /// Writes the index of every matching item in `lower..<upper` to `output`, in order;
        /// returns how many.
        mutating func scan(items lower: Int, _ upper: Int, into output: UnsafeMutablePointer<Int32>) -> Int
    }

    /// Scans the folded copy, where a separator ends every item.
    struct FoldedScanner: ItemScanner, @unchecked Sendable {  // reads only; the store outlives every scan
        let folded: UnsafePointer<UInt8>
        let offsets: UnsafePointer<UInt32>
        let needle: Needle

        init(folded: UnsafePointer<UInt8>, offsets: UnsafePointer<UInt32>, needle: Needle) {
            self.folded = folded
            self.offsets = offsets
            self.needle = needle
        }

        @inline(__always)
        func scan(items lower: Int, _ upper: Int, into output: UnsafeMutablePointer<Int32>) -> Int {
            var written = 0
            var item = lower
            needle.candidates(in: folded, from: Int(offsets[lower]), to: Int(offsets[upper]), { $0 }) { candidate in
                // The needle holds no 0xFF, so it never spans two items.
                guard needle.count == 1 || needle.occurs(at: candidate, in: folded, { $0 }, { $0 }) else { return nil }
                item = ListFilter.item(containing: candidate, from: item, below: upper, offsets: offsets)
                output[written] = Int32(truncatingIfNeeded: item)
                written &+= 1
                item &+= 1
                return Int(offsets[item])
            }
            return written
        }
    }

    /// Scans the items' own text, for when there is no folded copy: all-ASCII items are
    /// lowercased as they are read (for them that is folding), and where a block of items
    /// holds other bytes, each item of it is folded on its own.
    struct TextScanner: ItemScanner, @unchecked Sendable {  // reads only; the store outlives every scan
        let storage: ListItems.Storage
        let needle: Needle
        /// Whether the preparation found every item ASCII (no block needs checking).
        let allASCII: Bool
        private var folder = SearchFolding.Folder()
        /// Items checked for being all ASCII at once: small, so one non-ASCII item sends few
        /// ASCII ones down the slower path, and the bytes are still in the cache for the scan.
        static let blockSize = 512

        init(storage: ListItems.Storage, needle: Needle, allASCII: Bool) {
            self.storage = storage
            self.needle = needle
            self.allASCII = allASCII
        }

        mutating func scan(items lower: Int, _ upper: Int, into output: UnsafeMutablePointer<Int32>) -> Int {
            if allASCII { return needle.isASCII ? scanASCII(items: lower, upper, into: output) : 0 }
            var written = 0
            var block = lower
            while block < upper {
                let blockEnd = min(block + Self.blockSize, upper)
                if isASCII(items: block, blockEnd) {
                    // Folded ASCII is ASCII: a needle with other bytes matches none of them.
                    if needle.isASCII { written += scanASCII(items: block, blockEnd, into: output + written) }
                } else {
                    written += scanMixed(items: block, blockEnd, into: output + written)
                }
                block = blockEnd
            }
            return written
        }

        @inline(__always)
        private func isASCII(items lower: Int, _ upper: Int) -> Bool {
            let start = Int(storage.offsets[lower]), end = Int(storage.offsets[upper])
            return SearchFolding.isASCII(UnsafeBufferPointer(start: storage.text + start, count: end - start))
        }

        @inline(__always)
        private static func lowercased(_ bytes: SIMD16<UInt8>) -> SIMD16<UInt8> {
            // `SearchFolding.lowercaseASCII` on both halves: whole-register arithmetic (a lane-wise
            // compare and select of `SIMD16<UInt8>` compiles to a loop over the lanes).
            let words = unsafeBitCast(bytes, to: SIMD2<UInt64>.self)
            let low = words & 0x7F7F_7F7F_7F7F_7F7F
            let upper = ((low &+ 0x3F3F_3F3F_3F3F_3F3F) ^ (low &+ 0x2525_2525_2525_2525)) & ~words & 0x8080_8080_8080_8080
            return unsafeBitCast(words | upper &>> 2, to: SIMD16<UInt8>.self)
        }

        @inline(__always)
        private static func lowercased(_ byte: UInt8) -> UInt8 { byte &- 65 < 26 ? byte | 0x20 : byte }

        /// Items that are all ASCII.
        @inline(__always)
        private func scanASCII(items lower: Int, _ upper: Int, into output: UnsafeMutablePointer<Int32>) -> Int {
            let text = UnsafePointer(storage.text), offsets = UnsafePointer(storage.offsets)
            var written = 0
            var item = lower
            needle.candidates(in: text, from: Int(offsets[lower]), to: Int(offsets[upper]), Self.lowercased) { candidate in
                guard needle.count == 1 || needle.occurs(at: candidate, in: text, Self.lowercased, Self.lowercased) else { return nil }
                item = ListFilter.item(containing: candidate, from: item, below: upper, offsets: offsets)
                // No separators here: a match may run from one item into the next.
                guard candidate &+ needle.count <= Int(offsets[item &+ 1]) else { return nil }
                output[written] = Int32(truncatingIfNeeded: item)
                written &+= 1
                item &+= 1
                return Int(offsets[item])
            }
            return written
        }

        /// Items some of which are not ASCII: runs of ASCII ones are scanned as such, the others
        /// folded one at a time and searched.
        private mutating func scanMixed(items lower: Int, _ upper: Int, into output: UnsafeMutablePointer<Int32>) -> Int {
            var folded = RawBuffer<UInt8>(capacity: 256)
            var written = 0
            var asciiRun = lower
            for item in lower..<upper where !isASCII(items: item, item + 1) {
                if asciiRun < item, needle.isASCII { written += scanASCII(items: asciiRun, item, into: output + written) }
                asciiRun = item + 1
                folded.truncate(to: 0)
                storage.appendFolded(item: item, to: &folded, folder: &folder)
                if Self.contains(folded.elements, needle) {
                    output[written] = Int32(truncatingIfNeeded: item)
                    written &+= 1
                }
            }
            if asciiRun < upper, needle.isASCII { written += scanASCII(items: asciiRun, upper, into: output + written) }
            return written
        }

        private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: Needle) -> Bool {
            guard let base = haystack.baseAddress, haystack.count >= needle.count else { return false }
            for start in 0...(haystack.count - needle.count) where base[start] == needle.bytes[0] {
                if memcmp(base + start, needle.bytes, needle.count) == 0 { return true }
            }
            return false
        }
    }

    /// The item whose bytes hold `position`, searching forward from `item` (galloping, so dense
    /// matches cost a step and sparse ones a logarithm); `offsets[upper]` must lie past it.
    @inline(__always)
    static func item(containing position: Int, from item: Int, below upper: Int, offsets: UnsafePointer<UInt32>) -> Int {
        if Int(offsets[item + 1]) > position { return item }
        var low = item + 1  // offsets[low] <= position
        var step = 1
        var high = low + step
        while high < upper, Int(offsets[high]) <= position {
            low = high
            step <<= 1
            high = low + step
        }
        high = min(high, upper)  // offsets[upper] is past every position in the range
        while high - low > 1 {
            let middle = (low + high) >> 1
            if Int(offsets[middle]) <= position { low = middle } else { high = middle }
        }
        return low
    }
}
