import Foundation
import Testing

@testable import EntryKitList

/// Items are made ready for searching when a list gets them, off its thread, so the first
/// keystroke does not pay for it; and a search before that reads the text and finds exactly
/// what the folded copy finds.
@Suite struct ListSearchPreparationTests {
    static let mixed = (0..<50_000).map { "Item \($0) " + ["Grüße", "ORANGE", "École", "ｶﾞｲﾄﾞ", "plain"][$0 % 5] }
    static let ascii = (0..<50_000).map { "Item \($0) " + ["Apple", "ORANGE", "pear"][$0 % 3] }

    @Test func aListPreparesItsItemsBeforeTheFirstKeystroke() {
        let items = ListItems(Self.mixed)
        let engine = ListFilterEngine()
        engine.setItems(items)
        ListItems.Storage.waitForPreparations()
        // Made with the items, before any search.
        #expect(items.storage.foldedCopy != nil)
        #expect(items.storage.foldedCopiesMade.load(ordering: .relaxed) == 1)
        #expect(engine.filterNow("grusse").matches.count == 10_000)
        #expect(engine.filterNow("eco").matches.count == 10_000)
        #expect(items.storage.foldedCopiesMade.load(ordering: .relaxed) == 1, "the searches made no copy of their own")
    }

    @Test func aKeystrokeBeforeThePreparationRunsNeitherWaitsForItNorMakesTheCopy() {
        let items = ListItems(Self.mixed)
        ListItems.Storage.suspendPreparationsForTesting()
        defer { ListItems.Storage.resumePreparationsForTesting() }
        let engine = ListFilterEngine(items: items)  // its preparation waits behind the held queue
        // A search that waited for the copy would never return here; one that made it would count.
        #expect(engine.filterNow("grusse").matches.count == 10_000)
        #expect(engine.filterNow("ｶﾞｲ").matches.count == 10_000)
        #expect(engine.filterNow("ITEM 4").matches.count == 11_111)
        #expect(items.storage.searchForm == nil)
        #expect(items.storage.foldedCopiesMade.load(ordering: .relaxed) == 0)
    }

    @Test func asciiItemsNeedNoFoldedCopy() {
        let items = ListItems(Self.ascii)
        let engine = ListFilterEngine(items: items)
        ListItems.Storage.waitForPreparations()
        guard case .ascii = items.storage.searchForm else {
            Issue.record("ASCII items were not found to be ASCII")
            return
        }
        #expect(items.overheadByteCount == (items.count + 1) * MemoryLayout<UInt32>.stride, "offsets only")
        #expect(engine.filterNow("orange").matches.count == 16_667)
        // In the text one item runs into the next ("…AppleItem 3…"); a match may not.
        #expect(engine.filterNow("appleitem").matches.isEmpty)
        #expect(engine.filterNow("PEARITEM 2").matches.isEmpty)
        #expect(engine.filterNow("0 APP").matches.count == Self.ascii.indices.filter { $0 % 3 == 0 && $0 % 10 == 0 }.count)
        #expect(items.storage.foldedCopiesMade.load(ordering: .relaxed) == 0)
        #expect(items.foldedUTF8(at: 1) == Array("item 1 orange".utf8))
    }

    @Test func newItemsCancelTheOldOnesPreparationAndASearchStartsItAgain() {
        let old = ListItems(Self.mixed)
        let engine = ListFilterEngine(items: old)
        engine.setItems(ListItems(["one"]))
        ListItems.Storage.waitForPreparations()
        // Cancelled before it ran, or done already: either way a search of them finds what it should.
        #expect(ListFilter.matches(of: ListQuery("ecole"), in: old)!.count == 10_000)
        ListItems.Storage.waitForPreparations()
        #expect(old.storage.foldedCopy != nil, "the search started the preparation again")
        #expect(old.storage.foldedCopiesMade.load(ordering: .relaxed) == 1)
    }

