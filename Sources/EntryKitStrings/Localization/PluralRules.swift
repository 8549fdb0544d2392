/// CLDR's plural categories, as `.stringsdict` files name them.
public enum PluralCategory: String, Sendable, CaseIterable {
    case zero, one, two, few, many, other
}

/// CLDR's plural rules for whole numbers in the languages EntryKit ships (and English), so a
/// count picks its `.stringsdict` form without ICU.
///
/// The rules are CLDR 45's (`plurals.xml`, "cardinal"), for integers only: EntryKit's counts
/// are `%d`. Categories a language uses only for fractions (Czech "many", Russian "other") are
/// listed in ``categories(of:)`` but never chosen. `pt` is Portugal's Portuguese (CLDR `pt_PT`),
/// `pt_BR` Brazil's (CLDR `pt`), as Apple names their `.lproj` folders.
///
/// ```swift
/// PluralRules.category(of: 22, language: "ru")  // .few
/// PluralRules.category(of: 11, language: "ru")  // .many
/// ```
public enum PluralRules {
    /// One rule per family of languages that count alike.
    enum Rule: Sendable {
        /// No plural: id, ja, km, ko, ms, my, th, vi, zh.
        case none
        /// one: 1.
        case one
        /// one: 1, 21, 31, … by the last digit, not 11 (is, mk).
        case oneByLastDigit
        /// one: 0 and 1 (am, bn, fa, gu, hi, kn, pa, si).
        case zeroAndOne
        /// one: 1; many: whole millions (ca, es, it, pt_PT).
        case oneAndMillions
        /// one: 0 and 1; many: whole millions (fr, pt_BR).
        case zeroAndOneAndMillions
        /// one: 1; two: 2 (he).
        case hebrew
        /// zero 0, one 1, two 2, few 3–10, many 11–99 (by the last two digits).
        case arabic
        /// one: 1; few: 2–4; many: fractions (cs, sk).
        case czech
        /// one: 1; few: 2–4 by the last digit, not 12–14; many: the rest.
        case polish
        /// one: 1 by the last digit, not 11; few: 2–4, not 12–14; many: the rest (be, ru, uk).
        case eastSlavic
        /// As East Slavic, but the rest is other (hr, sr, bs).
        case southSlavic
        /// one: 1, two: 2, few: 3–4, by the last two digits (sl).
        case slovenian
        /// one: 1 by the last digit, few: 2–9, neither in 11–19; many: fractions (lt).
        case lithuanian
        /// one: 1; few: 0 and 2–19 by the last two digits, and 101, 1001…
        case romanian
        /// zero: 0 by the last digit and 11–19 by the last two; one: 1 by the last digit, not 11 (lv).
        case latvian
        /// one 1, two 2, few 3–6, many 7–10 (ga).
        case irish
        /// zero 0, one 1, two 2, few 3, many 6 (cy).
        case welsh

        var categories: [PluralCategory] {
            switch self {
            case .none: [.other]
            case .one, .oneByLastDigit, .zeroAndOne: [.one, .other]
            case .oneAndMillions, .zeroAndOneAndMillions: [.one, .many, .other]
            case .hebrew: [.one, .two, .other]
            case .arabic: [.zero, .one, .two, .few, .many, .other]
            case .czech, .polish, .eastSlavic, .lithuanian: [.one, .few, .many, .other]
            case .southSlavic, .romanian: [.one, .few, .other]
            case .slovenian: [.one, .two, .few, .other]
            case .latvian: [.zero, .one, .other]
            case .irish: [.one, .two, .few, .many, .other]
            case .welsh: [.zero, .one, .two, .few, .many, .other]
            }
        }

