import FoundationEssentials
import Glibc

extension ListItems {
    /// One item per line of `bytes`, split without making a `String` per line.
    ///
    /// Lines end at `\n`; a `\r` before it is dropped (CRLF files), and a final `\n` does not
    /// start another item. Bytes that are not valid UTF-8 become U+FFFD. This is how a
    /// command reads its items from standard input:
    ///
    ///     let items = ListItems(lines: FileHandle.standardInput.readDataToEndOfFile())
    public init(lines bytes: some ContiguousBytes) {
        self = bytes.withUnsafeBytes { raw in
            ListItems(lines: UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: raw.count))
        }
    }

    /// One item per line of `bytes`; see `init(lines:)`.
    public init(lines bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            self.init()
            return
        }
        // Count lines first so the offset arrays are allocated once.
        var lineCount = 0
        var cursor = 0
        while cursor < bytes.count {
            guard let newline = memchr(base + cursor, 0x0A, bytes.count - cursor) else {
                lineCount += 1
                break
            }
            lineCount += 1
            cursor = UnsafeRawPointer(newline) - UnsafeRawPointer(base) + 1
        }
        var builder = Builder(items: lineCount, bytes: bytes.count)
        cursor = 0
        while cursor < bytes.count {
            let end: Int
            let next: Int
            if let newline = memchr(base + cursor, 0x0A, bytes.count - cursor) {
                end = UnsafeRawPointer(newline) - UnsafeRawPointer(base)
                next = end + 1
            } else {
                end = bytes.count
                next = end
            }
            var lineEnd = end
            if lineEnd > cursor, base[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            builder.appendRepairing(UnsafeBufferPointer(start: base + cursor, count: lineEnd - cursor))
            cursor = next
        }
        self.init(storage: builder.finish())
    }
}

extension ListItems {
    /// The pieces of `bytes` between each `separator` (one or more bytes), split without making
    /// a `String` per item: what a program in another language hands over in one buffer instead
    /// of an array of a million strings.
    ///
    /// A final separator does not start another item (`"a\nb\n"` is two items), empty text is no
    /// items, and bytes that are not valid UTF-8 become U+FFFD. Unlike `init(lines:)`, a `\r`
    /// before a `\n` separator stays in the item.
    ///
    ///     ListItems(separated: Array("red,green,blue".utf8), by: Array(",".utf8))   // 3 items
    public init(separated bytes: UnsafeBufferPointer<UInt8>, by separator: [UInt8]) {
        precondition(!separator.isEmpty, "ListItems(separated:by:) needs a separator of at least one byte")
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            self.init()
            return
        }
        /// Where the next separator at or after `cursor` starts (`bytes.count` when none does).
        func nextSeparator(from cursor: Int) -> Int {
            var from = cursor
            while from + separator.count <= bytes.count, let hit = memchr(base + from, Int32(separator[0]), bytes.count - from) {
                let at = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
                guard at + separator.count <= bytes.count else { break }
                if separator.count == 1 || memcmp(base + at, separator, separator.count) == 0 { return at }
                from = at + 1
            }
            return bytes.count
        }
        // Count the items first so the offsets are allocated once.
        var itemCount = 0
        var cursor = 0
        while cursor < bytes.count {
            itemCount += 1
            cursor = nextSeparator(from: cursor) + separator.count
        }
        var builder = Builder(items: itemCount, bytes: bytes.count)
        cursor = 0
        while cursor < bytes.count {
            let end = nextSeparator(from: cursor)
            builder.appendRepairing(UnsafeBufferPointer(start: base + cursor, count: end - cursor))
            cursor = end + separator.count
        }
        self.init(storage: builder.finish())
    }
}
