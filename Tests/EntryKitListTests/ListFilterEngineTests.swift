import Foundation
import Synchronization
import Testing

@testable import EntryKitList

@Suite struct ListFilterEngineTests {
    static let items = ListItems((0..<50_000).map { "Item \($0)" })

    @Test func typingRefinesAndBackspaceReturnsKeptResults() {
        let engine = ListFilterEngine(items: Self.items)
        #expect(engine.filterNow("").matches.isAll)
        #expect(engine.filterNow("1").matches.count == referenceMatches("1", in: Array(Self.items)).count)
        let twelve = engine.filterNow("12").matches
        #expect(Array(twelve) == referenceMatches("12", in: Array(Self.items)))
        #expect(Array(engine.filterNow("123").matches) == referenceMatches("123", in: Array(Self.items)))
        #expect(engine.filterNow("12").matches == twelve)
        #expect(engine.filterNow("zz").matches.isEmpty)
    }

    @Test func anEngineKnowsWhichQueriesItAnswersWithoutReadingTheText() {
        let engine = ListFilterEngine(items: Self.items)
        #expect(!engine.answersWithoutScanning("12"))
        _ = engine.filterNow("12")
        #expect(engine.answersWithoutScanning("12"), "a kept result")
        #expect(!engine.answersWithoutScanning("1"), "50,000 items get no presence masks")
        let large = ListItems((0..<PresenceMasks.itemThreshold).map { "Item \($0)" })
        engine.setItems(large)
        ListItems.Storage.waitForPreparations()
        #expect(!engine.answersWithoutScanning("12"), "new items dropped the kept results")
        for typed in ["1", "I", "t", " ", "é"] { #expect(engine.answersWithoutScanning(typed), "\(typed)") }
        for typed in ["it", "-", "ß"] { #expect(!engine.answersWithoutScanning(typed), "\(typed)") }
        #expect(engine.filterNow("7").matches.count == (0..<large.count).filter { String($0).contains("7") }.count)
    }

    @Test func olderQueryNeverDeliversOnceANewerOneIsAsked() async {
        let engine = ListFilterEngine(items: Self.items)
        let delivered = Mutex<[String]>([])
        engine.suspendRunsForTesting()
        engine.filter("1") { result in delivered.withLock { $0.append(result.query.text) } }
        engine.filter("12") { result in delivered.withLock { $0.append(result.query.text) } }
        let newest = Task { await engine.update(query: "123") }
        while engine.generationForTesting < 3 { await Task.yield() }
        engine.resumeRunsForTesting()
        #expect(await newest.value?.query.text == "123")
        #expect(delivered.withLock { $0 }.isEmpty)
    }

    @Test func supersededUpdateReturnsNil() async {
        let engine = ListFilterEngine(items: Self.items)
        engine.suspendRunsForTesting()
        let older = Task { await engine.update(query: "4") }
        // Wait until the older run has been asked for, so the order is certain.
        while engine.generationForTesting == 0 { await Task.yield() }
        let newer = Task { await engine.update(query: "45") }
        while engine.generationForTesting == 1 { await Task.yield() }
        engine.resumeRunsForTesting()
        #expect(await older.value == nil)
        let result = await newer.value
        #expect(result.map { Array($0.matches) } == referenceMatches("45", in: Array(Self.items)))
        #expect(result.map(engine.isCurrent) == true)
    }

    @Test func newItemsCancelRunsForOldOnes() async {
        let engine = ListFilterEngine(items: Self.items)
        engine.suspendRunsForTesting()
        let stale = Task { await engine.update(query: "9") }
        while engine.generationForTesting == 0 { await Task.yield() }
        engine.setItems(ListItems(["nine", "9"]))
        engine.resumeRunsForTesting()
        #expect(await stale.value == nil)
        let fresh = await engine.update(query: "9")
        #expect(fresh.map { Array($0.matches) } == [1])
        #expect(fresh?.items.count == 2)
    }

    /// Many keystrokes as fast as they come: deliveries come in the order asked, and the
    /// last query always delivers the right result.
    @Test func rapidTypingDeliversInOrder() async {
        let engine = ListFilterEngine(items: ListItems((0..<300_000).map { "Item \($0 % 977) \($0)" }))
        let delivered = Mutex<[UInt64]>([])
        let queries = ["i", "it", "ite", "item", "item ", "item 9", "item 97", "item 9", "item ", "item 5"]
        for query in queries {
            engine.filter(query) { result in delivered.withLock { $0.append(result.generation) } }
        }
        let last = await engine.update(query: "item 52")
        let generations = delivered.withLock { $0 }
        #expect(generations == generations.sorted())
        #expect(Set(generations).count == generations.count)
        #expect(last.map { Array($0.matches) } == referenceMatches("item 52", in: Array(engine.items)))
    }
}
