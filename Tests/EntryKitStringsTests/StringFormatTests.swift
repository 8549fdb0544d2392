import Foundation
import Testing

@testable import EntryKitStrings

/// `StringFormat` against Foundation's `String(format:)`, the reference it stands in for.
@Suite struct StringFormatTests {
    @Test func agreesWithFoundationOnTheConversionsTablesUse() {
        let cases: [(String, [any CustomStringConvertible & CVarArg])] = [
            ("Current language: %@", ["日本語"]),
            ("Picked: %1$@ (%2$@ of %3$@)", ["b", "2", "3"]),
            ("%2$@ に %1$d 個", [3, "Docs"]),
            ("Accepted: username %1$@, password of %2$d characters.", ["ada", 12]),
            ("%d%% done, %i left, %u total", [50, -1, 7]),
            ("[%5d] [%-5d] [%05d] [%x] [%X] [%o] [%ld]", [42, 42, -42, 255, 255, 8, 9]),
            ("no conversions", []),
        ]
        for (format, arguments) in cases {
            #expect(StringFormat.format(format, arguments: arguments) == String(format: format, arguments: arguments), "\(format)")
        }
    }

    @Test func aMissingArgumentIsEmptyAndAMalformedPercentStays() {
        #expect(StringFormat.format("%1$@ and %2$@", "one") == "one and ")
        #expect(StringFormat.format("100%") == "100%")
    }
}
