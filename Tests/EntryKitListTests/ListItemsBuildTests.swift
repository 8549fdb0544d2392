import Foundation
import Synchronization
import Testing

@testable import EntryKitList

/// The store's fast paths (ASCII items copied and lowercased eight bytes at a time, strings
/// read in place, large buffers mapped on their own) against the plain definitions: each
/// item's bytes, and `SearchFolding.foldedUTF8` of each item.
@Suite(.serialized) struct ListItemsBuildTests {
    /// Items of every length up to 40 around the eight-byte steps, with every ASCII byte in
    /// every position (the letters' neighbours "@", "[", "`" and "{" included), mixed with
    /// non-ASCII items, empty items and items that hold U+0000.
    static let mixedCorpus: [String] = {
        var items: [String] = []
        let ascii = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }
        for length in 0...40 {
            for shift in [0, 13, 64, 90] {
                items.append(String((0..<length).map { ascii[($0 * 7 + shift + length) % 128] }))
            }
        }
        items += ["@AZ[`az{", "ABCDEFGH", "ABCDEFGHI", "Item 0000123 ORANGE", "", "\u{0}", "x\u{0}Y"]
        items += ["Crème brûlée", "ÉCOLE", "ｶﾞｯｺｳ", "Straße", "ΣΊΣΥΦΟΣ", "漢字 KANJI", "emoji 👩‍👩‍👧 MIX", "İstanbul"]
        // Non-ASCII at either end of an eight-byte step, so the check sees every word.
        for length in [7, 8, 9, 15, 16, 17, 24] {
            items.append(String(repeating: "A", count: length) + "é")
            items.append("é" + String(repeating: "B", count: length))
            items.append(String(repeating: "C", count: length / 2) + "ß" + String(repeating: "D", count: length / 2))
        }
        return items
    }()

    /// Each item's bytes, its folding on its own (`foldedUTF8(at:)` before any copy is made),
    /// and its bytes in the folded copy.
    func expectMatchesDefinition(_ items: ListItems, _ strings: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(items.count == strings.count, sourceLocation: sourceLocation)
        let copy = items.storage.makeFoldedCopy()!
        for (index, string) in strings.enumerated() {
            let folded = SearchFolding.foldedUTF8(string)
            #expect(items.utf8(at: index) == Array(string.utf8), "item \(index)", sourceLocation: sourceLocation)
            #expect(items.foldedUTF8(at: index) == folded, "item \(index)", sourceLocation: sourceLocation)
            #expect(Self.bytes(of: index, in: copy) == folded, "item \(index)", sourceLocation: sourceLocation)
        }
        copy.release()
    }

    /// Item `index`'s folded bytes in a folded copy (without the separator that ends them).
    static func bytes(of index: Int, in copy: ListItems.Storage.SearchText) -> [UInt8] {
        let start = Int(copy.offsets[index]), end = Int(copy.offsets[index + 1]) - 1
        #expect(copy.folded[end] == ListItems.Storage.separator)
        return Array(UnsafeBufferPointer(start: copy.folded + start, count: end - start))
    }

    @Test func foldedCopyOfAMixedCorpusIsWhatFoldingEachItemGives() {
        let strings = Self.mixedCorpus
        expectMatchesDefinition(ListItems(strings), strings)
    }

    @Test func everyWayOfMakingItemsGivesTheSameStore() {
        let strings = Self.mixedCorpus.filter { !$0.contains("\n") && !$0.contains("\r") }
        // An array (read in place), another sequence (appended one at a time, buffers
        // growing from their smallest), and lines of bytes.
        expectMatchesDefinition(ListItems(strings), strings)
        expectMatchesDefinition(ListItems(strings.lazy.map { $0 }), strings)
        expectMatchesDefinition(ListItems(lines: Data(strings.joined(separator: "\n").utf8)), strings)
    }

    @Test func asciiItemsFilterCaseInsensitively() {
        let items = ListItems(["Item 0000123 ORANGE", "orange", "ORAN", "Grape", "@Orange["])
        #expect(Array(ListFilter.matches(of: ListQuery("ORANGE"), in: items)!) == [0, 1, 4])
        #expect(Array(ListFilter.matches(of: ListQuery("@o"), in: items)!) == [4])
        #expect(Array(ListFilter.matches(of: ListQuery("e["), in: items)!) == [4])
    }

    @Test func theFoldedCopyIsMadeByThePreparationNotBySettingOrSearching() {
        let items = ListItems(["Crème brûlée", "SCHOOL", "gâteau"])
        #expect(items.storage.searchForm == nil, "setting items only copies them")
        let copiedOnly = items.overheadByteCount
        // The first search of items nothing prepared reads their text, and starts the preparation.
        #expect(Array(ListFilter.matches(of: ListQuery("creme"), in: items)!) == [0])
        ListItems.Storage.waitForPreparations()
        #expect(items.storage.foldedCopy != nil)
        #expect(items.storage.foldedCopiesMade.load(ordering: .relaxed) == 1, "the search made none")
        #expect(items.overheadByteCount > copiedOnly, "the folded copy counts once made")
        #expect(items.foldedUTF8(at: 1) == Array("school".utf8))
        #expect(Array(ListFilter.matches(of: ListQuery("creme"), in: items)!) == [0])
    }

    @Test func firstSearchesOnManyThreadsAtOnceAgreeAndMakeOneFoldedCopy() {
        let strings = (0..<50_000).map { "Item \($0) Grüße" + ($0 % 7 == 0 ? " ORANGE" : "") }
        let expected = strings.indices.filter { $0 % 7 == 0 }
        for _ in 0..<4 {
            let items = ListItems(strings)
            let results = Mutex<[[Int]]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                let found = Array(ListFilter.matches(of: ListQuery("orange"), in: items)!)
                results.withLock { $0.append(found) }
            }
            #expect(results.withLock { $0 }.allSatisfy { $0 == expected })
            ListItems.Storage.waitForPreparations()
            #expect(items.storage.foldedCopiesMade.load(ordering: .relaxed) == 1)
        }
    }

    @Test func noItemsAndEmptyItems() {
        #expect(ListItems([String]()).isEmpty)
        #expect(ListItems([String]().lazy.map { $0 }).isEmpty)
        let empty = ListItems(["", "", ""])
        #expect(empty.count == 3)
        #expect(empty.utf8ByteCount == 0)
        #expect((0..<3).allSatisfy { empty.foldedUTF8(at: $0).isEmpty && empty[$0].isEmpty })
        #expect(Array(ListFilter.matches(of: ListQuery("a"), in: empty)!).isEmpty)
    }

    @Test func lowercasingAWordChangesOnlyCapitalLetters() {
        for byte in 0...255 {
            let word = UInt64(byte) &* 0x0101_0101_0101_0101
            let expected = UInt64(SearchFolding.asciiLowercase[byte]) &* 0x0101_0101_0101_0101
            #expect(SearchFolding.lowercaseASCII(word) == expected, "byte \(byte)")
        }
        // Neighbouring bytes do not disturb each other.
        let word = UInt64(littleEndian: 0x7B5A_4041_5B60_7AFF)
        #expect(SearchFolding.lowercaseASCII(word) == UInt64(littleEndian: 0x7B7A_4061_5B60_7AFF))
    }

    @Test func largeStoresUseMappedBuffersAndStayRight() {
        // Over 2 MiB of text: the buffers are mappings of their own (see `RawMemory`), both
        // when sized up front and when grown from small ones.
        let strings = (0..<150_000).map { "Item \($0) " + ($0 % 3 == 0 ? "Crème" : "ORANGE") }
        #expect(strings.reduce(0) { $0 + $1.utf8.count } > RawMemory.mappingThreshold)
        for items in [ListItems(strings), ListItems(strings.lazy.map { $0 })] {
            #expect(items.count == strings.count)
            for index in stride(from: 0, to: strings.count, by: 997) + [strings.count - 1] {
                #expect(items[index] == strings[index])
                #expect(items.foldedUTF8(at: index) == SearchFolding.foldedUTF8(strings[index]))
            }
            #expect(ListFilter.matches(of: ListQuery("creme"), in: items)!.count == 50_000)
            #expect(ListFilter.matches(of: ListQuery("9 orange"), in: items)!.count == 10_000)
        }
    }

    @Test func mappedMemoryIsAlignedToHugePagesAndWritable() {
        let bytes = 3 * RawMemory.hugePageBytes + 12_345
        let (memory, mapped) = RawMemory.allocate(bytes: bytes)
        #expect(mapped >= bytes)
        #expect(Int(bitPattern: memory) % RawMemory.hugePageBytes == 0)
        memory.initializeMemory(as: UInt8.self, repeating: 0xA5, count: bytes)
        #expect(memory.load(fromByteOffset: bytes - 1, as: UInt8.self) == 0xA5)
        RawMemory.release(memory, mappedBytes: mapped)
        let (small, smallMapped) = RawMemory.allocate(bytes: 1000)
        #expect(smallMapped == 0)
        RawMemory.release(small, mappedBytes: smallMapped)
    }

    @Test func aReleasedMappingIsReusedForTheNextOfItsSizeAndAFewAreKept() {
        RawMemory.releaseKept()
        let bytes = 4 * RawMemory.hugePageBytes
        let (first, firstMapped) = RawMemory.allocate(bytes: bytes)
        first.initializeMemory(as: UInt8.self, repeating: 1, count: bytes)
        RawMemory.release(first, mappedBytes: firstMapped)
        #expect(RawMemory.keptCount == 1)
        // Much smaller or larger: not this one.
        let (other, otherMapped) = RawMemory.allocate(bytes: 2 * bytes)
        #expect(other != first && RawMemory.keptCount == 1)
        let (again, againMapped) = RawMemory.allocate(bytes: bytes - 1000)
        #expect(again == first && againMapped == firstMapped && RawMemory.keptCount == 0)
        again.initializeMemory(as: UInt8.self, repeating: 2, count: bytes - 1000)
        #expect(again.load(fromByteOffset: bytes - 1001, as: UInt8.self) == 2)
        RawMemory.release(again, mappedBytes: againMapped)
        RawMemory.release(other, mappedBytes: otherMapped)
        // The oldest goes once more than the limit are released.
        let extra = (0...RawMemory.keptLimit).map { _ in RawMemory.allocate(bytes: 8 * bytes) }
        for (memory, mapped) in extra { RawMemory.release(memory, mappedBytes: mapped) }
        #expect(RawMemory.keptCount == RawMemory.keptLimit)
        RawMemory.releaseKept()
        #expect(RawMemory.keptCount == 0)
    }

    @Test func itemsBuiltInAKeptMappingAreTheirOwn() {
        // A large store, dropped, then another with other text built in its memory.
        let first = ListItems((0..<200_000).map { "first \($0)" })
        #expect(first[199_999] == "first 199999")
        _ = consume first
        let second = ListItems((0..<200_000).map { "Second \($0)" })
        #expect(second[0] == "Second 0" && second[199_999] == "Second 199999")
        #expect(second.foldedUTF8(at: 7) == Array("second 7".utf8))
        RawMemory.releaseKept()
    }
}
