import EntryKit
import Testing

/// The list model is its own module; `import EntryKit` alone must bring it.
@Suite struct ListModelExportTests {
    @Test func listModelComesWithEntryKit() {
        let items = ListItems(["one", "two"])
        #expect(Array(ListFilter.matches(of: ListQuery("TW"), in: items)!) == [1])
    }
}
