extension StringsDocument {
    /// What `lint` reports about a `.stringsdict` table: entries that cannot be used, forms
    /// whose conversions differ from the key's, and, when the table's `language` is known (from
    /// its `xx.lproj` folder), the forms its CLDR rules need and those they never choose.
    public func pluralDiagnostics(language: String?) -> [StringsDiagnostic] {
        var found: [StringsDiagnostic] = []
        for entry in entries {
            func say(_ isError: Bool, _ message: String) {
                found.append(
                    StringsDiagnostic(position: entry.position, isError: isError, message: "\(JSONString.quoted(entry.key)): \(message)"))
            }
            let (plural, problems) = PluralFormat.read(entry.value)
            for problem in problems { say(problem.isError, problem.message) }
            guard let plural else { continue }
            let expected = FormatSpecifiers(entry.key)
            for (name, variable) in plural.variables.sorted(by: { $0.key < $1.key }) {
                if !expected.isEmpty {
                    for category in PluralCategory.allCases where variable.forms[category] != nil {
                        let resolved = plural.resolve { variableName, _ in variableName == name ? category : .other }
                        if !resolved.agrees(with: expected) {
                            say(
                                false,
                                "the \(category) form of \(JSONString.quoted(name)) has format conversions that differ from the key's (\(expected)); the key's text is shown instead"
                            )
                        }
                    }
                }
                guard let language, PluralRules.knows(language) else { continue }
                for category in PluralRules.integerCategories(of: language) where variable.forms[category] == nil {
                    let examples = PluralRules.examples(of: category, language: language)
                    say(
                        false,
                        "variable \(JSONString.quoted(name)) has no \(category) form, which \(language) uses for \(examples); \"other\" is shown instead"
                    )
                }
                let used = Set(PluralRules.categories(of: language))
                for category in PluralCategory.allCases
                where variable.forms[category] != nil && !used.contains(category) && category != .zero {
                    say(false, "variable \(JSONString.quoted(name)): \(language) has no \(category) category; this form is never shown")
                }
            }
        }
        return found
    }
}
