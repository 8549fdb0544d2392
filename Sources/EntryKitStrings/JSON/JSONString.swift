/// The one JSON string writer of EntryKit: `strings dump` and `login --json` both use it.
/// (The password alone is escaped in C, by the secure buffer, so that it never leaves locked
/// memory; `ek_secure_buffer_write_json_to_fd` escapes the same characters.)
public enum JSONString {
    /// `text` as a JSON string, quotes included: `"`, `\` and control characters escaped (the
    /// short forms `\n`, `\r`, `\t`, `\b`, `\f` where JSON has them), the rest as it is (UTF-8).
    public static func quoted(_ text: String) -> String {
        var out = ""
        appendQuoted(text, to: &out)
        return out
    }

    /// Appends ``quoted(_:)`` of `text` to `out`.
    public static func appendQuoted(_ text: String, to out: inout String) {
        out.unicodeScalars.append("\"")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{00}"..."\u{1F}":
                out += "\\u" + StringsDecoder.hexDigits(scalar.value, width: 4).lowercased()
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        out.unicodeScalars.append("\"")
    }
}
