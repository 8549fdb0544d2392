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
