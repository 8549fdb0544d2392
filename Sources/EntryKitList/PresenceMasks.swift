/// For each item of a large list, one word saying which bytes its folded form holds: a bit of
/// its own for each letter, digit and the space (bits 0–36), and the other bytes sharing the
/// rest. The preparation for search makes them (see `ListItems.prepareForSearch()`).
///
/// Why: the first keystroke is one letter, and one letter matches most of a list (an "r" more
/// than half of a million items), which makes it the dearest search of all, several
/// milliseconds of both cores reading every item's text. With the masks a query of one such
/// byte tests a word per item instead (see `ListFilter`), a millisecond on one core, so the
/// first key lands in its frame even on a busy machine. Eight bytes an item, made only for lists
/// of `itemThreshold` items and more, where a search of the text no longer takes well under a
/// frame.
struct PresenceMasks: @unchecked Sendable {  // written once, before it is shared; then read only
    let masks: UnsafeMutablePointer<UInt64>
    /// The bytes of `masks`.
    let byteCount: Int
    private let mappedBytes: Int

    static let itemThreshold = 131_072

    /// The masks of `storage`'s items, read from their text when they are all ASCII (lowercased
    /// by the bits: both cases of a letter set the same one) or else from the folded copy; nil
    /// when `isCancelled` said so (asked every few thousand items).
    init?(_ storage: ListItems.Storage, _ form: ListItems.Storage.SearchForm, isCancelled: () -> Bool) {
        let count = storage.count
        byteCount = count * MemoryLayout<UInt64>.stride
        let (memory, mapped) = RawMemory.allocate(bytes: max(byteCount, 1))
        masks = memory.assumingMemoryBound(to: UInt64.self)
        mappedBytes = mapped
        // Item `i` is `bytes[offsets[i] ..< offsets[i + 1] - separator]`.
        let (bytes, offsets, separator): (UnsafePointer<UInt8>, UnsafePointer<UInt32>, Int) =
            switch form {
            case .ascii: (UnsafePointer(storage.text), UnsafePointer(storage.offsets), 0)
            case .folded(let search): (UnsafePointer(search.folded), UnsafePointer(search.offsets), 1)
            }
        let bits = Self.bits
        for item in 0..<count {
            if item & 0x3FFF == 0, isCancelled() {
                release()
                return nil
            }
            var mask: UInt64 = 0
            for index in Int(offsets[item])..<(Int(offsets[item + 1]) - separator) { mask |= bits[Int(bytes[index])] }
            masks[item] = mask
        }
    }

    /// Gives the memory back; only its owner calls it, once.
    func release() { RawMemory.release(masks, mappedBytes: mappedBytes) }

    /// The bit a query of the one folded byte `byte` looks for, when that bit is the byte's
    /// alone (a lowercase letter, a digit, the space): then the items whose mask holds it are
    /// exactly the items that match. Nil for any other byte.
    static func exactBit(of byte: UInt8) -> UInt64? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: " "): bits[Int(byte)]
        default: nil
        }
    }

    /// The bit of each byte: letters (either case) 0–25, digits 26–35, the space 36, every other
    /// byte one of 37–63.
    nonisolated(unsafe) private static let bits: UnsafePointer<UInt64> = {
        let table = UnsafeMutablePointer<UInt64>.allocate(capacity: 256)
        for byte in 0..<256 { table[byte] = 1 << UInt64(37 + byte % 27) }
        for letter in 0..<26 {
            table[Int(UInt8(ascii: "a")) + letter] = 1 << UInt64(letter)
            table[Int(UInt8(ascii: "A")) + letter] = 1 << UInt64(letter)
        }
        for digit in 0..<10 { table[Int(UInt8(ascii: "0")) + digit] = 1 << UInt64(26 + digit) }
        table[Int(UInt8(ascii: " "))] = 1 << 36
        return UnsafePointer(table)
    }()
}
