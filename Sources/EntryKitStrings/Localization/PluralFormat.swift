/// One entry of a `.stringsdict` table: a format whose `%#@name@` variables pick a plural form
/// by a count, as Apple's `NSStringPluralRuleType` entries do.
///
/// ```xml
/// <key>%d files</key>
/// <dict>
///     <key>NSStringLocalizedFormatKey</key> <string>%#@files@</string>
///     <key>files</key>
///     <dict>
///         <key>NSStringFormatSpecTypeKey</key>  <string>NSStringPluralRuleType</string>
///         <key>NSStringFormatValueTypeKey</key> <string>d</string>
///         <key>one</key>   <string>%d file</string>
///         <key>other</key> <string>%d files</string>
///     </dict>
/// </dict>
/// ```
///
/// A variable takes the argument at its place in the format (`%2$#@files@` the second); inside
/// its forms an unnumbered conversion (`%d`) is that argument, as on Apple's platforms. The
/// form is the one of the count's CLDR category in the table's language (``PluralRules``);
/// `zero`, when given, is used for 0 in every language (as Apple does); a missing form falls
/// back to `other`.
public struct PluralFormat: Sendable, Equatable {
    public struct Variable: Sendable, Equatable {
        /// `NSStringFormatValueTypeKey`: the count's conversion without `%` (`d`, `ld`, `u`).
        public var valueType: String
        public var forms: [PluralCategory: String]
    }

    /// `NSStringLocalizedFormatKey`.
    public var format: String
    public var variables: [String: Variable]

    static let formatKey = "NSStringLocalizedFormatKey"
    static let specTypeKey = "NSStringFormatSpecTypeKey"
    static let valueTypeKey = "NSStringFormatValueTypeKey"
    static let pluralRuleType = "NSStringPluralRuleType"

    /// A problem with an entry: an error makes the entry unusable.
    public struct Problem: Sendable, Equatable {
        public var isError: Bool
        public var message: String
    }

    /// The entry in `value` (a dictionary of a `.stringsdict` table) and what is wrong with it;
    /// nil when it cannot be used.
    public static func read(_ value: StringsValue) -> (format: PluralFormat?, problems: [Problem]) {
        var problems: [Problem] = []
        func error(_ message: String) { problems.append(Problem(isError: true, message: message)) }
        func warning(_ message: String) { problems.append(Problem(isError: false, message: message)) }
        guard case .dictionary(let members) = value else {
            error("not a plural entry: a \(formatKey) dictionary is expected")
            return (nil, problems)
        }
        var format: String?
        var variables: [String: Variable] = [:]
        var declared: Set<String> = []
        for member in members {
            if member.key == formatKey {
                format = member.value.string
                if format == nil { error("\(formatKey) is not a string") }
                continue
            }
            guard case .dictionary(let settings) = member.value else {
                warning("\(JSONString.quoted(member.key)) is neither \(formatKey) nor a variable; ignored")
                continue
            }
            declared.insert(member.key)
            if let variable = readVariable(member.key, settings, error: error, warning: warning) { variables[member.key] = variable }
        }
        guard let format else {
            if !problems.contains(where: \.isError) { error("no \(formatKey)") }
            return (nil, problems)
        }
        let entry = PluralFormat(format: format, variables: variables)
        let referenced = entry.referencedVariables
        for name in referenced where !declared.contains(name) {
            error("\(formatKey) uses %#@\(JSONString.quoted(name).dropFirst().dropLast())@, which the entry does not define")
        }
        for name in declared.sorted() where !referenced.contains(name) {
            warning("variable \(JSONString.quoted(name)) is not used by \(formatKey)")
        }
        return (problems.contains(where: \.isError) ? nil : entry, problems)
    }

    private static func readVariable(
        _ name: String, _ settings: [StringsMember], error: (String) -> Void, warning: (String) -> Void
    ) -> Variable? {
        var specType: String?
        var valueType: String?
        var forms: [PluralCategory: String] = [:]
        for setting in settings {
            switch setting.key {
            case specTypeKey: specType = setting.value.string
            case valueTypeKey: valueType = setting.value.string
            default:
                if let category = PluralCategory(rawValue: setting.key), let form = setting.value.string {
                    forms[category] = form
                } else {
                    warning(
                        "variable \(JSONString.quoted(name)): \(JSONString.quoted(setting.key)) is not a plural category (zero, one, two, few, many, other); ignored"
                    )
                }
            }
        }
        guard specType == pluralRuleType else {
            error("variable \(JSONString.quoted(name)): \(specTypeKey) must be \(pluralRuleType)")
            return nil
        }
        guard let valueType, let conversion = FormatSpecifiers.Conversion(parsing: Substring(valueType).unicodeScalars),
            conversion.rest.isEmpty, [.signedInteger, .unsignedInteger].contains(conversion.kind)
        else {
            error("variable \(JSONString.quoted(name)): \(valueTypeKey) must be an integer conversion such as d")
            return nil
        }
        guard forms[.other] != nil else {
            error("variable \(JSONString.quoted(name)) has no \"other\" form")
            return nil
        }
        return Variable(valueType: valueType, forms: forms)
    }

