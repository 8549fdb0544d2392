import FoundationEssentials

/// The comments translators read in a `.strings` file: the `/* ... */` comment right before an
/// entry (only white space between), as genstrings writes a key's comment and as Xcode keeps it
/// when it turns a table into a catalog.
///
/// ```swift
/// StringsComments.preceding(StringsParser.read(data), data: data)["Cancel"]  // "Account panel buttons."
/// ```
enum StringsComments {
    /// Each key's comment, for the keys that have one (a key defined twice: its last definition's).
    static func preceding(_ document: StringsDocument, data: Data) -> [String: String] {
        guard document.format == .text else { return [:] }
        let units = StringsDecoder.decode(data).units
        // Where each line starts, as `LineTracker` counts lines (\n, \r\n and a lone \r).
        var lineStarts = [0]
        for (index, unit) in units.enumerated() {
            if unit == 0x0A || (unit == 0x0D && (index + 1 == units.count || units[index + 1] != 0x0A)) { lineStarts.append(index + 1) }
        }
        var comments: [String: String] = [:]
        for entry in document.entries {
            guard entry.position.line <= lineStarts.count else { continue }
            // Columns count scalars: step over surrogate pairs to find the key's first unit.
            var index = lineStarts[entry.position.line - 1]
            for _ in 1..<max(entry.position.column, 1) where index < units.count {
                index += UTF16.isLeadSurrogate(units[index]) ? 2 : 1
            }
            comments[entry.key] = comment(endingBefore: index, in: units)
        }
        return comments
    }

    /// The text of the block comment that ends right before `index`, trimmed, or nil.
    private static func comment(endingBefore index: Int, in units: [UInt16]) -> String? {
        var end = index
        while end > 0, [0x20, 0x09, 0x0A, 0x0D].contains(units[end - 1]) { end -= 1 }
        guard end >= 4, units[end - 1] == 0x2F, units[end - 2] == 0x2A else { return nil }  // "*/"
        var start = end - 2
        while start >= 2, !(units[start - 2] == 0x2F && units[start - 1] == 0x2A) { start -= 1 }  // "/*"
        guard start >= 2 else { return nil }
        let text = String(decoding: units[start..<(end - 2)], as: UTF16.self).trimmingWhitespace()
        return text.isEmpty ? nil : String(text)
    }
}
