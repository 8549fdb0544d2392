/// `String(format:)` for the conversions localized strings use, without Foundation: `%@` and
/// the integer conversions (`%d`, `%u`, `%x`, `%o`, with width, `-` and `0`), numbered (`%2$@`)
/// or in order, and `%%`. Any other conversion shows its argument's description.
///
/// Arguments are Swift values, not C varargs: `%@` takes any value's description and an
/// integer conversion any `BinaryInteger`, so no mismatch can read the wrong memory.
///
/// ```swift
/// StringFormat.format("%2$@ に %1$d 個", 3, "Docs")  // "Docs に 3 個"
/// ```
public enum StringFormat {
    public static func format(_ format: String, _ arguments: any CustomStringConvertible...) -> String {
        self.format(format, arguments: arguments)
    }

    public static func format(_ format: String, arguments: [any CustomStringConvertible]) -> String {
        var output = String.UnicodeScalarView()
        var scalars = format.unicodeScalars[...]
        var nextSequential = 0
        while let percent = scalars.firstIndex(of: "%") {
            output.append(contentsOf: scalars[..<percent])
            scalars = scalars[scalars.index(after: percent)...]
            if scalars.first == "%" {
                output.append("%")
                scalars = scalars.dropFirst()
                continue
            }
            guard let conversion = FormatSpecifiers.Conversion(parsing: scalars) else {
                // A malformed conversion is kept as written, as printf keeps it.
                output.append("%")
                continue
            }
            scalars = conversion.rest
            let index = conversion.position.map { $0 - 1 } ?? nextSequential
            if conversion.position == nil { nextSequential += 1 }
            let text = arguments.indices.contains(index) ? convert(arguments[index], conversion) : ""
            output.append(contentsOf: pad(text, conversion).unicodeScalars)
        }
        output.append(contentsOf: scalars)
        return String(output)
    }

    private static func convert(_ argument: any CustomStringConvertible, _ conversion: FormatSpecifiers.Conversion) -> String {
        guard let integer = argument as? any BinaryInteger else { return argument.description }
        switch conversion.type {
        case "x": return String(integer, radix: 16)
        case "X": return String(integer, radix: 16, uppercase: true)
        case "o", "O": return String(integer, radix: 8)
        default: return String(integer)
        }
    }

    private static func pad(_ text: String, _ conversion: FormatSpecifiers.Conversion) -> String {
        let missing = conversion.width - text.count
        guard missing > 0 else { return text }
        if conversion.leftAligned { return text + String(repeating: " ", count: missing) }
        if conversion.zeroPadded, conversion.kind != .object {
            let negative = text.hasPrefix("-")
            return (negative ? "-" : "") + String(repeating: "0", count: missing) + text.dropFirst(negative ? 1 : 0)
        }
        return String(repeating: " ", count: missing) + text
    }
}
