import FoundationEssentials

/// A JSON value as it stands in a file: its kind and the byte offset where it starts.
///
/// Objects keep their members in file order, duplicates included (a reader of a catalog takes
/// the last, as Foundation's decoders do, and `lint` names the others); numbers keep their text.
public struct JSONNode: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case object([JSONMember])
        case array([JSONNode])
        case string(String)
        /// The number as written (`1`, `-0.5e3`).
        case number(String)
        case boolean(Bool)
        case null
    }

    public var kind: Kind
    /// Where the value starts, in bytes from the start of the file.
    public var offset: Int

    /// The string, or nil for any other kind.
    public var string: String? {
        if case .string(let string) = kind { return string }
        return nil
    }

    /// The members of an object, or nil for any other kind.
    public var members: [JSONMember]? {
        if case .object(let members) = kind { return members }
        return nil
    }

    /// What the value is, in a word for a message: "an object", "a string", …
    public var kindName: String {
        switch kind {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .boolean: "a boolean"
        case .null: "null"
        }
    }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Sendable, Equatable {
    public var key: String
    /// Where the key's opening quote stands, in bytes.
    public var keyOffset: Int
    public var value: JSONNode
}

/// A strict JSON (RFC 8259) reader that says where each value starts and where the text stops
/// being JSON, as a line and column an editor shows (``SourcePosition``): what `lint` needs of
/// a String Catalog and Foundation's `JSONSerialization` does not give (it names a byte offset
/// at best, and forgets the order of an object's members).
///
/// UTF-8 only, with or without a byte order mark (Xcode writes UTF-8); no comments, no lone
/// surrogates in `\u` escapes, at most 512 levels of nesting. A comma before `}` or `]` is read
/// with a warning, as Foundation reads it: a catalog someone edited by hand that Xcode opens
/// must not lose its translations here. One forward pass
/// over the bytes: its time is linear in the size of the input.
///
/// ```swift
/// let root = try JSONReader.read(Data(#"{"a": [1, true]}"#.utf8))
/// root.members?.first?.key  // "a"
/// ```
public enum JSONReader {
    /// Nesting deeper than this is an error rather than a deep recursion.
    public static let maximumDepth = 512

    /// Where and why the text is not JSON.
    public struct SyntaxError: Error, Sendable, Equatable {
        /// Bytes from the start of the file to the offending character.
        public var offset: Int
        public var message: String
    }

    /// The value `data` holds; throws where it stops being JSON.
    public static func read(_ data: Data) throws(SyntaxError) -> JSONNode {
        try readWithWarnings(data).value
    }

