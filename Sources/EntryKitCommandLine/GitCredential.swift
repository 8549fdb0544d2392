/// git's credential helper protocol (`git help credential`): git writes `key=value` lines up to
/// a blank line or the end of input; a helper's `get` answers the same way.
public struct GitCredential: Equatable, Sendable {
    /// The attributes in the order git sent them (`protocol`, `host`, `path`, `username`, …).
    public private(set) var attributes: [(key: String, value: String)] = []

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.attributes.elementsEqual(rhs.attributes) { $0.key == $1.key && $0.value == $1.value }
    }

    /// Reads `input` up to its first blank line; a line without `=` is skipped, as git does.
    public init(parsing input: String) {
        // "\r\n" is one Character in Swift: both line ends divide lines.
        for line in input.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            if line.isEmpty { break }
            guard let equals = line.firstIndex(of: "=") else { continue }
            attributes.append((String(line[..<equals]), String(line[line.index(after: equals)...])))
        }
    }

    /// The last value given for `key` (git lets a later line override an earlier one).
    public subscript(key: String) -> String? {
        attributes.last { $0.key == key }?.value
    }

    /// Where the credential is for, as a person reads it: `https://example.org`, with the
    /// path when git sent one (`credential.useHttpPath`).
    public var location: String {
        var text = ""
        if let scheme = self["protocol"] { text += scheme + "://" }
        text += self["host"] ?? ""
        if let path = self["path"], !path.isEmpty { text += "/" + path }
        return text
    }
}
