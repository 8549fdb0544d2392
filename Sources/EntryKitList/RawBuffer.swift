import Glibc
import Synchronization

/// A growable buffer of plain values in memory it allocates itself, for building the item
/// store without `Array`'s per-append uniqueness and capacity checks.
///
/// Not copyable, so the memory has one owner: either `deinit` frees it, or `take()` hands it
/// to a `ListItems.Storage`, which frees it.
struct RawBuffer<Element: BitwiseCopyable>: ~Copyable {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int
    /// The bytes mapped for `base` when it is a mapping of its own (see `RawMemory`), else 0.
    private var mappedBytes: Int

    init(capacity: Int = 16) {
        self.capacity = max(capacity, 16)
        let (memory, mapped) = RawMemory.allocate(bytes: self.capacity * MemoryLayout<Element>.stride)
        base = memory.assumingMemoryBound(to: Element.self)
        mappedBytes = mapped
    }

    deinit { RawMemory.release(base, mappedBytes: mappedBytes) }

    /// Makes room for `additional` more elements.
    @inline(__always)
    mutating func reserve(_ additional: Int) {
        if count + additional > capacity { grow(to: count + additional) }
    }

    private mutating func grow(to minimum: Int) {
        capacity = max(minimum, capacity * 2)
        let bytes = capacity * MemoryLayout<Element>.stride
        if mappedBytes == 0, bytes < RawMemory.mappingThreshold {
            base = realloc(base, bytes)!.assumingMemoryBound(to: Element.self)
            return
        }
        let (memory, mapped) = RawMemory.allocate(bytes: bytes)
        let moved = memory.assumingMemoryBound(to: Element.self)
        moved.update(from: base, count: count)
        RawMemory.release(base, mappedBytes: mappedBytes)
        base = moved
        mappedBytes = mapped
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

    /// Gives up the memory, trimmed to `count` (and the `extra` elements written past it, which
    /// must be reserved) unless it is a mapping of its own (its pages past those were never
    /// touched, so they take no memory); the caller must release it with `RawMemory.release`.
    consuming func take(keeping extra: Int = 0) -> (pointer: UnsafeMutablePointer<Element>, mappedBytes: Int) {
        let taken =
            mappedBytes > 0
            ? base : realloc(base, max(count + extra, 1) * MemoryLayout<Element>.stride)!.assumingMemoryBound(to: Element.self)
        let mapped = mappedBytes
        discard self
        return (taken, mapped)
    }
}

/// Where the item store's buffers come from: `malloc` for small ones, and for large ones a
/// mapping of their own, aligned to and asking for huge pages.
///
/// A new buffer's pages are faulted in one at a time as it is first written, and for a large
/// list that is most of the cost of making its store: with 2 MiB pages there are 512 times
/// fewer faults. (The allocator's own large blocks are neither aligned nor marked for huge
/// pages, and where the system gives huge pages only on request, they get none.)
///
/// A released mapping is kept for the next store of about its size, as `malloc` keeps freed
/// blocks: a list given new items again and again (search results, a refreshed source) then
/// writes into memory that is already there instead of having the kernel find, zero and map
/// fresh huge pages each time. Kept mappings are marked `MADV_FREE`, so under memory pressure
/// the kernel takes their pages back without writing them anywhere; at most `keptLimit` are
/// kept.
enum RawMemory {
    /// Buffers of this many bytes and more get a mapping of their own: from here on, whole
    /// huge pages waste at most an eighth.
    static let mappingThreshold = hugePageBytes / 8 * 7
    static let hugePageBytes = 2 << 20
    private static let pageBytes = 4096
    private static let adviseHugePages: Int32 = 14  // MADV_HUGEPAGE

    private static let adviseFree: Int32 = 8  // MADV_FREE
    /// Released mappings kept for reuse, newest last: (address, size).
    private static let kept = Mutex<[(address: Int, size: Int)]>([])
    static let keptLimit = 4

    /// `bytes` of memory, and how many bytes were mapped for it (0 when it came from `malloc`).
    static func allocate(bytes: Int) -> (UnsafeMutableRawPointer, mappedBytes: Int) {
        guard bytes >= mappingThreshold else { return (malloc(bytes)!, 0) }
        // Whole huge pages when that wastes little, else whole small pages (the part past the
        // last whole huge page then stays in small ones).
        let hugeRounded = roundUp(bytes, to: hugePageBytes)
        let size = hugeRounded - bytes <= bytes / 8 ? hugeRounded : roundUp(bytes, to: pageBytes)
        if let reused = takeKept(atLeast: size) { return reused }
        // One huge page more than needed, to start on a huge page boundary.
        let reserved = size + hugePageBytes
        guard let mapping = mmap(nil, reserved, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapping != UnsafeMutableRawPointer(bitPattern: -1)
        else { return (malloc(bytes)!, 0) }
        let start = roundUp(Int(bitPattern: mapping), to: hugePageBytes)
        let lead = start - Int(bitPattern: mapping)
        if lead > 0 { munmap(mapping, lead) }
        if reserved - lead - size > 0 { munmap(UnsafeMutableRawPointer(bitPattern: start + size), reserved - lead - size) }
        let memory = UnsafeMutableRawPointer(bitPattern: start)!
        _ = madvise(memory, size, adviseHugePages)  // a hint: without huge pages it is plain memory
        return (memory, size)
    }

    /// A kept mapping of `size` bytes or a little more (at most an eighth), newest first.
    private static func takeKept(atLeast size: Int) -> (UnsafeMutableRawPointer, mappedBytes: Int)? {
        kept.withLock { kept in
            guard let index = kept.lastIndex(where: { $0.size >= size && $0.size - size <= size / 8 }) else { return nil }
            let mapping = kept.remove(at: index)
            return (UnsafeMutableRawPointer(bitPattern: mapping.address)!, mapping.size)
        }
    }

    /// Gives back what `allocate` returned: a mapping is kept for reuse (the oldest kept one
    /// unmapped when there are `keptLimit`), `malloc`'s memory freed.
    static func release(_ memory: UnsafeMutableRawPointer, mappedBytes: Int) {
        guard mappedBytes > 0 else { return free(memory) }
        _ = madvise(memory, mappedBytes, adviseFree)  // the kernel may take the pages back
        let evicted = kept.withLock { kept -> (address: Int, size: Int)? in
            kept.append((Int(bitPattern: memory), mappedBytes))
            return kept.count > keptLimit ? kept.removeFirst() : nil
        }
        if let evicted { munmap(UnsafeMutableRawPointer(bitPattern: evicted.address), evicted.size) }
    }

    /// Unmaps every kept mapping (for tests and for a program that wants its memory back).
    static func releaseKept() {
        let all = kept.withLock { kept -> [(address: Int, size: Int)] in
            defer { kept.removeAll() }
            return kept
        }
        for mapping in all { munmap(UnsafeMutableRawPointer(bitPattern: mapping.address), mapping.size) }
    }

    /// How many released mappings are kept now.
    static var keptCount: Int { kept.withLock { $0.count } }

    private static func roundUp(_ value: Int, to multiple: Int) -> Int { (value + multiple - 1) / multiple * multiple }
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
