/// The user's languages, most wanted first, read from the environment the way gettext reads it.
///
/// Order: every entry of `LANGUAGE` (colon-separated), then the first non-empty of `LC_ALL`,
/// `LC_MESSAGES`, `LANG`. Each locale name contributes itself without codeset and modifier,
/// then its bare language (`ja_JP.UTF-8` → `ja_JP`, `ja`). English closes the list, so a key
/// is looked up in English before it is shown as itself.
///
/// Unlike GNU gettext, `LANGUAGE` is honoured even when the locale is `C`: a script that sets
/// `LANGUAGE=ja` means Japanese, whatever else the environment says.
///
/// ```swift
/// LanguagePreference(environment: ["LANG": "ja_JP.UTF-8"]).languages  // ["ja_JP", "ja", "en"]
/// ```
public struct LanguagePreference: Sendable, Equatable {
    /// Language identifiers such as `ja_JP`, `ja`, `en`; no duplicates.
    public let languages: [String]

    /// The fallback every list ends with: the language the keys are written in.
    public static let fallbackLanguage = "en"

    /// The variables `init(environment:)` reads.
    public static let environmentVariables = ["LANGUAGE"] + localeVariables
    /// The locale variables, the first non-empty one counting.
    static let localeVariables = ["LC_ALL", "LC_MESSAGES", "LANG"]

    public init(environment: [String: String]) {
        var locales: [String] = []
        if let list = environment["LANGUAGE"] {
            locales += list.split(separator: ":").map(String.init)
        }
        for name in Self.localeVariables {
            guard let locale = environment[name], !locale.isEmpty else { continue }
            locales.append(locale)
            break
        }
        self.init(locales: locales)
    }

    /// A preference from explicit locale names, most wanted first (`["ja_JP.UTF-8", "fr"]`).
    public init(locales: [String]) {
        var languages: [String] = []
        func add(_ language: String) {
            if !language.isEmpty, !languages.contains(language) { languages.append(language) }
        }
        for locale in locales {
            for candidate in Self.candidates(forLocale: locale) { add(candidate) }
        }
        add(Self.fallbackLanguage)
        self.languages = languages
    }

    /// `ja_JP.UTF-8` → `["ja_JP", "ja"]`, `sr_RS.UTF-8@latin` → `["sr_RS@latin", "sr@latin",
    /// "sr_RS", "sr"]` (``withModifier(_:of:)``); `C` and `POSIX` name no language.
    static func candidates(forLocale locale: String) -> [String] {
        var name = Substring(locale.trimmingWhitespace())
        let modifier = name.firstIndex(of: "@").map { name[$0...] } ?? ""
        if let at = name.firstIndex(of: "@") { name = name[..<at] }
        if let dot = name.firstIndex(of: ".") { name = name[..<dot] }
        // `ja-JP` (BCP 47) is written `ja_JP` in .lproj names.
        let normalized = String(name.map { $0 == "-" ? "_" : $0 })
        guard !normalized.isEmpty, normalized != "C", normalized != "POSIX",
            normalized.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return [] }
        guard let underscore = normalized.firstIndex(of: "_") else { return withModifier(modifier, of: [normalized]) }
        return withModifier(modifier, of: [normalized, String(normalized[..<underscore])])
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> Substring {
        let scalars = Substring(self)
        guard let start = scalars.firstIndex(where: { !$0.isWhitespace }),
            let end = scalars.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return scalars[start...end]
    }
}
