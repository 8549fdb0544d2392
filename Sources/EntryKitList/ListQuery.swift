/// What the user typed to filter a list, with its folded form.
///
/// A query matches an item when its folded bytes occur in the item's folded bytes (see
/// `SearchFolding`). A query that folds to nothing (empty, or only accents) matches every item.
///
///     let query = ListQuery("cafe")
///     query.matchedUTF8Ranges(in: "Le Café, CAFÉ")   // [3..<8, 10..<15]
public struct ListQuery: Sendable, Hashable {
    /// The text as typed.
    public let text: String
    /// `text` folded; what is searched for.
    let folded: [UInt8]

    /// A query for `text`.
    public init(_ text: String) {
        self.text = text
        folded = SearchFolding.foldedUTF8(text)
    }

    /// Whether the query matches every item.
    public var matchesEverything: Bool { folded.isEmpty }

    /// The folded text the query searches for.
    public var foldedText: String { String(decoding: folded, as: UTF8.self) }

    /// Whether every item this query matches is also matched by `other`, because `other`'s
    /// folded text occurs in this one's ("item" refines "tem"); then this query's matches can
    /// be found among `other`'s instead of among all items.
    public func refines(_ other: ListQuery) -> Bool {
        if other.folded.isEmpty { return true }
        guard other.folded.count <= folded.count else { return false }
        return ListQuery.firstOccurrence(of: other.folded[...], in: folded[...], from: 0) != nil
    }

    // MARK: Matched ranges

    /// The byte ranges of the UTF-8 of item `index` that this query matched, in order and not
    /// overlapping: what a view turns into Pango attributes (which use UTF-8 byte offsets).
    ///
    /// Computed on demand, for the rows on screen. Ranges cover whole original characters:
    /// `e` in `É` (two bytes) is `0..<2`, and in `e` + U+0301 it covers the accent too. Empty
    /// when the query matches everything or does not match.
    public func matchedUTF8Ranges(in items: ListItems, at index: Int) -> [Range<Int>] {
        items.withUTF8(at: index) { matchedUTF8Ranges(inUTF8: $0) }
    }

    /// The byte ranges of `string`'s UTF-8 that this query matched; see `matchedUTF8Ranges(in:at:)`.
    public func matchedUTF8Ranges(in string: String) -> [Range<Int>] {
        var copy = string
        return copy.withUTF8 { matchedUTF8Ranges(inUTF8: $0) }
    }

    /// The ranges of `string` that this query matched, as `String` indices.
    public func matchedRanges(in string: String) -> [Range<String.Index>] {
        let utf8 = string.utf8
        return matchedUTF8Ranges(in: string).map { range in
            utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)
        }
    }

    /// The matched ranges in valid UTF-8 `bytes`.
    func matchedUTF8Ranges(inUTF8 bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        guard !folded.isEmpty else { return [] }
        if SearchFolding.isASCII(bytes) {
            // ASCII folds byte for byte, so folded offsets are original offsets.
            let lowered = bytes.map { SearchFolding.asciiLowercase[Int($0)] }
            return occurrences(in: lowered[...])
        }
        var folder = SearchFolding.Folder()
        var foldedBytes = RawBuffer<UInt8>()
        var pieces = [SearchFolding.Folder.Boundary(folded: 0, original: 0)]
        folder.fold(bytes, into: &foldedBytes, boundaries: &pieces)
        let foldedItem = Array(foldedBytes.elements)
        var ranges: [Range<Int>] = []
        for match in occurrences(in: foldedItem[...]) {
            // Start: where the last piece ending at or before the match start ends.
            let startPiece = pieces.lastIndex { $0.folded <= match.lowerBound }!
            // End: the first piece reaching the match end, and the dropped accents after it.
            var endPiece = pieces.firstIndex { $0.folded >= match.upperBound }!
            while endPiece + 1 < pieces.count, pieces[endPiece + 1].folded == pieces[endPiece].folded {
                endPiece += 1
            }
            let range = pieces[startPiece].original..<pieces[endPiece].original
            // Two matches inside one original character (`s` twice in `ß`) give one range.
            if let last = ranges.last, range.lowerBound < last.upperBound {
                ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                ranges.append(range)
            }
        }
        return ranges
    }

    /// Non-overlapping occurrences of the folded query in `text`, left to right.
    private func occurrences(in text: ArraySlice<UInt8>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var from = text.startIndex
        while let start = ListQuery.firstOccurrence(of: folded[...], in: text, from: from) {
            result.append((start - text.startIndex)..<(start - text.startIndex + folded.count))
            from = start + folded.count
        }
        return result
    }

    /// The index in `text` where `needle` first occurs at or after `from`.
    static func firstOccurrence(of needle: ArraySlice<UInt8>, in text: ArraySlice<UInt8>, from: Int) -> Int? {
        guard let first = needle.first, needle.count <= text.endIndex - from else { return nil }
        var start = from
        let lastStart = text.endIndex - needle.count
        while start <= lastStart {
            if text[start] == first, text[start..<(start + needle.count)].elementsEqual(needle) { return start }
            start += 1
        }
        return nil
    }
}
