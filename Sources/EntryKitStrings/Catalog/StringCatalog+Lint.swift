extension StringCatalog {
    /// The devices a catalog's device variations name.
    static let deviceNames: Set<String> = ["iphone", "ipad", "ipod", "mac", "applewatch", "appletv", "applevision", "other"]
    /// The states of a string unit Xcode writes.
    static let states: Set<String> = ["translated", "needs_review", "new", "stale"]

    /// What `entrykit strings lint` reports about the catalog, in file order: what could not be
    /// read (``problems``), then for each key and language a plural category the language
    /// needs and lacks (or has and never shows), format conversions that differ from the
    /// source language's, substitutions that cannot be used, device variations without `other`.
    public var diagnostics: [StringsDiagnostic] {
        var found = problems
        var names: [String: String] = [:]
        for tag in languages {
            guard let name = LanguageTag.localeName(tag) else { continue }
            if let first = names[name] {
                let position = entries.lazy.compactMap { entry in entry.localizations.first { $0.language == tag }?.localization.position }
                    .first
                found.append(
                    StringsDiagnostic(
                        position: position ?? SourcePosition(line: 1, column: 1), isError: false,
                        message:
                            "\(JSONString.quoted(tag)) is the language \(name), as \(JSONString.quoted(first)) is; only \(first)'s text is read"
                    ))
            } else {
                names[name] = tag
            }
        }
        for entry in entries {
            let expected = sourceConversions(entry)
            for (language, localization) in entry.localizations {
                let isSource = language == sourceLanguage
                func say(_ isError: Bool, _ position: SourcePosition, _ message: String) {
                    found.append(
                        StringsDiagnostic(
                            position: position, isError: isError,
                            message: "\(JSONString.quoted(entry.key)) (\(Self.shown(language))): \(message)"))
                }
                checkShape(localization, language: language, say: say)
                guard entry.shouldTranslate || isSource, let value = Self.compile(localization, isSource: isSource) else { continue }
                checkCompiled(value, at: localization.position, expected: isSource ? nil : expected, say: say)
            }
        }
        return found.enumerated().sorted { a, b in
            if a.element.position != b.element.position { return a.element.position < b.element.position }
            if a.element.isError != b.element.isError { return a.element.isError }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// A language as a message names it: a tag as it is, anything else quoted (it may hold a line break).
    static func shown(_ language: String) -> String {
        LanguageTag.localeName(language) != nil ? language : JSONString.quoted(language)
    }

    /// The source language's conversions of `entry` (every variable at its `other` form), or
    /// nil when the source text cannot be read.
    func sourceConversions(_ entry: Entry) -> FormatSpecifiers? {
        switch compiled(entry, language: sourceLanguage, isSource: true) {
        case .string(let text)?: return FormatSpecifiers(text)
        case let value?:
            guard let plural = PluralFormat.read(value).format else { return nil }
            return FormatSpecifiers(plural.resolve { _, _ in .other }.format)
        case nil: return nil
        }
    }

    /// States, case names and substitutions, wherever they stand in `localization`.
    private func checkShape(_ localization: Localization, language: String, say: (Bool, SourcePosition, String) -> Void) {
        if let unit = localization.stringUnit, let state = unit.state, !Self.states.contains(state) {
            say(false, unit.position, "state \(JSONString.quoted(state)) is none of \(Self.states.sorted().joined(separator: ", "))")
        }
        checkVariations(localization.variations, language: language, say: say)
        if let value = localization.stringUnit?.value, !localization.substitutions.isEmpty || value.contains("%#@") {
            let defined = Set(localization.substitutions.map(\.name))
            for name in PluralFormat(format: value, variables: [:]).referencedVariables where !defined.contains(name) {
                say(
                    true, localization.position,
                    "\(JSONString.quoted("%#@\(name)@")) has no substitution of that name; the text cannot be used")
            }
        }
        for substitution in localization.substitutions {
            if substitution.formatSpecifier == nil {
                say(
                    true, substitution.position,
                    "the substitution \(JSONString.quoted(substitution.name)) has no formatSpecifier; the text cannot be used"
                )
            }
            let selectors = substitution.variations.map(\.selector)
            if !selectors.contains("plural") && !selectors.contains("device") {
                say(
                    true, substitution.position,
                    "the substitution \(JSONString.quoted(substitution.name)) has no plural variations; the text cannot be used")
            }
            checkVariations(substitution.variations, language: language, say: say)
        }
    }

    private func checkVariations(_ variations: [Variation], language: String, say: (Bool, SourcePosition, String) -> Void) {
        for variation in variations {
            for (name, localization) in variation.cases {
                if variation.selector == "plural", PluralCategory(rawValue: name) == nil {
                    say(
                        true, localization.position,
                        "\(JSONString.quoted(name)) is not a plural category (zero, one, two, few, many, other); ignored")
                } else if variation.selector == "device", !Self.deviceNames.contains(name) {
                    say(
                        false, localization.position,
                        "\(JSONString.quoted(name)) is not a device (\(Self.deviceNames.sorted().joined(separator: ", "))); ignored")
                }
                checkShape(localization, language: language, say: say)
            }
            if variation.selector == "device", variation.localization("other") == nil {
                say(false, variation.position, "device variations without \"other\": on this system, no Apple device, the text is missing")
            }
            if variation.selector == "plural" { checkCategories(variation, language: language, say: say) }
        }
    }

    /// The categories `language` needs and lacks, and those it has but never shows.
    private func checkCategories(_ plural: Variation, language: String, say: (Bool, SourcePosition, String) -> Void) {
        let given = Set(plural.cases.compactMap { PluralCategory(rawValue: $0.name) })
        guard given.contains(.other) else {
            say(true, plural.position, "no \"other\" form, every plural's fallback: the text cannot be used")
            return
        }
        guard let name = LanguageTag.localeName(language), PluralRules.knows(name) else { return }
        for category in PluralRules.integerCategories(of: name) where !given.contains(category) {
            say(
                false, plural.position,
                "no \(category) form, which \(language) uses for \(PluralRules.examples(of: category, language: name)); \"other\" is shown instead"
            )
        }
        let used = Set(PluralRules.categories(of: name))
        for category in PluralCategory.allCases where given.contains(category) && !used.contains(category) && category != .zero {
            say(false, plural.position, "\(language) has no \(category) category; this form is never shown")
        }
    }

    /// Plural entries that cannot be used, and conversions that differ from the source's.
    private func checkCompiled(
        _ value: StringsValue, at position: SourcePosition, expected: FormatSpecifiers?, say: (Bool, SourcePosition, String) -> Void
    ) {
        if case .string(let text) = value {
            let found = FormatSpecifiers(text)
            if let expected, found != expected {
                say(
                    false, position,
                    "the format conversions (\(found)) differ from the source language's (\(expected)); the source text is shown instead")
            }
            return
        }
        let (plural, problems) = PluralFormat.read(value)
        for problem in problems where problem.isError { say(true, position, problem.message) }
        guard let plural, let expected else { return }
        for (name, variable) in plural.variables.sorted(by: { $0.key < $1.key }) {
            for category in PluralCategory.allCases where variable.forms[category] != nil {
                let resolved = plural.resolve { variableName, _ in variableName == name ? category : .other }
                if !resolved.agrees(with: expected) {
                    say(
                        false, position,
                        "the \(category) form has format conversions that differ from the source language's (\(expected)); the source text is shown instead"
                    )
                }
            }
        }
    }
}

extension PluralRules {
    /// The first whole numbers of `category` in `language`: "2, 3, 4, …".
    static func examples(of category: PluralCategory, language: String) -> String {
        let numbers = ((0...200) + [1_000_000, 2_000_000]).filter { PluralRules.category(of: $0, language: language) == category }
        return numbers.prefix(4).map(String.init).joined(separator: ", ") + (numbers.count > 4 ? ", …" : "")
    }
}
