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
        // Without a carriage return anywhere, the lines are the pieces between newlines, split
        // a block at a time.
        if memchr(base, 0x0D, bytes.count) == nil {
            self.init(separated: bytes, by: [0x0A])
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
        // Valid text split at a valid separator gives valid pieces (a separator starts with a
        // byte that begins a character), so one check of the whole spares one per item.
        let oneByte = separator.count == 1 ? Self.count(separator[0], in: bytes) : nil
        let piecesAreValid =
            (oneByte?.allASCII ?? SearchFolding.isASCII(bytes))
            || (Builder.isValidUTF8(bytes) && separator.withUnsafeBufferPointer { Builder.isValidUTF8($0) })
        @inline(__always)
        func append(_ start: Int, _ end: Int, to builder: inout Builder) {
            if piecesAreValid {
                builder.appendValid(base + start, count: end - start, readable: bytes.count - start)
            } else {
                builder.appendRepairing(UnsafeBufferPointer(start: base + start, count: end - start))
            }
        }
        if let oneByte {
            // The common case (lines, or a byte no item holds): separators found 16 bytes at a time.
            let endsWithSeparator = bytes[bytes.count - 1] == separator[0]
            let itemCount = oneByte.separators + (endsWithSeparator ? 0 : 1)
            var builder = Builder(items: itemCount, bytes: bytes.count)
            if piecesAreValid {
                builder.appendSplitting(bytes, at: separator[0], itemCount: itemCount)
                self.init(storage: builder.finish())
                return
            }
            var start = 0
            Self.forEach(separator[0], in: bytes) { position in
                append(start, position, to: &builder)
                start = position + 1
            }
            if !endsWithSeparator { append(start, bytes.count, to: &builder) }
            self.init(storage: builder.finish())
            return
        }
        /// Where the next separator at or after `cursor` starts (`bytes.count` when none does).
        func nextSeparator(from cursor: Int) -> Int {
            var from = cursor
            while from + separator.count <= bytes.count, let hit = memchr(base + from, Int32(separator[0]), bytes.count - from) {
                let at = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
                guard at + separator.count <= bytes.count else { break }
                if memcmp(base + at, separator, separator.count) == 0 { return at }
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
            append(cursor, end, to: &builder)
            cursor = end + separator.count
        }
        self.init(storage: builder.finish())
    }

    /// How many times `byte` occurs in `bytes`, and whether all of them are ASCII: one pass,
    /// 16 bytes at a time.
    static func count(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> (separators: Int, allASCII: Bool) {
        guard let base = bytes.baseAddress else { return (0, true) }
        let wanted = SIMD16<UInt8>(repeating: byte)
        var found = 0
        var highBits = SIMD16<UInt8>(repeating: 0)
        var index = 0
        // Each lane counts its own hits, one vector subtraction per block (a hit's lane is all
        // ones, -1), and is added up before it can overflow: no bit count per block, which the
        // baseline x86-64 the library is built for has no instruction for.
        while index + 16 <= bytes.count {
            var lanes = SIMD16<UInt8>(repeating: 0)
            let stop = Swift.min(index + 255 * 16, bytes.count - 15)
            while index < stop {
                let block = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
                highBits |= block
                lanes &-= unsafeBitCast(block .== wanted, to: SIMD16<UInt8>.self)
                index &+= 16
            }
            for lane in lanes.indices { found &+= Int(lanes[lane]) }
        }
        var tailBits: UInt8 = 0
        while index < bytes.count {
            if base[index] == byte { found += 1 }
            tailBits |= base[index]
            index += 1
        }
        return (found, highBits & 0x80 == SIMD16(repeating: 0) && tailBits < 0x80)
    }

    /// Calls `body` with the position of every `byte` in `bytes`, in order, comparing 16 bytes at
    /// a time.
    @inline(__always)
    static func forEach(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Void) {
        guard let base = bytes.baseAddress else { return }
        let wanted = SIMD16<UInt8>(repeating: byte)
        var index = 0
        while index + 16 <= bytes.count {
            let block = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
            // Each lane is 0x00 or 0xFF; one bit per lane, taken lowest first.
            let lanes = unsafeBitCast(block .== wanted, to: SIMD2<UInt64>.self)
            var low = lanes[0] & 0x8080_8080_8080_8080
            var high = lanes[1] & 0x8080_8080_8080_8080
            while low != 0 {
                body(index &+ low.trailingZeroBitCount >> 3)
                low &= low &- 1
            }
            while high != 0 {
                body(index &+ 8 &+ high.trailingZeroBitCount >> 3)
                high &= high &- 1
            }
            index &+= 16
        }
        while index < bytes.count {
            if base[index] == byte { body(index) }
            index += 1
        }
    }
}
