/// One language of a String Catalog as Xcode compiles it: the entries of its `.strings` table
/// (a string per key) and of its `.stringsdict` table (a plural entry per key), in catalog order.
///
/// - A string unit gives its value; in the source language a key with no text of its own gives
///   the key, as Xcode writes it into the source language's table.
/// - Plural variations become a plural entry whose one variable (`arg1`) takes the count;
///   a string unit with `substitutions` becomes a plural entry with a variable per
///   substitution, its `%arg` the substitution's `formatSpecifier`.
/// - Device variations give their `other` case: this is not an Apple device.
/// - A language's text that is not translated (no `value`, or `state: new`, which Xcode and
///   Crowdin fill with the source text), and every language but the source of a key marked
///   `shouldTranslate: false`, is missing: lookups go on to the next language, as for a key a
///   `.strings` table lacks. (Ice Cubes' translators removed that mark from two keys to have
///   their translations shown.)
///
/// ```swift
/// let german = catalog.table(language: "de")
/// german.strings["Cancel"]        // "Abbrechen"
/// german.plurals["%lld files"]    // the entry a .stringsdict would hold
/// ```
public struct CatalogTable: Sendable {
    /// Every key the language has, in catalog order: a string, or a plural entry as the
    /// `.stringsdict` dictionary (`NSStringLocalizedFormatKey` and its variables).
    public var entries: [StringsEntry]
    /// The keys whose text is a plain string.
    public var strings: [String: String]
    /// The keys whose text is a plural entry that can be used.
    public var plurals: [String: PluralFormat]

    /// The entries as a document, for `dump`'s JSON.
    public var document: StringsDocument { StringsDocument(entries: entries) }
}

extension StringCatalog {
    /// The table of `language`, a BCP 47 tag of the catalog (`zh-Hans`) or its `LANGUAGE`
    /// name (`zh_CN`); empty for a language the catalog does not hold.
    public func table(language: String) -> CatalogTable {
        table(tag: self.tag(of: language) ?? language)
    }

    /// The table of exactly the BCP 47 tag `tag`.
    func table(tag: String) -> CatalogTable {
        let isSource = tag == sourceLanguage
        var table = CatalogTable(entries: [], strings: [:], plurals: [:])
        for entry in entries {
            guard let text = compiled(entry, language: tag, isSource: isSource) else { continue }
            table.entries.append(StringsEntry(key: entry.key, value: text, position: entry.position))
            switch text {
            case .string(let string): table.strings[entry.key] = string
            default: if let plural = PluralFormat.read(text).format { table.plurals[entry.key] = plural }
            }
        }
        return table
    }

    /// Every language's table, by `LANGUAGE` name (`zh_CN` for `zh-Hans`). Of two tags with one
    /// name (`zh-Hans` and `zh-CN`), the first in ``languages`` counts.
    public func tables() -> [String: CatalogTable] {
        var tables: [String: CatalogTable] = [:]
        for tag in languages {
            guard let name = LanguageTag.localeName(tag), tables[name] == nil else { continue }
            tables[name] = table(tag: tag)
        }
        return tables
    }

    /// The catalog's tag for `language`, a tag or a `LANGUAGE` name: the first of ``languages``
    /// that is it or has it as its name (of `en` and `eN` the source language's, as lookups
    /// and `convert` take it).
    public func tag(of language: String) -> String? {
        languages.first { $0 == language || LanguageTag.localeName($0) == language }
    }

    /// The text `entry` compiles to in `language`, or nil when that language lacks it.
    func compiled(_ entry: Entry, language: String, isSource: Bool) -> StringsValue? {
        guard entry.shouldTranslate || isSource else { return nil }
        guard let localization = entry.localization(language) else { return isSource ? .string(entry.key) : nil }
        return Self.compile(localization, isSource: isSource)
    }

    /// A localization as a string, or as the dictionary of a `.stringsdict` entry.
    static func compile(_ localization: Localization, isSource: Bool) -> StringsValue? {
        if let device = localization.variation("device") {
            guard var other = device.localization("other") else { return nil }
            other.substitutions += localization.substitutions
            return compile(other, isSource: isSource)
        }
        if let plural = localization.variation("plural") {
            return wholeStringPlural(plural, isSource: isSource)
        }
        guard let format = usableValue(localization.stringUnit, isSource: isSource) else { return nil }
        guard !localization.substitutions.isEmpty else { return .string(format) }
        return substitutedPlural(format, localization.substitutions, isSource: isSource)
    }

    /// The value of `unit` when it is translated (in the source language, whatever its state).
    static func usableValue(_ unit: StringUnit?, isSource: Bool) -> String? {
        guard let unit, let value = unit.value else { return nil }
        return isSource || unit.state != "new" ? value : nil
    }

    /// The forms of plural variations by category, each a string (a device variation inside
    /// giving its `other`); forms that are not translated are left out.
    static func forms(_ plural: Variation, isSource: Bool) -> [(category: PluralCategory, text: String)] {
        plural.cases.compactMap { name, localization in
            guard let category = PluralCategory(rawValue: name), case .string(let text)? = compile(localization, isSource: isSource)
            else { return nil }
            return (category, text)
        }.sorted { PluralCategory.allCases.firstIndex(of: $0.category)! < PluralCategory.allCases.firstIndex(of: $1.category)! }
    }

    static let specType = StringsMember(key: PluralFormat.specTypeKey, value: .string(PluralFormat.pluralRuleType))

