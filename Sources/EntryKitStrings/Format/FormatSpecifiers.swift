/// The `printf`-style conversions in a string (`%@`, `%d`, `%1$s`), reduced to what must agree
/// between a key and its translation for `String(format:)` to be safe with the same arguments.
///
/// A translation whose conversions differ from its key's (`%d` where the key has `%@`) would
/// read the wrong argument type and can crash; such a translation is not used, and `lint` warns.
///
/// ```swift
/// FormatSpecifiers("Copied %d files to %@") == FormatSpecifiers("%2$@ に %1$d 個のファイルをコピーしました")  // true
/// ```
public struct FormatSpecifiers: Equatable, Sendable, CustomStringConvertible {
    /// The argument kind each position takes, by argument number (1-based); `nil` marks a gap
    /// or a position used with two different kinds.
    public let arguments: [Kind?]
    /// Whether some `%` starts something that is no conversion.
    public let isMalformed: Bool

    public enum Kind: String, Sendable {
        case object = "@"
        case signedInteger = "d"
        case unsignedInteger = "u"
        case floatingPoint = "f"
        case cString = "s"
        case character = "c"
        case pointer = "p"
    }

    public var isEmpty: Bool { arguments.isEmpty && !isMalformed }

    public init(_ text: String) {
        var slots: [Int: Kind?] = [:]
        var nextSequential = 1
        var malformed = false
        var scalars = text.unicodeScalars[...]
        while let percent = scalars.firstIndex(of: "%") {
            scalars = scalars[scalars.index(after: percent)...]
            if scalars.first == "%" {
                scalars = scalars.dropFirst()
                continue
            }
            guard let conversion = Conversion(parsing: scalars) else {
                malformed = true
                break
            }
            scalars = conversion.rest
            let index = conversion.position ?? nextSequential
            if conversion.position == nil { nextSequential += 1 }
            let kind = conversion.kind
            if let existing = slots[index], existing != kind { slots[index] = .some(nil) } else { slots[index] = kind }
        }
        let count = slots.keys.max() ?? 0
        arguments = count == 0 ? [] : (1...count).map { slots[$0] ?? nil }
        isMalformed = malformed
    }

    /// One conversion after `%`: `[N$][flags][width][.precision][length]type`.
    struct Conversion {
        var position: Int?
        var kind: Kind
        /// The type letter as written (`x` and `u` are both `.unsignedInteger`).
        var type: Unicode.Scalar
        var width = 0
        var leftAligned = false
        var zeroPadded = false
        /// What follows the conversion.
        var rest: Substring.UnicodeScalarView

        init?(parsing text: Substring.UnicodeScalarView) {
            var rest = text
            func digits() -> Int? {
                var value: Int?
                while let scalar = rest.first, ("0"..."9").contains(scalar) {
                    value = min((value ?? 0) * 10 + Int(scalar.value - 0x30), 1_000_000)
                    rest = rest.dropFirst()
                }
                return value
            }
            let saved = rest
            if let number = digits(), rest.first == "$", number > 0 {
                position = number
                rest = rest.dropFirst()
            } else {
                rest = saved
            }
            while let flag = rest.first, "-+ #0'".unicodeScalars.contains(flag) {
                if flag == "-" { leftAligned = true }
                if flag == "0" { zeroPadded = true }
                rest = rest.dropFirst()
            }
            if rest.first == "*" { return nil }  // widths taken from arguments are not supported
            width = digits() ?? 0
            if rest.first == "." {
                rest = rest.dropFirst()
                if rest.first == "*" { return nil }
                _ = digits()
            }
            while let length = rest.first, "hlqLzjt".unicodeScalars.contains(length) { rest = rest.dropFirst() }
            guard let type = rest.first else { return nil }
            rest = rest.dropFirst()
            switch type {
            case "@": kind = .object
            case "d", "i", "D": kind = .signedInteger
            case "u", "U", "x", "X", "o", "O": kind = .unsignedInteger
            case "f", "F", "e", "E", "g", "G", "a", "A": kind = .floatingPoint
            case "s", "S": kind = .cString
            case "c", "C": kind = .character
            case "p": kind = .pointer
            default: return nil
            }
            self.type = type
            self.rest = rest
        }
    }

    public var description: String {
        if arguments.isEmpty { return isMalformed ? "a malformed %" : "none" }
        return arguments.map { "%" + ($0?.rawValue ?? "?") }.joined(separator: " ") + (isMalformed ? " and a malformed %" : "")
    }
}
