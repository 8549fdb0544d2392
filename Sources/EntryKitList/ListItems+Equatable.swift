import Glibc

/// Items are equal when they hold the same strings in the same order: the same storage, or the
/// same offsets and bytes (two `memcmp`s, no `String` per item), so a field given the same items
/// again can tell and change nothing.
extension ListItems: Equatable {
    public static func == (lhs: ListItems, rhs: ListItems) -> Bool {
        if lhs.storage === rhs.storage { return true }
        guard lhs.count == rhs.count, lhs.utf8ByteCount == rhs.utf8ByteCount else { return false }
        let offsetBytes = (lhs.count + 1) * MemoryLayout<UInt32>.stride
        return memcmp(lhs.storage.offsets, rhs.storage.offsets, offsetBytes) == 0
            && memcmp(lhs.storage.text, rhs.storage.text, lhs.utf8ByteCount) == 0
    }
}

extension ListItems {
    /// Whether both are the one same store (what `==` looks at first): items set again are that
    /// store, new items another, whatever they hold. No comparison of the items themselves.
    package func isSameStore(as other: ListItems) -> Bool { storage === other.storage }
}
