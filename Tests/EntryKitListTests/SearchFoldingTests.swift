import EntryKitList
import Testing

@Suite struct SearchFoldingTests {
    @Test func caseFoldsToLowercase() {
        #expect(SearchFolding.fold("ItEm ABC") == "item abc")
        #expect(SearchFolding.fold("ÀÉÎ") == "aei")
        #expect(SearchFolding.fold("ΣΊΣΥΦΟΣ") == "σισυφοσ")
        #expect(SearchFolding.fold("ς") == "σ")
        #expect(SearchFolding.fold("Straße") == "strasse")
        #expect(SearchFolding.fold("ẞ") == "ss")
        #expect(SearchFolding.fold("İstanbul") == "istanbul")
    }

    @Test func accentsAreDropped() {
        #expect(SearchFolding.fold("é") == "e")
        #expect(SearchFolding.fold("e\u{301}") == "e")
        #expect(SearchFolding.fold("Crème brûlée") == "creme brulee")
        #expect(SearchFolding.fold("Ñandú") == "nandu")
        #expect(SearchFolding.fold("Ёлка") == "елка")
        #expect(SearchFolding.fold("Ǖ") == "u")
    }

    @Test func marksThatSpellOtherLettersAreKept() {
        // Devanagari vowel signs are not accents.
        #expect(SearchFolding.fold("कि") == "कि")
        #expect(SearchFolding.fold("कि") != SearchFolding.fold("क"))
    }

    @Test func widthFoldsToNormalWidth() {
        #expect(SearchFolding.fold("ｅ") == "e")
        #expect(SearchFolding.fold("ＡＢＣ１２３") == "abc123")
        #expect(SearchFolding.fold("a\u{3000}b") == "a b")
        #expect(SearchFolding.fold("ｶﾀｶﾅ") == "カタカナ")
        #expect(SearchFolding.fold("ｰ") == "ー")
    }

    @Test func compatibilityFormsDecompose() {
        #expect(SearchFolding.fold("①") == "1")
        #expect(SearchFolding.fold("ﬁle") == "file")
        #expect(SearchFolding.fold("㎒") == "mhz")
    }

    @Test func kanaVoicingMarksAreKeptAndComposed() {
        #expect(SearchFolding.fold("ガ") == "ガ")
        #expect(SearchFolding.fold("ｶﾞ") == "ガ")
        #expect(SearchFolding.fold("カ\u{3099}") == "ガ")
        #expect(SearchFolding.fold("ﾊﾟ") == "パ")
        #expect(SearchFolding.fold("ガ") != SearchFolding.fold("カ"))
    }

    @Test func hiraganaAndKatakanaStayDistinct() {
        #expect(SearchFolding.fold("ひらがな") == "ひらがな")
        #expect(SearchFolding.fold("ひらがな") != SearchFolding.fold("ヒラガナ"))
        #expect(SearchFolding.fold("漢字") == "漢字")
    }

    @Test func hangulSyllablesStayWhole() {
        #expect(SearchFolding.fold("한국어") == "한국어")
    }

    @Test func foldingTwiceChangesNothing() {
        for text in ["Crème", "ｶﾞｷﾞ", "Straße", "ＡＢＣ", "한국어", "ひらがな", "İ", "①②"] {
            let once = SearchFolding.fold(text)
            #expect(SearchFolding.fold(once) == once, "\(text)")
        }
    }
}