    // MARK: Choosing forms

    /// The format with each variable replaced by its form for `arguments` in `language`, and
    /// every conversion numbered (`%2$d`), ready for ``StringFormat``.
    public func resolve(arguments: [any CustomStringConvertible], language: String) -> Resolved {
        resolve { name, position in
            guard let forms = variables[name]?.forms else { return .other }
            guard arguments.indices.contains(position - 1), let count = arguments[position - 1] as? any BinaryInteger else {
                return .other
            }
            let n = Int(clamping: count)
            if n == 0, forms[.zero] != nil { return .zero }
            return PluralRules.category(of: n, language: language)
        }
    }

    /// A format with its variables replaced and every conversion numbered.
    public struct Resolved: Sendable, Equatable {
        public var format: String
        /// Each conversion's argument number and kind, in order.
        public var conversions: [Conversion]
        /// Whether some `%` starts no conversion.
        public var isMalformed = false

        public struct Conversion: Sendable, Equatable {
            public var position: Int
            public var kind: FormatSpecifiers.Kind
        }

        /// Whether every conversion reads its argument as `expected` says it is: a form may
        /// leave out a count ("one file" rather than "1 file"), never read it as another kind.
        public func agrees(with expected: FormatSpecifiers) -> Bool {
            !isMalformed
                && conversions.allSatisfy {
                    expected.arguments.indices.contains($0.position - 1) && expected.arguments[$0.position - 1] == $0.kind
                }
        }
    }

    /// The variables `format` names, in order.
    var referencedVariables: [String] {
        var names: [String] = []
        _ = resolve { name, _ in
            names.append(name)
            return .other
        }
        return names
    }

    /// Replaces each variable by the form `choose(name, argumentNumber)` picks (`other` when
    /// that form is missing) and numbers every conversion.
    public func resolve(choosing choose: (String, Int) -> PluralCategory) -> Resolved {
        var resolved = Resolved(format: "", conversions: [])
        var nextSequential = 1
        Self.number(format, into: &resolved, defaultPosition: nil, nextSequential: &nextSequential) { name, position in
            let category = choose(name, position)
            guard let forms = variables[name]?.forms else { return nil }
            return forms[category] ?? forms[.other]
        }
        return resolved
    }

    /// Appends `text` to `resolved` with its conversions numbered: unnumbered ones take
    /// `defaultPosition` (inside a form) or the next argument; a variable is replaced by the
    /// form `form(name, position)` gives, itself numbered with the variable's position (so
    /// `defaultPosition` is set exactly inside a form, where a further variable is malformed).
    private static func number(
        _ text: String, into resolved: inout Resolved, defaultPosition: Int?, nextSequential: inout Int,
        form: (String, Int) -> String?
    ) {
        var scalars = text.unicodeScalars[...]
        func takePosition(_ explicit: Int?) -> Int {
            if let explicit { return explicit }
            if let defaultPosition { return defaultPosition }
            defer { nextSequential += 1 }
            return nextSequential
        }
        while let percent = scalars.firstIndex(of: "%") {
            resolved.format.unicodeScalars.append(contentsOf: scalars[..<percent])
            scalars = scalars[scalars.index(after: percent)...]
            if scalars.first == "%" {
                resolved.format += "%%"
                scalars = scalars.dropFirst()
                continue
            }
            var body = scalars
            var explicit: Int?
            let digits = body.prefix { ("0"..."9").contains($0) }
            if !digits.isEmpty, body.dropFirst(digits.count).first == "$", let number = Int(String(String.UnicodeScalarView(digits))) {
                explicit = number
                body = body.dropFirst(digits.count + 1)
            }
            if body.starts(with: "#@".unicodeScalars), let close = body.dropFirst(2).firstIndex(of: "@") {
                let name = String(String.UnicodeScalarView(body[body.index(body.startIndex, offsetBy: 2)..<close]))
                let position = takePosition(explicit)
                scalars = body[body.index(after: close)...]
                // Forms hold no further variables: a `%#@` inside one is malformed.
                guard defaultPosition == nil, let chosen = form(name, position) else {
                    resolved.isMalformed = true
                    continue
                }
                number(chosen, into: &resolved, defaultPosition: position, nextSequential: &nextSequential, form: form)
                continue
            }
            guard let conversion = FormatSpecifiers.Conversion(parsing: scalars) else {
                resolved.isMalformed = true
                resolved.format += "%"
                continue
            }
            let position = takePosition(conversion.position)
            resolved.format += "%\(position)$" + String(String.UnicodeScalarView(body[..<conversion.rest.startIndex]))
            resolved.conversions.append(.init(position: position, kind: conversion.kind))
            scalars = conversion.rest
        }
        resolved.format.unicodeScalars.append(contentsOf: scalars)
    }
}
