import Glibc

/// Keyboard type-ahead for a list, as file choosers do: letters typed in quick succession
/// find the next item that starts with them.
///
/// - Letters typed within `timeout` of the previous one add to the typed prefix; after a
///   pause the prefix starts again.
/// - The first letter searches from the row after the current one; further letters search
///   from the current row, so it stays put while it still matches.
/// - The search wraps around past the last row.
/// - The same letter typed again and again cycles through the items starting with it, as
///   GTK's and Windows' lists do (so "aa" does not look for items starting "aa").
/// - Prefixes compare folded, like the filter: `e` finds `Élan` (see `SearchFolding`).
///
/// The clock is a parameter, so tests pass their own instants:
///
///     var typeAhead = TypeAhead()
///     if let row = typeAhead.type("b", from: highlightedRow, in: items, rows: matches) {
///         highlight(row)
///     }
public struct TypeAhead: Sendable {
    /// How long after a letter the next one still adds to the prefix.
    public var timeout: Duration
    /// The letters typed so far in this burst.
    public private(set) var typed: String = ""
    private var lastKeystroke: ContinuousClock.Instant?

    /// Type-ahead that starts over after `timeout` without typing.
    public init(timeout: Duration = .seconds(1)) {
        self.timeout = timeout
    }

    /// Forgets the typed letters, so the next one starts a new prefix (say, when the list closes).
    public mutating func reset() {
        typed = ""
        lastKeystroke = nil
    }

    /// Adds `text` (usually one letter) to the typed prefix and returns the row to highlight,
    /// or nil when no row starts with the prefix (the highlight should stay).
    ///
    /// - Parameters:
    ///   - currentRow: the highlighted row, or nil when none is.
    ///   - rows: the rows shown, as the filter left them; nil means every item.
    ///   - now: when the letter was typed.
    public mutating func type(
        _ text: String, from currentRow: Int?, in items: ListItems, rows: ListMatches? = nil,
        at now: ContinuousClock.Instant = .now
    ) -> Int? {
        if let lastKeystroke, now - lastKeystroke > timeout { typed = "" }
        lastKeystroke = now
        typed += text
        let rows = rows ?? .all(items.count)
        guard !rows.isEmpty else { return nil }

        let prefixText: String
        let start: Int
        if let first = typed.first, typed.allSatisfy({ $0 == first }) {
            // One letter, or the same one repeated: the next item starting with it.
            prefixText = String(first)
            start = currentRow.map { $0 + 1 } ?? 0
        } else {
            prefixText = typed
            start = currentRow ?? 0
        }
        let prefix = SearchFolding.foldedUTF8(prefixText)
        guard !prefix.isEmpty else { return nil }

        let storage = items.storage
        return withExtendedLifetime(storage) {
            prefix.withUnsafeBufferPointer { prefix in
                // The folded copy when it is made; else each item folded as it is reached (the
                // search usually stops after a few).
                var folded = RawBuffer<UInt8>(capacity: 256)
                var folder = SearchFolding.Folder()
                let copy = storage.foldedCopy
                func startsWithPrefix(row: Int) -> Bool {
                    let item = rows[row]
                    if let copy {
                        let begin = Int(copy.offsets[item])
                        // Items shorter than the prefix cannot start with it.
                        guard Int(copy.offsets[item + 1]) - 1 - begin >= prefix.count else { return false }
                        return memcmp(copy.folded + begin, prefix.baseAddress!, prefix.count) == 0
                    }
                    folded.truncate(to: 0)
                    storage.appendFolded(item: item, to: &folded, folder: &folder)
                    return folded.count >= prefix.count && memcmp(folded.base, prefix.baseAddress!, prefix.count) == 0
                }
                let count = rows.count
                let first = min(max(start, 0), count) % count
                var row = first
                repeat {
                    if startsWithPrefix(row: row) { return row }
                    row += 1
                    if row == count { row = 0 }
                } while row != first
                return nil
            }
        }
    }
}