    /// The text scan (ASCII blocks lowercased as read, other blocks folded item by item) and
    /// the folded copy's scan find the same items as the reference, on blocks of every kind,
    /// single-thread and parallel, full and refined.
    @Test(arguments: [(3_000, false), (3_000, true), (140_000, false), (140_000, true)])
    func theTextScanFindsWhatTheFoldedCopyFinds(itemCount: Int, onlyASCII: Bool) {
        var random = TestRandom(seed: UInt64(itemCount) + (onlyASCII ? 1 : 0))
        let asciiAlphabet = Array("aAbBcdeEfghIijklmnoOpqrstuvwxyZz @[`{-0123456789")
        let otherAlphabet = Array("éÉèïöüßｅＥｶﾞガカ漢字ｓ")
        let strings = (0..<itemCount).map { index in
            // Runs of ASCII blocks, and blocks where a few items are not.
            let alphabet = onlyASCII || (index / 700) % 2 == 0 || random.below(20) > 0 ? asciiAlphabet : asciiAlphabet + otherAlphabet
            return String((0..<random.below(14)).map { _ in alphabet[random.below(alphabet.count)] })
        }
        let items = ListItems(strings)
        let copy = ListItems(strings)
        copy.prepareForSearch()
        ListItems.Storage.waitForPreparations()
        #expect(copy.storage.searchForm != nil)
        for _ in 0..<(itemCount > 10_000 ? 6 : 40) {
            let source =
                random.below(2) == 0
                ? Array(strings[random.below(itemCount)]) : (0..<4).map { _ in asciiAlphabet[random.below(asciiAlphabet.count)] }
            let start = source.isEmpty ? 0 : random.below(source.count)
            let typed = String(source[start...].prefix(4))
            var previous: ListMatches? = nil
            for length in 1...max(typed.count, 1) {
                let query = ListQuery(String(typed.prefix(length)))
                let text = ListFilter.matches(of: query, in: items, within: previous, readingText: true) { false }!
                let folded = ListFilter.matches(of: query, in: copy)!
                #expect(Array(text) == Array(folded), "\(query.text)")
                if itemCount <= 5_000 {
                    #expect(Array(text) == referenceMatches(query.text, in: strings), "\(query.text)")
                }
                previous = text
            }
        }
    }

    /// A large list's first keystroke (one letter, digit or space, the query that matches the
    /// most items) is answered by the presence masks its preparation made, a word per item,
    /// without reading the text; what they find is what a scan of the text finds.
    @Test(arguments: [true, false])
    func aLargeListsOneByteQueriesAreAnsweredByThePresenceMasks(onlyASCII: Bool) {
        let words = onlyASCII ? ["Apple", "ORANGE", "pear", "x-ray"] : ["Grüße", "ORANGE", "École", "ｶﾞｲﾄﾞ", "x-ray"]
        let strings = (0..<PresenceMasks.itemThreshold + 9).map { "Item \($0 * 7) " + words[$0 % words.count] }
        let items = ListItems(strings)
        let small = ListItems(Array(strings.prefix(PresenceMasks.itemThreshold - 1)))
        _ = ListFilterEngine(items: items)
        _ = ListFilterEngine(items: small)
        ListItems.Storage.waitForPreparations()
        guard let presence = items.storage.presenceMasks else {
            Issue.record("the preparation made no presence masks")
            return
        }
        #expect(small.storage.presenceMasks == nil && small.storage.isPrepared, "a smaller list needs none")
        #expect(presence.byteCount == items.count * MemoryLayout<UInt64>.stride)
        let offsets = (items.count + 1) * MemoryLayout<UInt32>.stride
        #expect(items.overheadByteCount == offsets + (items.storage.foldedCopy?.byteCount ?? 0) + presence.byteCount)
        var random = TestRandom(seed: 7)
        let some = ListMatches(itemIndices: (0..<items.count).filter { _ in random.below(3) == 0 }.map { Int32($0) })
        var answered = 0
        for typed in ["r", "A", "g", "é", "E", "7", "0", " ", "ß", "-", "ｶ", "ra"] {
            let query = ListQuery(typed)
            for base in [nil, some] {
                let scanned = ListFilter.matches(of: query, in: items, within: base, readingText: true) { false }!
                let before = items.storage.searchesAnsweredByPresence.load(ordering: .relaxed)
                #expect(Array(ListFilter.matches(of: query, in: items, within: base)!) == Array(scanned), "\(typed)")
                answered += items.storage.searchesAnsweredByPresence.load(ordering: .relaxed) - before
            }
        }
        // Of these, "r" "A" "g" "é" (e) "E" "7" "0" " " are one byte with a bit of its own; "ß"
        // (ss), "-", "ｶ" and "ra" are read from the text.
        #expect(answered == 8 * 2)
        #expect(small.storage.searchesAnsweredByPresence.load(ordering: .relaxed) == 0)
    }

    @Test func aTextMatchDoesNotRunFromOneItemIntoTheNext() {
        let items = ListItems(["xA", "Bx", "", "ab", "a", "B"])
        let found = ListFilter.matches(of: ListQuery("ab"), in: items, within: nil, readingText: true) { false }!
        #expect(Array(found) == [3])
        let items2 = ListItems(["Crè", "me", "crème"])
        #expect(Array(ListFilter.matches(of: ListQuery("creme"), in: items2, within: nil, readingText: true) { false }!) == [2])
    }
}
