import Dispatch
import FoundationEssentials
import Synchronization

/// Substring filtering of `ListItems` by a `ListQuery`, case-, accent- and width-insensitive.
///
/// The scan runs over the store's contiguous folded buffer sixteen bytes at a time, looking
/// for two of the query's rarest bytes at once and checking the whole query only where both
/// sit; after a match it jumps to the next item. Given the matches of a query that the new
/// one refines (`ListQuery.refines`), it scans only those items.
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
        let base = base ?? .all(items.count)
        if query.matchesEverything { return base }
        let storage = items.storage
        let (first, second) = rareBytePositions(query.folded)
        let candidates: [Int32]? = if case .some(let indices) = base.storage { indices } else { nil }
        precondition(
            Int(candidates?.last ?? 0) < max(items.count, 1) && base.count <= items.count,
            "the base matches belong to a different list of items")
        // Large scans are split over the cores; each part writes its matches at its own
        // offset in the output (a part never finds more items than it has), then the parts
        // are moved together.
        let partCount = base.count >= parallelThreshold ? min(ProcessInfo.processInfo.activeProcessorCount, 8) : 1
        let cancelled = Atomic<Bool>(false)
        let search = storage.searchText
        var found = withExtendedLifetime(storage) {
            query.folded.withUnsafeBufferPointer { needle in
                let scanner = Scanner(
                    folded: search.folded, offsets: search.offsets,
                    needle: needle.baseAddress!, needleCount: needle.count,
                    firstPosition: first, secondPosition: second)
                return [Int32](unsafeUninitializedCapacity: base.count) { output, written in
                    let out = UnsafeSendablePointer(output.baseAddress!)
                    let partWritten = UnsafeMutableBufferPointer<Int>.allocate(capacity: partCount)
                    defer { partWritten.deallocate() }
                    let counts = UnsafeSendablePointer(partWritten.baseAddress!)
                    @Sendable func scanPart(_ part: Int) {
                        let lower = base.count * part / partCount, upper = base.count * (part + 1) / partCount
                        counts.pointer[part] = scan(
                            scanner, positions: lower..<upper, candidates: candidates,
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
            }
        }
        if cancelled.load(ordering: .relaxed) { return nil }
        if found.count == items.count { return .all(items.count) }
        // Give back the capacity reserved for the worst case when most of it went unused.
        if found.count < found.capacity / 2 { found = Array(found) }
        return ListMatches(storage: .some(found))
    }

    /// Below this many items a scan runs on one thread; a few hundred microseconds of work
    /// does not pay for waking others.
    static let parallelThreshold = 131_072

    /// Scans base positions `positions` (items when `candidates` is nil, else indices into it),
    /// writing matching item indices to `output`; returns how many.
    private static func scan(
        _ scanner: Scanner, positions: Range<Int>, candidates: [Int32]?, into output: UnsafeMutablePointer<Int32>,
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

    /// Finds the items in a range whose folded bytes contain the needle.
    struct Scanner: @unchecked Sendable {  // reads only; the store outlives every scan
        let folded: UnsafePointer<UInt8>
        let offsets: UnsafePointer<UInt32>
        let needle: UnsafePointer<UInt8>
        let needleCount: Int
        let firstPosition: Int
        let secondPosition: Int

        /// Writes the index of every matching item in `lower..<upper` to `output`, in order;
        /// returns how many.
        @inline(__always)
        func scan(items lower: Int, _ upper: Int, into output: UnsafeMutablePointer<Int32>) -> Int {
            var written = 0
            var position = Int(offsets[lower])
            let end = Int(offsets[upper])
            var item = lower
            let firstByte = SIMD16<UInt8>(repeating: needle[firstPosition])
            let secondByte = SIMD16<UInt8>(repeating: needle[secondPosition])
            let raw = UnsafeRawPointer(folded)
            outer: while position < end {
                let first = raw.loadUnaligned(fromByteOffset: position &+ firstPosition, as: SIMD16<UInt8>.self)
                let second = raw.loadUnaligned(fromByteOffset: position &+ secondPosition, as: SIMD16<UInt8>.self)
                let lanes = unsafeBitCast((first .== firstByte) .& (second .== secondByte), to: SIMD2<UInt64>.self)
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
                    if candidate &+ needleCount > end { break outer }
                    if matches(at: candidate) {
                        item = self.item(containing: candidate, from: item, below: upper)
                        output[written] = Int32(truncatingIfNeeded: item)
                        written &+= 1
                        item &+= 1
                        position = Int(offsets[item])
                        continue outer
                    }
                }
                position &+= 16
            }
            return written
        }

        /// The needle's first 16 bytes, and which lanes of a 16-byte load they cover.
        let needleHead: SIMD16<UInt8>
        let outsideNeedleHead: SIMDMask<SIMD16<Int8>>

        init(
            folded: UnsafePointer<UInt8>, offsets: UnsafePointer<UInt32>, needle: UnsafePointer<UInt8>,
            needleCount: Int, firstPosition: Int, secondPosition: Int
        ) {
            self.folded = folded
            self.offsets = offsets
            self.needle = needle
            self.needleCount = needleCount
            self.firstPosition = firstPosition
            self.secondPosition = secondPosition
            var head = SIMD16<UInt8>(repeating: 0)
            var outside = SIMDMask<SIMD16<Int8>>(repeating: true)
            for lane in 0..<min(needleCount, 16) {
                head[lane] = needle[lane]
                outside[lane] = false
            }
            needleHead = head
            outsideNeedleHead = outside
        }

        /// Whether the needle sits at `position`; it holds no 0xFF, so it never spans two items.
        @inline(__always)
        func matches(at position: Int) -> Bool {
            // One vector compare for the first 16 bytes, without a branch per byte; the
            // buffer's padding keeps the load inside it.
            let loaded = UnsafeRawPointer(folded).loadUnaligned(fromByteOffset: position, as: SIMD16<UInt8>.self)
            guard all((loaded .== needleHead) .| outsideNeedleHead) else { return false }
            var index = 16
            while index < needleCount {
                if folded[position &+ index] != needle[index] { return false }
                index &+= 1
            }
            return true
        }

        /// The item whose bytes hold `position`, searching forward from `item` (galloping,
        /// so dense matches cost a step and sparse ones a logarithm).
        @inline(__always)
        func item(containing position: Int, from item: Int, below upper: Int) -> Int {
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
}
