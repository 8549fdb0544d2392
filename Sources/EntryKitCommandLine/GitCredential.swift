/// git's credential helper protocol (`git help credential`): git writes `key=value` lines up to
/// a blank line or the end of input; a helper's `get` answers the same way.
///
/// The secrets among the values (`password`, `oauth_refresh_token`) are not copied: read from
/// bytes in locked memory (``init(parsing:)-(UnsafeRawBufferPointer)``), each is kept as the place
/// it lies in them, ``secretRanges``.
public struct GitCredential: Equatable, Sendable {
    /// The attributes in the order git sent them (`protocol`, `host`, `path`, `username`, …),
    /// the secrets left out.
    public private(set) var attributes: [(key: String, value: String)] = []
    /// Where each secret's value lies in the bytes read (the last one given, as for any key).
    public private(set) var secretRanges: [String: Range<Int>] = [:]

    /// The keys whose values are secrets.
    public static let secretKeys: Set<String> = ["password", "oauth_refresh_token"]

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.attributes.elementsEqual(rhs.attributes) { $0.key == $1.key && $0.value == $1.value }
            && lhs.secretRanges == rhs.secretRanges
    }

    /// Reads `bytes` up to their first blank line; a line without `=` is skipped, as git does.
    /// A line ends at a line feed, a carriage return before it dropped.
    public init(parsing bytes: UnsafeRawBufferPointer) {
        var start = 0
        while start < bytes.count {
            var end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let next = end + 1
            if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            if end == start { break }
            if let equals = bytes[start..<end].firstIndex(of: UInt8(ascii: "=")) {
                let key = String(decoding: bytes[start..<equals], as: UTF8.self)
                if Self.secretKeys.contains(key) {
                    secretRanges[key] = (equals + 1)..<end
                } else {
                    attributes.append((key, String(decoding: bytes[(equals + 1)..<end], as: UTF8.self)))
                }
            }
            start = next
        }
    }

    /// Reads `input` as ``init(parsing:)-(UnsafeRawBufferPointer)`` reads bytes.
    public init(parsing input: String) {
        var input = input
        self = input.withUTF8 { GitCredential(parsing: UnsafeRawBufferPointer($0)) }
    }

    /// The last value given for `key` (git lets a later line override an earlier one); nil for
    /// the secrets, which are in ``secretRanges``.
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

    /// `host` as git's libsecret helper divides it: the text before the last `:`, and the port
    /// after it read as C's `atoi` into an unsigned short (0: none).
    public var server: (name: String, port: UInt16)? {
        guard let host = self["host"] else { return nil }
        guard let colon = host.lastIndex(of: ":") else { return (host, 0) }
        var digits = host.utf8[host.utf8.index(after: colon)...].drop { $0 == 0x20 || (0x09...0x0D).contains($0) }
        let negative = digits.first == UInt8(ascii: "-")
        if digits.first == UInt8(ascii: "-") || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        // Past six digits the port is nonsense either way (atoi's overflow is undefined).
        var value = 0
        for byte in digits.prefix(while: { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }).prefix(6) {
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        let port = UInt16(truncatingIfNeeded: negative ? -value : value)
        return (String(host[..<colon]), port)
    }
}