    /// Plural variations of the whole string: one variable, `arg1`, taking the first integer
    /// the `other` form converts. Forms holding more than one conversion get their unnumbered
    /// conversions numbered, so each keeps its argument once inside the variable.
    static func wholeStringPlural(_ plural: Variation, isSource: Bool) -> StringsValue? {
        var forms = forms(plural, isSource: isSource)
        guard let other = forms.first(where: { $0.category == .other })?.text else { return nil }
        if forms.contains(where: { FormatSpecifiers.conversionCount($0.text) > 1 }) {
            forms = forms.map { ($0.category, FormatSpecifiers.numbered($0.text)) }
        }
        let count = FormatSpecifiers.firstInteger(in: other)
        let position = count?.position ?? 1
        let name = "arg\(position)"
        var variable = [specType, StringsMember(key: PluralFormat.valueTypeKey, value: .string(count?.valueType ?? "d"))]
        variable += forms.map { StringsMember(key: $0.category.rawValue, value: .string($0.text)) }
        return .dictionary(
            sortedMembers([
                StringsMember(key: PluralFormat.formatKey, value: .string(position == 1 ? "%#@\(name)@" : "%\(position)$#@\(name)@")),
                StringsMember(key: name, value: .dictionary(sortedMembers(variable))),
            ]))
    }

    /// A string unit with substitutions: its `%#@name@` variables numbered by `argNum` where
    /// their place does not say it already, each
    /// substitution a variable whose forms have `%arg` written as its `formatSpecifier`.
    static func substitutedPlural(_ format: String, _ substitutions: [Substitution], isSource: Bool) -> StringsValue? {
        var numbered = format
        var members = [StringsMember]()
        // The argument each unnumbered variable takes by its place; argNum says it only where it differs.
        var implied: [String: Int] = [:]
        _ = PluralFormat(format: format, variables: [:]).resolve { name, position in
            implied[name] = implied[name] ?? position
            return .other
        }
        // Numbering one variable moves the others' places: number all of them or none.
        let numbering = substitutions.contains { substitution in
            substitution.argumentNumber.map { implied[substitution.name] != $0 } ?? false
        }
        for substitution in substitutions {
            if numbering, let number = substitution.argumentNumber {
                numbered = numbered.replacing("%#@\(substitution.name)@", with: "%\(number)$#@\(substitution.name)@")
            }
            var plural = substitution.variations.first { $0.selector == "plural" }
            if plural == nil, let device = substitution.variations.first(where: { $0.selector == "device" }),
                let other = device.localization("other")
            {
                plural = other.variation("plural")
            }
            guard let plural, let specifier = substitution.formatSpecifier else { continue }
            var variable = [specType, StringsMember(key: PluralFormat.valueTypeKey, value: .string(specifier))]
            variable += forms(plural, isSource: isSource).map {
                StringsMember(key: $0.category.rawValue, value: .string($0.text.replacing("%arg", with: "%" + specifier)))
            }
            members.append(StringsMember(key: substitution.name, value: .dictionary(sortedMembers(variable))))
        }
        members.append(StringsMember(key: PluralFormat.formatKey, value: .string(numbered)))
        return .dictionary(sortedMembers(members))
    }

    /// Members in the order `dump` prints a `.stringsdict` read from a property list (sorted),
    /// so a compiled catalog and Xcode's compiled table print alike.
    static func sortedMembers(_ members: [StringsMember]) -> [StringsMember] {
        members.sorted { $0.key < $1.key }
    }
}

extension FormatSpecifiers {
    /// How many conversions `text` holds (`%%` is none).
    static func conversionCount(_ text: String) -> Int {
        var count = 0
        forEachConversion(in: text) { _, _ in count += 1 }
        return count
    }

    /// The first integer conversion of `text`: its argument number and its type as
    /// `NSStringFormatValueTypeKey` writes it (`lld`).
    static func firstInteger(in text: String) -> (position: Int, valueType: String)? {
        var found: (Int, String)?
        forEachConversion(in: text) { conversion, written in
            guard found == nil, [.signedInteger, .unsignedInteger].contains(conversion.kind) else { return }
            found = (conversion.position ?? 1, String(written.reversed().prefix(while: \.isLetter).reversed()))
        }
        return found
    }

    /// `text` with every unnumbered conversion given its argument number (`%@ and %d` →
    /// `%1$@ and %2$d`).
    static func numbered(_ text: String) -> String {
        var result = ""
        var scalars = text.unicodeScalars[...]
        var next = 1
        while let percent = scalars.firstIndex(of: "%") {
            result.unicodeScalars.append(contentsOf: scalars[...percent])
            scalars = scalars[scalars.index(after: percent)...]
            if scalars.first == "%" {
                result += "%"
                scalars = scalars.dropFirst()
                continue
            }
            guard let conversion = Conversion(parsing: scalars) else { continue }
            if conversion.position == nil {
                result += "\(next)$"
                next += 1
            }
            result.unicodeScalars.append(contentsOf: scalars[..<conversion.rest.startIndex])
            scalars = conversion.rest
        }
        result.unicodeScalars.append(contentsOf: scalars)
        return result
    }

    /// Calls `body` with each conversion of `text`, its sequential argument number filled in,
    /// and the conversion as written after `%` (`lld`, `1$@`).
    static func forEachConversion(in text: String, _ body: (Conversion, Substring) -> Void) {
        var scalars = text.unicodeScalars[...]
        var next = 1
        while let percent = scalars.firstIndex(of: "%") {
            scalars = scalars[scalars.index(after: percent)...]
            if scalars.first == "%" {
                scalars = scalars.dropFirst()
                continue
            }
            guard var conversion = Conversion(parsing: scalars) else { continue }
            let written = Substring(String(String.UnicodeScalarView(scalars[..<conversion.rest.startIndex])))
            if conversion.position == nil {
                conversion.position = next
                next += 1
            }
            body(conversion, written)
            scalars = conversion.rest
        }
    }
}