    /// The value `data` holds and what in it is not strictly JSON but read all the same (a
    /// comma before `}` or `]`); throws where it stops being JSON.
    public static func readWithWarnings(_ data: Data) throws(SyntaxError) -> (value: JSONNode, warnings: [SyntaxError]) {
        let bytes = [UInt8](data)
        return try bytes.withUnsafeBufferPointer { buffer throws(SyntaxError) in
            var scanner = Scanner(bytes: buffer)
            let value = try scanner.document()
            return (value, scanner.warnings)
        }
    }

    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var warnings: [SyntaxError] = []

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        }

        func fail(_ message: String, at offset: Int? = nil) -> SyntaxError {
            SyntaxError(offset: offset ?? index, message: message)
        }

        /// What stands at `index`, for a message: `'x'`, `U+00E9` or "the end of the file".
        var found: String {
            guard index < bytes.count else { return "the end of the file" }
            let byte = bytes[index]
            if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            if byte < 0x80 { return "U+" + StringsDecoder.hexDigits(UInt32(byte), width: 4) }
            return "a non-ASCII character"
        }

        mutating func document() throws(SyntaxError) -> JSONNode {
            skipWhitespace()
            guard index < bytes.count else { throw fail("the file is empty: a JSON value is expected") }
            let value = try self.value(depth: 0)
            skipWhitespace()
            guard index == bytes.count else { throw fail("expected the end of the file after the JSON value, found \(found)") }
            return value
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) throws(SyntaxError) -> JSONNode {
            guard depth < JSONReader.maximumDepth else {
                throw fail("arrays and objects nested more than \(JSONReader.maximumDepth) deep")
            }
            let start = index
            guard index < bytes.count else { throw fail("expected a value, found the end of the file") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return JSONNode(kind: .object(try object(depth: depth)), offset: start)
            case UInt8(ascii: "["): return JSONNode(kind: .array(try array(depth: depth)), offset: start)
            case UInt8(ascii: "\""): return JSONNode(kind: .string(try string()), offset: start)
            case UInt8(ascii: "t"): return JSONNode(kind: .boolean(try literal("true", true)), offset: start)
            case UInt8(ascii: "f"): return JSONNode(kind: .boolean(try literal("false", false)), offset: start)
            case UInt8(ascii: "n"):
                _ = try literal("null", true)
                return JSONNode(kind: .null, offset: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONNode(kind: .number(try number()), offset: start)
            case UInt8(ascii: "'"): throw fail("strings are quoted with '\"', not \"'\"")
            case UInt8(ascii: "/"): throw fail("JSON has no comments")
            default: throw fail("expected a value, found \(found)")
            }
        }

        mutating func literal(_ word: StaticString, _ result: Bool) throws(SyntaxError) -> Bool {
            let length = word.utf8CodeUnitCount
            let matches =
                index + length <= bytes.count
                && (0..<length).allSatisfy { bytes[index + $0] == word.utf8Start[$0] }
            guard matches else { throw fail("expected a value, found \(found)") }
            index += length
            return result
        }

        mutating func object(depth: Int) throws(SyntaxError) -> [JSONMember] {
            index += 1  // {
            var members: [JSONMember] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return members
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    if index < bytes.count, bytes[index] == UInt8(ascii: "}"), !members.isEmpty {
                        warnings.append(fail("a comma before '}' is not JSON (Foundation reads it, other readers do not): remove it"))
                        index += 1
                        return members
                    }
                    throw fail("expected a quoted key, found \(found)")
                }
                let keyOffset = index
                let key = try string()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    throw fail("expected ':' after the key \(JSONString.quoted(key)), found \(found)")
                }
                index += 1
                skipWhitespace()
                members.append(JSONMember(key: key, keyOffset: keyOffset, value: try value(depth: depth + 1)))
                skipWhitespace()
                guard index < bytes.count else { throw fail("the object has no closing '}'") }
                switch bytes[index] {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"):
                    index += 1
                    return members
                default: throw fail("expected ',' or '}' after the value of \(JSONString.quoted(key)), found \(found)")
                }
            }
        }

        mutating func array(depth: Int) throws(SyntaxError) -> [JSONNode] {
            index += 1  // [
            var elements: [JSONNode] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return elements
            }
            while true {
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]"), !elements.isEmpty {
                    warnings.append(fail("a comma before ']' is not JSON (Foundation reads it, other readers do not): remove it"))
                    index += 1
                    return elements
                }
                elements.append(try value(depth: depth + 1))
                skipWhitespace()
                guard index < bytes.count else { throw fail("the array has no closing ']'") }
                switch bytes[index] {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"):
                    index += 1
                    return elements
                default: throw fail("expected ',' or ']' after an element, found \(found)")
                }
            }
        }

        mutating func number() throws(SyntaxError) -> String {
            let start = index
            func digits() -> Int {
                let first = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                return index - first
            }
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
                throw fail("expected a digit after '-', found \(found)")
            }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
                if index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                    throw fail("a number does not start with 0 followed by a digit")
                }
            } else {
                _ = digits()
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw fail("expected a digit after '.', found \(found)") }
            }
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw fail("expected a digit in the exponent, found \(found)") }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            // Foundation refuses what no Double holds, and so does every reader built on one.
            guard Double(text)?.isFinite == true else { throw fail("the number \(text) is too large for any reader", at: start) }
            return text
        }

        /// A quoted string, `index` at its opening quote. Runs without escapes are copied whole.
        mutating func string() throws(SyntaxError) -> String {
            let opening = index
            index += 1
            var result = ""
            var runStart = index
            func appendRun(upTo end: Int) throws(SyntaxError) {
                guard end > runStart else { return }
                let run = UnsafeBufferPointer(rebasing: bytes[runStart..<end])
                guard let text = String(validating: run, as: UTF8.self) else {
                    throw fail("invalid UTF-8 in a string", at: runStart + Self.firstInvalidUTF8(run))
                }
                result += text
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    try appendRun(upTo: index)
                    index += 1
                    return result
                }
                if byte == UInt8(ascii: "\\") {
                    try appendRun(upTo: index)
                    try escape(into: &result)
                    runStart = index
                    continue
                }
                if byte < 0x20 {
                    let what = byte == 0x0A ? "a line break" : byte == 0x09 ? "a tab" : "a control character"
                    throw fail("\(what) in a string must be escaped (\(byte == 0x0A ? "\\n" : byte == 0x09 ? "\\t" : "\\u00XX"))")
                }
                index += 1
            }
            throw fail("the string has no closing '\"'", at: opening)
        }

        mutating func escape(into result: inout String) throws(SyntaxError) {
            let backslash = index
            index += 1
            guard index < bytes.count else { throw fail("the string has no closing '\"'", at: backslash) }
            let letter = bytes[index]
            index += 1
            switch letter {
            case UInt8(ascii: "\""): result += "\""
            case UInt8(ascii: "\\"): result += "\\"
            case UInt8(ascii: "/"): result += "/"
            case UInt8(ascii: "b"): result += "\u{08}"
            case UInt8(ascii: "f"): result += "\u{0C}"
            case UInt8(ascii: "n"): result += "\n"
            case UInt8(ascii: "r"): result += "\r"
            case UInt8(ascii: "t"): result += "\t"
            case UInt8(ascii: "u"):
                let unit = try hexUnit(at: backslash)
                if (0xD800...0xDBFF).contains(unit) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw fail(
                            "\\u\(StringsDecoder.hexDigits(UInt32(unit), width: 4)) is half of a surrogate pair without its other half",
                            at: backslash)
                    }
                    index += 2
                    let low = try hexUnit(at: backslash)
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw fail(
                            "\\u\(StringsDecoder.hexDigits(UInt32(unit), width: 4)) is half of a surrogate pair without its other half",
                            at: backslash)
                    }
                    let scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                    result.unicodeScalars.append(Unicode.Scalar(scalar)!)
                } else if (0xDC00...0xDFFF).contains(unit) {
                    throw fail(
                        "\\u\(StringsDecoder.hexDigits(UInt32(unit), width: 4)) is half of a surrogate pair without its other half",
                        at: backslash)
                } else {
                    result.unicodeScalars.append(Unicode.Scalar(unit)!)
                }
            default:
                index -= 1
                let shown = letter >= 0x21 && letter < 0x7F ? "\\" + String(Unicode.Scalar(letter)) : "a backslash before \(found)"
                throw fail("\(shown) is not a JSON escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)", at: backslash)
            }
        }

        /// Four hexadecimal digits after `\u`.
        mutating func hexUnit(at backslash: Int) throws(SyntaxError) -> UInt16 {
            var unit: UInt16 = 0
            for _ in 0..<4 {
                guard index < bytes.count, let digit = Self.hexValue(bytes[index]) else {
                    throw fail("\\u needs four hexadecimal digits", at: backslash)
                }
                unit = unit << 4 | UInt16(digit)
                index += 1
            }
            return unit
        }

        static func hexValue(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }

        /// The offset in `run` of the first byte that starts no valid UTF-8 sequence.
        static func firstInvalidUTF8(_ run: UnsafeBufferPointer<UInt8>) -> Int {
            var start = 0
            while start < run.count {
                let lead = run[start]
                let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
                guard length > 0, start + length <= run.count,
                    String(validating: UnsafeBufferPointer(rebasing: run[start..<start + length]), as: UTF8.self) != nil
                else { return start }
                start += length
            }
            return start
        }
    }
}

/// Byte offsets of a file as lines and columns (columns count Unicode scalars from 1, as
/// ``SourcePosition`` does for `.strings` files), found by a binary search over the line starts.
public struct LineIndex: Sendable {
    private let bytes: [UInt8]
    private let lineStarts: [Int]

    public init(_ data: Data) {
        bytes = [UInt8](data)
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        lineStarts = starts
    }

    public func position(of offset: Int) -> SourcePosition {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let start = lineStarts[low]
        let end = min(offset, bytes.count)
        // Columns count scalars: every byte but UTF-8 continuation bytes, after a byte order mark.
        let skip = low == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let column = bytes[min(start + skip, end)..<end].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return SourcePosition(line: low + 1, column: column + 1)
    }
}
