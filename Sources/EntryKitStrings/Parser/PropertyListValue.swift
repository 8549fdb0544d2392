import FoundationEssentials

/// XML and binary property lists read through `FoundationEssentials`' `PropertyListDecoder`,
/// so the parser needs neither Foundation nor ICU (a few megabytes in a static binary instead
/// of sixty). The decoder has no untyped result, so a node's kind is found by asking for each
/// kind in turn, most specific first: an integer before a real (a real node refuses `Int64`
/// unless it is whole, and whole reals print alike either way), both before a date (`Date`
/// would accept a number), arrays before data (`Data` would accept an array of small integers).
struct PropertyListValue: Decodable {
    var value: StringsValue

    /// The property list in `data`; throws the decoder's reason when it is not one.
    static func read(_ data: Data) throws(Failure) -> StringsValue {
        do {
            return try PropertyListDecoder().decode(PropertyListValue.self, from: data).value
        } catch let error as DecodingError {
            throw Failure(reason: reason(error))
        } catch {
            throw Failure(reason: "\(error)")
        }
    }

    struct Failure: Error {
        var reason: String
    }

    init(from decoder: any Decoder) throws {
        if let dictionary = try? decoder.container(keyedBy: Key.self) {
            // Sorted: a dictionary read from a property list has no order of its own.
            value = .dictionary(
                try dictionary.allKeys.map(\.stringValue).sorted().map { key in
                    StringsMember(key: key, value: try dictionary.decode(PropertyListValue.self, forKey: Key(stringValue: key)).value)
                })
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [StringsValue] = []
            while !array.isAtEnd { elements.append(try array.decode(PropertyListValue.self).value) }
            value = .array(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if let string = try? single.decode(String.self) {
                value = .string(string)
            } else if let flag = try? single.decode(Bool.self) {
                value = .boolean(flag)
            } else if let integer = try? single.decode(Int64.self) {
                value = .number(String(integer))
            } else if let integer = try? single.decode(UInt64.self) {
                value = .number(String(integer))
            } else if let real = try? single.decode(Double.self) {
                value = .number("\(real)")
            } else if let date = try? single.decode(Date.self) {
                value = .date(date)
            } else {
                value = .data(Array(try single.decode(Data.self)))
            }
        }
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// The parser's own words ("Encountered unexpected EOF ..."), not the decoder's wrapper.
    private static func reason(_ error: DecodingError) -> String {
        guard case .dataCorrupted(let context) = error else { return "\(error)" }
        if let underlying = context.underlyingError as? CocoaError,
            let description = underlying.userInfo["NSDebugDescription"] as? String
        {
            return description
        }
        return context.debugDescription
    }
}
