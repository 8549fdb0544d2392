/// The items a filter kept, in item order: row `r` of a filtered list shows item `self[r]`.
///
/// "Every item" is stored as a count, not as a million indices; otherwise the indices are
/// `Int32`s.
///
///     let matches = ListFilter.matches(of: ListQuery("an"), in: items)
///     for row in matches.indices { print(items[matches[row]]) }
public struct ListMatches: Sendable, RandomAccessCollection, Equatable {
    enum Storage: Sendable, Equatable {
        case all(Int)
        case some([Int32])
    }

    let storage: Storage

    /// Every item of a list of `count` items.
    public static func all(_ count: Int) -> ListMatches { ListMatches(storage: .all(count)) }

    /// The given item indices, which must be ascending.
    public init(itemIndices: [Int32]) { storage = .some(itemIndices) }

    init(storage: Storage) { self.storage = storage }

    /// Whether this is every item (an empty query, or one every item matched).
    public var isAll: Bool {
        if case .all = storage { return true }
        return false
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int {
        switch storage {
        case .all(let count): count
        case .some(let indices): indices.count
        }
    }

    /// The item index shown in row `row`.
    public subscript(row: Int) -> Int {
        switch storage {
        case .all(let count):
            precondition(row >= 0 && row < count, "row \(row) out of 0..<\(count)")
            return row
        case .some(let indices):
            return Int(indices[row])
        }
    }

    /// The row that shows item `itemIndex`, or nil if the filter dropped it; to keep the
    /// highlighted item highlighted when the filter changes.
    public func row(ofItem itemIndex: Int) -> Int? {
        switch storage {
        case .all(let count):
            return itemIndex >= 0 && itemIndex < count ? itemIndex : nil
        case .some(let indices):
            var low = 0, high = indices.count
            while low < high {
                let middle = (low + high) / 2
                if Int(indices[middle]) < itemIndex { low = middle + 1 } else { high = middle }
            }
            return low < indices.count && Int(indices[low]) == itemIndex ? low : nil
        }
    }

    /// The first row whose item index is at least `itemIndex` (`count` if none); to keep the
    /// highlight near where it was when its item is filtered out.
    public func firstRow(atOrAfterItem itemIndex: Int) -> Int {
        switch storage {
        case .all(let count):
            return Swift.min(Swift.max(itemIndex, 0), count)
        case .some(let indices):
            var low = 0, high = indices.count
            while low < high {
                let middle = (low + high) / 2
                if Int(indices[middle]) < itemIndex { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }
}
