import Testing

@testable import entrykit

/// `entrykit login`'s separated answer reads back as it was typed, or is refused: what a script
/// splitting the line at its first separator gets must be the name, whole.
@MainActor struct LoginAnswerTests {
    private let separatorRefusal =
        "The username cannot contain the separator that divides it from the password; use --json or --null."

    private func ambiguity(_ username: String, _ separator: String) -> String? {
        LoginCommand.ambiguity(username: username, password: nil, separator: separator)
    }

    /// A mark after the separator makes one `Character` of both, which `String.contains` does not
    /// count as the separator; the bytes a script splits on are there all the same.
    @Test(arguments: ["root|\u{301}hunter2", "root|\u{200D}x", "root|\u{FE0F}x", "root\u{600}|x", "a|"])
    func aSeparatorJoinedToTheCharacterBesideItIsStillTheSeparator(username: String) {
        #expect(ambiguity(username, "|") == separatorRefusal)
    }

    @Test func aCommaSeparatorIsFoundBehindACombiningMarkToo() {
        #expect(ambiguity("root,\u{301}x", ",") == separatorRefusal)
    }

    /// `ada:` then `::` prints `ada:::pw`, whose first `::` starts inside the name.
    @Test(arguments: [("ada:", "::"), ("ada|", "||"), ("x:y", ":y:"), ("a|b", "|")])
    func aNameRunningIntoAMultiCharacterSeparatorIsRefused(username: String, separator: String) {
        #expect(ambiguity(username, separator) == separatorRefusal)
    }

    @Test(arguments: [("ada", "::"), (":ada", "::x"), ("a:b", "::"), ("ab", "bab"), ("réne\u{301}", "|"), ("", "|")])
    func aNameThatSplitsBackWholeIsPrinted(username: String, separator: String) {
        #expect(ambiguity(username, separator) == nil)
    }

    @Test(arguments: ["a\nb", "a\rb", "a\r\nb"])
    func lineBreaksAreRefusedWithOrWithoutASeparator(username: String) {
        #expect(ambiguity(username, "|") == "The username cannot contain a line break.")
        #expect(LoginCommand.ambiguity(username: username, password: nil, separator: nil) == "The username cannot contain a line break.")
    }
}
