import FoundationEssentials

extension StringsDocument {
    /// The table as a JSON object: keys in order of first appearance, each
    /// with its winning (last) value, two-space indent, a final newline.
    /// Control characters, `"` and `\` are escaped; other characters are
    /// written as they are (UTF-8).
    public var json: String {
        guard !orderedKeys.isEmpty else { return "{}\n" }
        var out = "{\n"
        var first = true
        for key in orderedKeys {
            if !first { out += ",\n" }
            first = false
            out += "  "
            JSONString.appendQuoted(key, to: &out)
            out += ": "
            out += (values[key] ?? .string("")).json(indent: "  ")
        }
        out += "\n}\n"
        return out
    }
}

extension StringsValue {
    /// A value as JSON; nested arrays and objects are indented one more step than `indent`.
    func json(indent: String) -> String {
        switch self {
        case .string(let string):
            return JSONString.quoted(string)
        case .array(let elements):
            guard !elements.isEmpty else { return "[]" }
            let inner = indent + "  "
            return "[\n" + elements.map { inner + $0.json(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .dictionary(let members):
            guard !members.isEmpty else { return "{}" }
            let inner = indent + "  "
            return "{\n"
                + members.map { inner + JSONString.quoted($0.key) + ": " + $0.value.json(indent: inner) }
                .joined(separator: ",\n") + "\n" + indent + "}"
        case .data(let bytes):
            return JSONString.quoted("<" + bytes.map { StringsDecoder.hexDigits(UInt32($0), width: 2).lowercased() }.joined() + ">")
        case .number(let text):
            return Double(text).map { $0.isFinite } == true ? text : JSONString.quoted(text)
        case .boolean(let flag):
            return flag ? "true" : "false"
        case .date(let date):
            return JSONString.quoted(date.ISO8601Format())
        }
    }
}
