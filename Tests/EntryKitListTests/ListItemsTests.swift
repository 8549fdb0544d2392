import EntryKitList
import Foundation
import Testing

@Suite struct ListItemsTests {
    @Test func stringsRoundTrip() {
        let strings = ["Apple", "", "Crème brûlée", "ｶﾀｶﾅ", "漢字", "emoji 👩‍👩‍👧", "", "tab\there", "nul\u{0}inside"]
        let items = ListItems(strings)
        #expect(items.count == strings.count)
        #expect(Array(items) == strings)
        for (index, string) in strings.enumerated() {
            #expect(items.utf8(at: index) == Array(string.utf8))
            #expect(items.withUTF8(at: index) { $0.count } == string.utf8.count)
        }
        #expect(items.utf8ByteCount == strings.reduce(0) { $0 + $1.utf8.count })
    }

    @Test func emptyStore() {
        let items = ListItems()
        #expect(items.isEmpty)
        #expect(ListItems([String]()).isEmpty)
        #expect(ListItems(lines: Data()).isEmpty)
    }

    @Test func foldedCopyFollowsFolding() {
        let items = ListItems(["ÉCOLE", "school", "ｶﾞｯｺｳ"])
        #expect(items.foldedUTF8(at: 0) == Array("ecole".utf8))
        #expect(items.foldedUTF8(at: 1) == Array("school".utf8))
        #expect(items.foldedUTF8(at: 2) == Array("ガッコウ".utf8))
    }

    @Test func linesSplitOnNewlines() {
        let items = ListItems(lines: Data("one\ntwo\r\n\nfour\nCafé".utf8))
        #expect(Array(items) == ["one", "two", "", "four", "Café"])
        // A final newline ends the last line; it does not start another.
        #expect(Array(ListItems(lines: Data("a\nb\n".utf8))) == ["a", "b"])
        #expect(Array(ListItems(lines: Data("\n".utf8))) == [""])
        #expect(Array(ListItems(lines: Data("\n\n".utf8))) == ["", ""])
        // Long text, with and without a carriage return somewhere (which takes the line by line
        // way): the same store as the strings make.
        var random = TestRandom(seed: 7)
        let alphabet = Array("abcXYZ 019-é漢")
        let strings = (0..<2_000).map { _ in String((0..<random.below(50)).map { _ in alphabet[random.below(alphabet.count)] }) }
        #expect(ListItems(lines: Data(strings.joined(separator: "\n").utf8)) == ListItems(strings))
        #expect(ListItems(lines: Data(strings.joined(separator: "\r\n").utf8)) == ListItems(strings))
    }

    func separated(_ text: [UInt8], _ separator: String) -> [String] {
        Array(text.withUnsafeBufferPointer { ListItems(separated: $0, by: Array(separator.utf8)) })
    }

    @Test func bytesSplitAtASeparator() {
        #expect(separated(Array("red,green,,blue".utf8), ",") == ["red", "green", "", "blue"])
        // A final separator ends the last item; it does not start another.
        #expect(separated(Array("a\nb\n".utf8), "\n") == ["a", "b"])
        #expect(separated(Array("\n".utf8), "\n") == [""])
        #expect(separated(Array(",,".utf8), ",") == ["", ""])
        #expect(separated([], ",").isEmpty)
        #expect(separated(Array("one\r\ntwo".utf8), "\n") == ["one\r", "two"], "only the separator is taken out")
        // Separators of several bytes, with their first byte alone and cut short in between.
        #expect(separated(Array("a::b:c::".utf8), "::") == ["a", "b:c"])
        #expect(separated(Array("a::b:".utf8), "::") == ["a", "b:"])
        #expect(separated(Array("Crème␞brûlée␞ｶﾞ".utf8), "␞") == ["Crème", "brûlée", "ｶﾞ"])
        // Bytes that are not UTF-8 are repaired, as lines are.
        #expect(separated([0x61, 0xFF, 0x2C, 0x62], ",") == ["a\u{FFFD}", "b"])
    }

    @Test func manyItemsSplitAsTheyWereJoined() {
        var random = TestRandom(seed: 31)
        let alphabet = Array("abcXYZ 019-é漢ｶﾞ")
        let strings = (0..<3_000).map { _ in String((0..<random.below(40)).map { _ in alphabet[random.below(alphabet.count)] }) }
        for separator in ["\n", "\u{1F}", "::", "␞"] {
            let joined = Array(strings.joined(separator: separator).utf8)
            #expect(separated(joined, separator) == strings, "\(separator.debugDescription)")
            // The same store as the strings make, byte for byte (`==` compares the buffers).
            #expect(joined.withUnsafeBufferPointer { ListItems(separated: $0, by: Array(separator.utf8)) } == ListItems(strings))
            #expect(separated(joined + Array(separator.utf8), separator) == strings, "a final \(separator.debugDescription)")
        }
        // A separator in every byte of a long text: every count of hits, far past what one
        // vector lane holds, is right.
        #expect(separated(Array(repeating: UInt8(ascii: ","), count: 10_007), ",") == Array(repeating: "", count: 10_007))
        // A byte that is not UTF-8 far into a long text: only its item is repaired.
        var broken = Array(strings.joined(separator: "\n").utf8)
        let at = broken.lastIndex(of: 0x0A)! - 1
        broken[at] = 0xFF
        let pieces = separated(broken, "\n")
        #expect(pieces.count == strings.count && pieces.last == strings.last)
        #expect(
            pieces[strings.count - 2].hasSuffix("\u{FFFD}")
                && pieces.prefix(strings.count - 2).elementsEqual(strings.prefix(strings.count - 2)))
    }

    @Test func invalidUTF8LinesAreRepaired() {
        let bytes: [UInt8] = Array("ok\n".utf8) + [0x61, 0xFF, 0x62, 0x0A] + [0xE3, 0x81]
        let items = ListItems(lines: Data(bytes))
        #expect(Array(items) == ["ok", "a\u{FFFD}b", "\u{FFFD}"])
        #expect(ListFilter.matches(of: ListQuery("ab"), in: items)!.isEmpty)
        #expect(Array(ListFilter.matches(of: ListQuery("b"), in: items)!) == [1])
    }

    @Test func wellFormedLinesAreKeptAndIllFormedOnesRepairedLikeString() {
        let samples: [[UInt8]] = [
            [0xC3, 0xA9], [0xE3, 0x81, 0x82], [0xF0, 0x9F, 0x98, 0x80], [0xEF, 0xBF, 0xBD],  // well-formed
            [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],  // overlong, surrogate, too big
            [0xF8, 0x88, 0x80, 0x80, 0x80], [0x80], [0xC3], [0xE3, 0x81, 0x41],
        ]
        for sample in samples {
            let items = ListItems(lines: Data(sample))
            #expect(items.count == 1)
            #expect(items[0] == String(decoding: sample, as: UTF8.self), "\(sample)")
        }
    }

    @Test func linesFromAMillionNumbersLikeSeq() {
        let text = (1...1_000_000).map(String.init).joined(separator: "\n") + "\n"
        let items = ListItems(lines: Data(text.utf8))
        #expect(items.count == 1_000_000)
        #expect(items[0] == "1")
        #expect(items[999_999] == "1000000")
        #expect(items.overheadByteCount / items.count <= 64)
    }

    @Test func storeIsACollection() {
        let items = ListItems(["b", "a"])
        #expect(items.sorted() == ["a", "b"])
        #expect(items.firstIndex(of: "a") == 1)
    }
}
