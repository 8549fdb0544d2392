import EntryKitList
import Testing

@Suite struct TypeAheadTests {
    static let items = ListItems(["apple", "Banana", "blueberry", "Cherry", "bacon", "Éclair", "egg"])
    let start = ContinuousClock.now

    func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    @Test func firstLetterFindsTheNextItemStartingWithIt() {
        var typeAhead = TypeAhead()
        #expect(typeAhead.type("b", from: 0, in: Self.items, at: at(0)) == 1)
        typeAhead.reset()
        #expect(typeAhead.type("c", from: nil, in: Self.items, at: at(0)) == 3)
        typeAhead.reset()
        #expect(typeAhead.type("a", from: nil, in: Self.items, at: at(0)) == 0)
    }

    @Test func sameLetterCyclesAndWraps() {
        var typeAhead = TypeAhead()
        var row: Int? = 0
        var visited: [Int] = []
        for step in 0..<4 {
            row = typeAhead.type("b", from: row, in: Self.items, at: at(step * 200))
            visited.append(row!)
        }
        #expect(visited == [1, 2, 4, 1])
    }

    @Test func lettersInQuickSuccessionExtendThePrefix() {
        var typeAhead = TypeAhead()
        var row = typeAhead.type("b", from: 0, in: Self.items, at: at(0))
        #expect(row == 1)
        // "ba" still fits the current row, so it stays.
        row = typeAhead.type("a", from: row, in: Self.items, at: at(300))
        #expect(row == 1)
        row = typeAhead.type("c", from: row, in: Self.items, at: at(600))
        #expect(row == 4)
        #expect(typeAhead.typed == "bac")
        // "bl" after "b" finds blueberry.
        typeAhead.reset()
        row = typeAhead.type("b", from: 0, in: Self.items, at: at(0))
        #expect(typeAhead.type("l", from: row, in: Self.items, at: at(100)) == 2)
    }

    @Test func aPauseStartsANewPrefix() {
        var typeAhead = TypeAhead(timeout: .seconds(1))
        let row = typeAhead.type("b", from: 0, in: Self.items, at: at(0))
        #expect(typeAhead.type("c", from: row, in: Self.items, at: at(1_500)) == 3)
        #expect(typeAhead.typed == "c")
        // Within the timeout the prefix grows: "ch" finds Cherry again.
        #expect(typeAhead.type("h", from: 3, in: Self.items, at: at(2_400)) == 3)
        #expect(typeAhead.typed == "ch")
    }

    @Test func searchWrapsAround() {
        var typeAhead = TypeAhead()
        #expect(typeAhead.type("a", from: 5, in: Self.items, at: at(0)) == 0)
    }

    @Test func prefixesAreFolded() {
        var typeAhead = TypeAhead()
        #expect(typeAhead.type("e", from: 4, in: Self.items, at: at(0)) == 5)
        typeAhead.reset()
        #expect(typeAhead.type("ｃ", from: 0, in: Self.items, at: at(0)) == 3)
        typeAhead.reset()
        #expect(typeAhead.type("É", from: 5, in: Self.items, at: at(0)) == 6)
    }

    @Test func noMatchKeepsTheHighlight() {
        var typeAhead = TypeAhead()
        #expect(typeAhead.type("z", from: 2, in: Self.items, at: at(0)) == nil)
        #expect(typeAhead.type("a", from: 2, in: ListItems(), at: at(0)) == nil)
    }

    @Test func searchesTheFilteredRows() {
        var typeAhead = TypeAhead()
        // Rows show items 1 (Banana), 4 (bacon) and 6 (egg).
        let rows = ListMatches(itemIndices: [1, 4, 6])
        #expect(typeAhead.type("e", from: 0, in: Self.items, rows: rows, at: at(0)) == 2)
        typeAhead.reset()
        #expect(typeAhead.type("b", from: 1, in: Self.items, rows: rows, at: at(0)) == 0)
    }
}
