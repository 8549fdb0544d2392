import EntryKitList
import Testing

@Suite struct ListQueryMatchedRangesTests {
    func ranges(_ query: String, _ text: String) -> [Range<Int>] {
        ListQuery(query).matchedUTF8Ranges(in: text)
    }

    @Test func asciiRangesAreByteRanges() {
        #expect(ranges("an", "Banana") == [1..<3, 3..<5])
        #expect(ranges("ITEM", "item 1, Item 2") == [0..<4, 8..<12])
        #expect(ranges("x", "Banana") == [])
        #expect(ranges("", "Banana") == [])
    }

    @Test func accentedRangesCoverTheOriginalBytes() {
        #expect(ranges("cafe", "Le Café, CAFÉ") == [3..<8, 10..<15])
        #expect(ranges("e", "É") == [0..<2])
        // A decomposed accent belongs to its letter.
        #expect(ranges("e", "e\u{301}x") == [0..<3])
        #expect(ranges("x", "e\u{301}x") == [3..<4])
        #expect(ranges("brulee", "Crème brûlée") == [7..<15])
    }

    @Test func widthFoldedRangesCoverTheOriginalBytes() {
        #expect(ranges("b", "ＡＢＣ") == [3..<6])
        #expect(ranges("ガ", "ｶﾞｲﾄﾞ") == [0..<6])
        #expect(ranges("ド", "ｶﾞｲﾄﾞ") == [9..<15])
        #expect(ranges("イ", "ｶﾞｲﾄﾞ") == [6..<9])
    }

    @Test func expansionsMapToWholeCharacters() {
        #expect(ranges("ss", "Straße") == [4..<6])
        // Two matches inside one ß make one range.
        #expect(ranges("s", "ß") == [0..<2])
        #expect(ranges("fi", "a ﬁle") == [2..<5])
    }

    @Test func rangesOfAStoredItemAndAsStringIndices() {
        let items = ListItems(["plain", "Crème"])
        #expect(ListQuery("EM").matchedUTF8Ranges(in: items, at: 1) == [2..<5])
        let text = "Crème"
        let indexRanges = ListQuery("em").matchedRanges(in: text)
        #expect(indexRanges.map { String(text[$0]) } == ["èm"])
    }
}
