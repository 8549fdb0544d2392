import FoundationEssentials

/// XML and binary property lists, which a `.strings` file may also be: read whole by
/// ``PropertyListValue``, never by the text parser.
extension StringsParser {
    /// `<` after leading whitespace.
    static func startsWithLessThan(_ units: [UInt16]) -> Bool {
        var i = 0
        while i < units.count, Scalar.isWhitespace(units[i]) { i += 1 }
        return i < units.count && units[i] == Scalar.lessThan
    }

    /// `<?xml`, `<!DOCTYPE` or `<plist` after leading whitespace.
    static func looksLikeXML(_ units: [UInt16]) -> Bool {
        var i = 0
        while i < units.count, Scalar.isWhitespace(units[i]) { i += 1 }
        for prefix in ["<?xml", "<!DOCTYPE", "<plist"] {
            let p = Array(prefix.utf16)
            if units.count - i >= p.count, Array(units[i..<(i + p.count)]) == p { return true }
        }
        return false
    }

    static func readPropertyList(_ data: Data, format: StringsFormat) -> StringsDocument {
        let start = SourcePosition(line: 1, column: 1)
        let object: StringsValue
        do {
            object = try PropertyListValue.read(data)
        } catch {
            let what = format == .binary ? "binary" : "XML"
            return StringsDocument(
                entries: [],
                errors: [
                    StringsSyntaxError(.invalidPropertyList, "cannot read this \(what) property list: \(oneLine(error.reason))", at: start)
                ],
                format: format)
        }
        guard case .dictionary(let members) = object else {
            return StringsDocument(
                entries: [],
                errors: [
                    StringsSyntaxError(.notATable, "the property list holds \(describeKind(object)), not a table of strings", at: start)
                ],
                format: format)
        }
        let entries = members.map { StringsEntry(key: $0.key, value: $0.value, position: start) }
        return StringsDocument(entries: entries, format: format)
    }

    private static func describeKind(_ object: StringsValue) -> String {
        switch object {
        case .string: return "a single string"
        case .array: return "an array"
        case .data: return "data"
        default: return "a single value"
        }
    }

    private static func oneLine(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.value < 0x20 ? " " : Character($0) })
    }
}
