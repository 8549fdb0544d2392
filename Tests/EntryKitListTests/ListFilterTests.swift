import EntryKitList
import Testing

/// The reference the scanner must agree with: folded byte substring search, item by item.
func referenceMatches(_ query: String, in strings: [String]) -> [Int] {
    let needle = SearchFolding.foldedUTF8(query)
    guard !needle.isEmpty else { return Array(strings.indices) }
    return strings.indices.filter { index in
        let haystack = SearchFolding.foldedUTF8(strings[index])
        guard haystack.count >= needle.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}

@Suite struct ListFilterTests {
    static let fruits = ["Apple", "Crème brûlée", "CREPE", "ｃｒｅｐｅ (fullwidth)", "École", "Scone", "ｶﾞｲﾄﾞ", "ガイド", "ひらがな", "カタカナ"]

    func filter(_ query: String, _ strings: [String] = fruits) -> [Int] {
        Array(ListFilter.matches(of: ListQuery(query), in: ListItems(strings))!)
    }

    @Test func caseAccentAndWidthInsensitive() {
        #expect(filter("cre") == [1, 2, 3])
        #expect(filter("É") == [0, 1, 2, 3, 4, 5])
        #expect(filter("CRÉ") == [1, 2, 3])
        #expect(filter("e") == [0, 1, 2, 3, 4, 5])
        #expect(filter("ｅ") == filter("e"))
        #expect(filter("é") == filter("e"))
        #expect(filter("ECOLE") == [4])
        #expect(filter("brulee") == [1])
    }

    @Test func japaneseMatchesAsTyped() {
        #expect(filter("ガイド") == [6, 7])
        #expect(filter("ｶﾞｲﾄﾞ") == [6, 7])
        #expect(filter("ガ") == [6, 7])
        // A voiced kana is not its unvoiced one, and the scripts stay apart.
        #expect(filter("カ") == [9])
        #expect(filter("がな") == [8])
        #expect(filter("カナ") == [9])
    }

    @Test func emptyQueryIsEveryItemWithoutIndices() {
        let items = ListItems(Self.fruits)
        let all = ListFilter.matches(of: ListQuery(""), in: items)!
        #expect(all.isAll)
        #expect(all.count == Self.fruits.count)
        #expect(all[3] == 3)
        // Only an accent folds to nothing, too.
        #expect(ListFilter.matches(of: ListQuery("\u{301}"), in: items)!.isAll)
    }

    @Test func queryEveryItemMatchesIsAll() {
        let matches = ListFilter.matches(of: ListQuery("item"), in: ListItems(["Item 1", "ITEM 2", "an item"]))!
        #expect(matches.isAll)
    }

    @Test func noMatchIsEmpty() {
        #expect(filter("zzz").isEmpty)
        #expect(filter("x", []).isEmpty)
        #expect(filter("a longer query than any item in the list, past the sixteen and forty-eight byte marks").isEmpty)
    }

    @Test func matchesDoNotSpanItems() {
        #expect(filter("ab", ["xa", "bx"]).isEmpty)
        #expect(filter("a", ["", "a", ""]) == [1])
    }

    @Test func longQueriesAndLongItems() {
        let long = String(repeating: "abcdefghij", count: 20)
        let strings = [long, long + "Z", "z" + long, String(long.dropLast())]
        #expect(filter(long + "z", strings) == [1])
        #expect(filter(long, strings) == [0, 1, 2])
        #expect(filter("j" + long.prefix(60), strings) == [0, 1, 2, 3])
    }

    @Test func cancelledScanReturnsNil() {
        let items = ListItems((0..<100_000).map { "Item \($0)" })
        #expect(ListFilter.matches(of: ListQuery("7"), in: items, isCancelled: { true }) == nil)
    }

    @Test func matchesKnowTheirRows() {
        let matches = ListMatches(itemIndices: [2, 5, 9])
        #expect(matches.row(ofItem: 5) == 1)
        #expect(matches.row(ofItem: 6) == nil)
        #expect(matches.firstRow(atOrAfterItem: 6) == 2)
        #expect(matches.firstRow(atOrAfterItem: 10) == 3)
        #expect(ListMatches.all(4).row(ofItem: 3) == 3)
        #expect(ListMatches.all(4).row(ofItem: 4) == nil)
    }

    // MARK: Refinement

    @Test func refinesOnlyWhenTheOldQueryIsInsideTheNew() {
        #expect(ListQuery("item").refines(ListQuery("ite")))
        #expect(ListQuery("item").refines(ListQuery("TEM")))
        #expect(ListQuery("item").refines(ListQuery("")))
        #expect(!ListQuery("item").refines(ListQuery("items")))
        #expect(!ListQuery("ite").refines(ListQuery("m")))
    }

    /// Random items and queries: the reference, a full scan, and a chain of refinements
    /// (as typing makes) all agree, on both the single-thread and the parallel path.
    @Test(arguments: [500, 5_000, 140_000])
    func refinementEqualsFullScan(itemCount: Int) {
        var random = TestRandom(seed: UInt64(itemCount))
        let alphabet = Array("aAbBcdeéÉèfghiïjklmnoöpqrstuüvwxyz ｅＥｶﾞガカ漢字ßｓ-0123456789")
        let strings = (0..<itemCount).map { _ in
            String((0..<random.below(14)).map { _ in alphabet[random.below(alphabet.count)] })
        }
        let items = ListItems(strings)
        let queryCount = itemCount > 10_000 ? 4 : 30
        for _ in 0..<queryCount {
            // Half the queries come from an item, so they match something.
            let source =
                random.below(2) == 0
                ? Array(strings[random.below(itemCount)])
                : (0..<4).map { _ in alphabet[random.below(alphabet.count)] }
            let start = source.isEmpty ? 0 : random.below(source.count)
            let typed = String(source[start...].prefix(4))
            var previous: ListMatches? = nil
            for length in 0...typed.count {
                let query = ListQuery(String(typed.prefix(length)))
                let refined = ListFilter.matches(of: query, in: items, within: previous)!
                let full = ListFilter.matches(of: query, in: items)!
                #expect(Array(refined) == Array(full), "\(query.text)")
                if itemCount <= 5_000 {
                    #expect(Array(full) == referenceMatches(query.text, in: strings), "\(query.text)")
                }
                previous = refined
            }
        }
    }
}

/// SplitMix64, so random tests are the same on every run.
struct TestRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }
}