        func category(of n: Int) -> PluralCategory {
            let n = n.magnitude
            let last = n % 10
            let lastTwo = n % 100
            switch self {
            case .none: return .other
            case .one: return n == 1 ? .one : .other
            case .oneByLastDigit: return last == 1 && lastTwo != 11 ? .one : .other
            case .zeroAndOne: return n <= 1 ? .one : .other
            case .oneAndMillions: return n == 1 ? .one : n != 0 && n % 1_000_000 == 0 ? .many : .other
            case .zeroAndOneAndMillions: return n <= 1 ? .one : n % 1_000_000 == 0 ? .many : .other
            case .hebrew: return n == 1 ? .one : n == 2 ? .two : .other
            case .arabic:
                switch (n, lastTwo) {
                case (0, _): return .zero
                case (1, _): return .one
                case (2, _): return .two
                case (_, 3...10): return .few
                case (_, 11...99): return .many
                default: return .other
                }
            case .czech: return n == 1 ? .one : (2...4).contains(n) ? .few : .other
            case .polish:
                if n == 1 { return .one }
                return (2...4).contains(last) && !(12...14).contains(lastTwo) ? .few : .many
            case .eastSlavic, .southSlavic:
                if last == 1, lastTwo != 11 { return .one }
                if (2...4).contains(last), !(12...14).contains(lastTwo) { return .few }
                return self == .eastSlavic ? .many : .other
            case .slovenian:
                switch lastTwo {
                case 1: return .one
                case 2: return .two
                case 3, 4: return .few
                default: return .other
                }
            case .lithuanian:
                if (11...19).contains(lastTwo) { return .other }
                return last == 1 ? .one : last >= 2 ? .few : .other
            case .romanian:
                if n == 1 { return .one }
                return n == 0 || (1...19).contains(lastTwo) ? .few : .other
            case .latvian:
                if last == 0 || (11...19).contains(lastTwo) { return .zero }
                return last == 1 ? .one : .other
            case .irish:
                switch n {
                case 1: return .one
                case 2: return .two
                case 3...6: return .few
                case 7...10: return .many
                default: return .other
                }
            case .welsh:
                switch n {
                case 0: return .zero
                case 1: return .one
                case 2: return .two
                case 3: return .few
                case 6: return .many
                default: return .other
                }
            }
        }
    }

    static let rules: [String: Rule] = [
        "af": .one, "am": .zeroAndOne, "ar": .arabic, "ast": .one, "az": .one, "be": .eastSlavic, "bg": .one,
        "bn": .zeroAndOne, "bs": .southSlavic, "ca": .oneAndMillions, "cs": .czech, "cy": .welsh, "da": .one, "de": .one,
        "el": .one, "en": .one, "eo": .one, "es": .oneAndMillions, "et": .one, "eu": .one, "fa": .zeroAndOne, "fi": .one,
        "fr": .zeroAndOneAndMillions, "ga": .irish, "gl": .one, "gu": .zeroAndOne, "he": .hebrew, "hi": .zeroAndOne,
        "hr": .southSlavic, "hu": .one, "id": .none, "is": .oneByLastDigit, "it": .oneAndMillions, "ja": .none, "ka": .one,
        "kk": .one, "km": .none, "kn": .zeroAndOne, "ko": .none, "ku": .one, "lt": .lithuanian, "lv": .latvian,
        "mk": .oneByLastDigit, "ml": .one, "mr": .one, "ms": .none, "my": .none, "nb": .one, "ne": .one, "nl": .one,
        "nn": .one, "or": .one, "pa": .zeroAndOne, "pl": .polish, "ps": .one, "pt": .oneAndMillions,
        "pt_BR": .zeroAndOneAndMillions, "ro": .romanian, "ru": .eastSlavic, "si": .zeroAndOne, "sk": .czech,
        "sl": .slovenian, "sq": .one, "sr": .southSlavic, "sv": .one, "ta": .one, "te": .one, "th": .none, "tr": .one,
        "uk": .eastSlavic, "ur": .one, "uz": .one, "vi": .none, "zh": .none,
    ]

    /// The rule of `language` (`zh_CN` → `zh`, `sr@latin` → `sr`); nil for a language not in the table.
    static func rule(of language: String) -> Rule? {
        let language = LanguagePreference.withoutModifier(language)
        if let rule = rules[language] { return rule }
        guard let underscore = language.firstIndex(of: "_") else { return nil }
        return rules[String(language[..<underscore])]
    }

    /// Whether the table knows `language`'s rules.
    public static func knows(_ language: String) -> Bool { rule(of: language) != nil }

    /// The category of the whole number `n` in `language`. A language the table does not know
    /// counts as English does (one for 1, other for the rest), the commonest rule.
    public static func category(of n: Int, language: String) -> PluralCategory {
        (rule(of: language) ?? .one).category(of: n)
    }

    /// Every category `language` uses, fractions included, as CLDR lists them.
    public static func categories(of language: String) -> [PluralCategory] {
        (rule(of: language) ?? .one).categories
    }

    /// The forms a `%d` count needs in `language`: the categories some whole number falls in,
    /// and `other`, every entry's fallback (Russian needs it though only fractions are "other").
    public static func integerCategories(of language: String) -> [PluralCategory] {
        let rule = rule(of: language) ?? .one
        // Every rule repeats with the last two digits past 100, except whole millions.
        let found = Set((0...200).map(rule.category(of:)) + [rule.category(of: 1_000_000), .other])
        return PluralCategory.allCases.filter(found.contains)
    }
}
