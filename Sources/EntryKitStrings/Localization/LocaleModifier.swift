extension LanguagePreference {
    /// A locale's `@modifier` as gettext reads it: the names with the modifier come first, then
    /// the same names without it, so `LANGUAGE=sr@latin` finds `sr@latin.lproj` (Serbian in Latin
    /// letters) before `sr.lproj` (Cyrillic), and `ca_ES.UTF-8@valencia` finds `ca@valencia.lproj`
    /// before `ca.lproj`. A modifier that is not a plain word (`@`, `@a/b`) is dropped.
    static func withModifier(_ modifier: Substring, of languages: [String]) -> [String] {
        let word = modifier.dropFirst()
        guard !word.isEmpty, word.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return languages }
        return languages.map { "\($0)@\(word)" } + languages
    }

    /// `sr@latin` → `sr`: the language a name with a modifier is a variant of.
    static func withoutModifier(_ language: String) -> String {
        language.firstIndex(of: "@").map { String(language[..<$0]) } ?? language
    }
}
