import Glibc

/// A growable buffer of plain values in memory it allocates itself, for building the item
/// store without `Array`'s per-append uniqueness and capacity checks.
///
/// Not copyable, so the memory has one owner: either `deinit` frees it, or `take()` hands it
/// to a `ListItems.Storage`, which frees it.
struct RawBuffer<Element: BitwiseCopyable>: ~Copyable {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int = 16) {
        self.capacity = max(capacity, 16)
        base = malloc(self.capacity * MemoryLayout<Element>.stride)!.assumingMemoryBound(to: Element.self)
    }

    deinit { free(base) }

    /// Makes room for `additional` more elements.
    @inline(__always)
    mutating func reserve(_ additional: Int) {
        if count + additional > capacity { grow(to: count + additional) }
    }

    private mutating func grow(to minimum: Int) {
        capacity = max(minimum, capacity * 2)
        base = realloc(base, capacity * MemoryLayout<Element>.stride)!.assumingMemoryBound(to: Element.self)
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow(to: count + 1) }
        base[count] = element
        count += 1
    }

    @inline(__always)
    mutating func append(_ elements: UnsafeBufferPointer<Element>) {
        reserve(elements.count)
        if let source = elements.baseAddress {
            (base + count).update(from: source, count: elements.count)
        }
        count += elements.count
    }

    /// Appends without checking capacity; call `reserve` first.
    @inline(__always)
    mutating func appendReserved(_ element: Element) {
        base[count] = element
        count += 1
    }

    /// Where the next element goes: the start of the reserved room.
    var end: UnsafeMutablePointer<Element> { base + count }

    /// Counts `added` elements written at `end` as appended; call `reserve` first.
    @inline(__always)
    mutating func extend(by added: Int) { count += added }

    /// Drops the elements from `index` on.
    mutating func truncate(to index: Int) { count = index }

    /// The elements, valid until the next change.
    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    /// Gives up the memory, trimmed to `count`; the caller must `free` it.
    consuming func take() -> UnsafeMutablePointer<Element> {
        let trimmed = realloc(base, max(count, 1) * MemoryLayout<Element>.stride)!.assumingMemoryBound(to: Element.self)
        discard self
        return trimmed
    }
}

extension RawBuffer where Element == UInt8 {
    /// Appends the first `count` (at most 4) bytes of `word`, lowest first, with one store;
    /// needs 4 bytes of reserved room.
    @inline(__always)
    mutating func appendReserved(word: UInt32, count byteCount: Int) {
        UnsafeMutableRawPointer(base + count).storeBytes(of: word.littleEndian, as: UInt32.self)
        count += byteCount
    }
}
