import Testing

@testable import EntryKit

/// The strength bar's estimate: grows with length and with the kinds of characters used.
@Suite struct PasswordStrengthTests {
    private func strength(_ text: String) -> Double {
        var text = text
        return text.withUTF8 { PasswordStrength.estimate(UnsafeRawBufferPointer($0)) }
    }

    @Test func emptyIsZeroAndLongMixedIsFull() {
        #expect(strength("") == 0)
        #expect(strength("Tr0ub4dor&3 correct horse") == 1)
    }

    @Test func lengthAndKindsOfCharactersRaiseIt() {
        #expect(strength("abcd") < strength("abcdefgh"))
        #expect(strength("abcdefgh") < strength("abcdEFGH"))
        #expect(strength("abcdEFGH") < strength("abcdEF6!"))
        // Eight lower-case letters: 8 × log2(26) ≈ 37.6 bits of 80.
        #expect(abs(strength("abcdefgh") - 37.6 / 80) < 0.01)
    }

    @Test func aCharacterBeyondASCIICountsOnceWhateverItsBytes() {
        // 日 is three bytes, one character.
        #expect(strength("日") == strength("é"))
        #expect(strength("日本語") > strength("日本"))
    }
}
