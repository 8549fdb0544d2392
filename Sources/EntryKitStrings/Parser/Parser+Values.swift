/// Values: keys, unquoted strings, arrays, dictionaries and data.
extension Parser {
    /// A key: a quoted or unquoted string at `i` (the caller checked that one starts there).
    mutating func parseString() throws(Failure) -> (String, quoted: Bool) {
        let c = u[i]
        if c == Scalar.doubleQuote || c == Scalar.singleQuote {
            return (try parseQuoted(), true)
        }
        return (parseUnquoted(), false)
    }

    mutating func parseUnquoted() -> String {
        let start = i
        while i < count, Scalar.isUnquoted(u[i]) { i += 1 }
        return Parser.makeString(u[start..<i])
    }

    /// A value at `i` after trivia: a string, `( )` array, `{ }` dictionary or `< >` data.
    /// Returns nil when none starts there and none is `required` (then nothing is consumed
    /// but trivia). `endOfInput` is where to point when the file ends before the value.
    mutating func parseObject(depth: Int, required: Bool, endOfInput: Int) throws(Failure) -> StringsValue? {
        if depth > 512 {
            guard required else { return nil }
            throw fail(.nestedTooDeeply, "arrays and dictionaries nested more than 512 deep", at: i)
        }
        skipTrivia()
        guard i < count else {
            guard required else { return nil }
            throw fail(.expectedValue, "expected a value after '='", at: endOfInput)
        }
        let c = u[i]
        switch c {
        case Scalar.doubleQuote, Scalar.singleQuote:
            return .string(try parseQuoted())
        case Scalar.openBrace:
            return .dictionary(try parseDictionary(depth: depth))
        case Scalar.openParenthesis:
            return .array(try parseArray(depth: depth))
        case Scalar.lessThan:
            return .data(try parseData())
        default:
            if Scalar.isUnquoted(c) { return .string(parseUnquoted()) }
            guard required else { return nil }
            throw fail(.expectedValue, "expected a value after '='", at: i)
        }
    }

    mutating func parseDictionary(depth: Int) throws(Failure) -> [StringsMember] {
        let opened = position(i)
        i += 1
        var members: [StringsMember] = []
        var index: [String: Int] = [:]
        while true {
            skipTrivia()
            guard i < count, Scalar.isKeyStart(u[i]) else { break }
            let (key, quoted) = try parseString()
            let tokenEnd = i
            skipTrivia()
            guard i < count else {
                throw fail(.expectedEqualsOrSemicolon, "expected '=' or ';' after key", at: tokenEnd)
            }
            let value: StringsValue
            if u[i] == Scalar.semicolon {
                value = .string(key)
            } else if u[i] == Scalar.equals {
                i += 1
                value = try parseObject(depth: depth + 1, required: true, endOfInput: i)!
            } else {
                try checkUnquotedNeighbour(quoted: quoted, tokenEnd: tokenEnd)
                throw fail(.expectedEqualsOrSemicolon, "expected '=' or ';' after key", at: i)
            }
            if let existing = index[key] {
                members[existing].value = value
            } else {
                index[key] = members.count
                members.append(StringsMember(key: key, value: value))
            }
            let end = i
            skipTrivia()
            guard i < count, u[i] == Scalar.semicolon else {
                throw fail(.expectedSemicolon, "expected ';' after value", at: i < count ? i : end)
            }
            i += 1
        }
        guard i < count, u[i] == Scalar.closeBrace else {
            throw fail(.unterminatedDictionary, "expected '}' to close the dictionary opened at \(opened)", at: i)
        }
        i += 1
        return members
    }

    mutating func parseArray(depth: Int) throws(Failure) -> [StringsValue] {
        let opened = position(i)
        i += 1
        var elements: [StringsValue] = []
        var element = try parseObject(depth: depth + 1, required: false, endOfInput: i)
        while let value = element {
            elements.append(value)
            skipTrivia()
            guard i < count, u[i] == Scalar.comma else { break }
            i += 1
            element = try parseObject(depth: depth + 1, required: false, endOfInput: i)
        }
        skipTrivia()
        guard i < count, u[i] == Scalar.closeParenthesis else {
            let deep = depth + 1 > 512 ? " (arrays and dictionaries nest at most 512 deep)" : ""
            throw fail(.unterminatedArray, "expected ',' or ')' in the array opened at \(opened)\(deep)", at: i)
        }
        i += 1
        return elements
    }

    /// `<0fa1 b2>`: pairs of hexadecimal digits, blanks between pairs. As in CoreFoundation,
    /// a character's low eight bits decide whether it is a digit.
    mutating func parseData() throws(Failure) -> [UInt8] {
        let opened = position(i)
        i += 1
        var bytes: [UInt8] = []
        while i < count {
            let c = u[i]
            if c == Scalar.greaterThan { break }
            if let high = Scalar.hexValue(c & 0xFF) {
                i += 1
                guard i < count, let low = Scalar.hexValue(u[i] & 0xFF) else {
                    throw fail(.invalidData, "odd number of hexadecimal digits in the data opened at \(opened)", at: i)
                }
                bytes.append(UInt8(high << 4 | low))
                i += 1
            } else if c == Scalar.space || c == Scalar.lineFeed || c == Scalar.tab || c == Scalar.carriageReturn
                || c == Scalar.lineSeparator || c == Scalar.paragraphSeparator
            {
                i += 1
            } else {
                throw fail(.invalidData, "character \(describe(at: i)) is not a hexadecimal digit, in the data opened at \(opened)", at: i)
            }
        }
        guard i < count else {
            throw fail(.invalidData, "expected '>' to close the data opened at \(opened)", at: i)
        }
        i += 1
        return bytes
    }
}
