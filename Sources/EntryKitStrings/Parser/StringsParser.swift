import FoundationEssentials

/// Reads Apple `.strings` files the way CoreFoundation's property-list parser
/// (`CFOldStylePList.c`, which `NSBundle` uses) reads them, and goes on after errors.
///
/// ```
/// /* A comment */
/// "greeting" = "Hello, %@!";   // a line comment
/// unquoted_key = unquoted.value;
/// "same";                      // shorthand for "same" = "same";
/// ```
///
/// - Comments `/* ... */` (not nested; one still open at the end of the file
///   runs to the end) and `// ...` stand wherever whitespace may. Whitespace is
///   tab, line feed, vertical tab, form feed, carriage return, space, U+2028, U+2029.
/// - Strings are quoted with `"` or `'`, or unquoted runs of
///   `A-Z a-z 0-9 _ $ / : . -`. An unquoted run takes in `//` and `/*`
///   too, as Apple's parser does, so `url = http://example.com;` is a URL.
/// - Escapes in quoted strings: `\n \t \r \" \a \b \f \v`, a backslash before a
///   line feed; `\U` with up to four hexadecimal digits (`\UABCG` is U+0ABC then
///   `G`; two escapes can make a surrogate pair); octal `\N`, `\NN`, `\NNN`, kept
///   to eight bits, in the NeXTSTEP encoding. A backslash before any other
///   character is dropped: `\(x)` reads `(x)`, `\\` reads `\`, and `\u203A`
///   reads `u203A`, as on Apple's platforms. `lint` warns about the surprising ones.
/// - Values may also be arrays `( a, b )`, dictionaries `{ k = v; }` and data
///   `<0fa1>`; lookups skip them.
/// - A key that appears again replaces the earlier value.
/// - A file that starts with `{` is one braced table; a file that is an XML or
///   binary property list is read with `FoundationEssentials`' `PropertyListDecoder`.
///
/// After a syntax error the parser records it and resynchronizes at the next
/// `;` or the next line that starts with a key, so every entry before and
/// after the error is kept. Errors and warnings carry line and column.
///
/// The parser works on UTF-16 code units, as CoreFoundation does, in one
/// forward pass: its time is linear in the size of the input. Only nested
/// arrays and dictionaries recurse, at most 512 deep (as in CoreFoundation).
public enum StringsParser {
    /// Reads a `.strings` file: UTF-8 with or without a byte order mark, UTF-16
    /// (little- or big-endian) with a byte order mark, or without one when the
    /// file starts with an ASCII character; or an XML or binary property list.
    /// Never fails: errors are in the document, beside what could be read.
    public static func read(_ data: Data) -> StringsDocument {
        if data.starts(with: Array("bplist".utf8)) {
            return readPropertyList(data, format: .binary)
        }
        let decoded = StringsDecoder.decode(data)
        if looksLikeXML(decoded.units) {
            return readPropertyList(data, format: .xml)
        }
        if startsWithLessThan(decoded.units),
            case .dictionary? = try? PropertyListValue.read(data)
        {
            // Foundation finds XML after a damaged prolog too; a text table never starts with '<'.
            return readPropertyList(data, format: .xml)
        }
        var parser = Parser(units: decoded.units)
        parser.errors = decoded.errors
        parser.decodingErrors = decoded.errors.count
        parser.warnings = decoded.warnings
        return parser.run()
    }

    /// Reads text that is already decoded.
    public static func read(_ text: String) -> StringsDocument {
        var parser = Parser(units: Array(text.utf16))
        return parser.run()
    }

    /// Parses the bytes of a `.strings` file and throws its first syntax error, if any.
    public static func parse(_ data: Data) throws(StringsSyntaxError) -> StringsDocument {
        let document = read(data)
        if let error = document.errors.first { throw error }
        return document
    }

    /// Parses text that is already decoded and throws its first syntax error, if any.
    public static func parse(_ text: String) throws(StringsSyntaxError) -> StringsDocument {
        let document = read(text)
        if let error = document.errors.first { throw error }
        return document
    }
}
