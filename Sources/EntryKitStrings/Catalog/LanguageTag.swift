/// A String Catalog's language names (BCP 47, as Xcode writes them: `zh-Hans`, `pt-BR`,
/// `sr-Latn`) and the names people set in `LANGUAGE` and EntryKit's `.lproj` folders carry
/// (gettext's `ll_CC@modifier`: `zh_CN`, `pt_BR`, `sr@latin`).
///
/// - Language and region carry over: `pt-BR` is `pt_BR`, `en-GB` is `en_GB`.
/// - Chinese is named by its script in catalogs and by its region on Linux: `zh-Hans` is
///   `zh_CN`, `zh-Hant` is `zh_TW`; with a region the region wins (`zh-Hant-HK` is `zh_HK`,
///   `zh-Hans-SG` is `zh_SG`).
/// - A language's usual script adds nothing (`sr-Cyrl` is `sr`, `uz-Latn` is `uz`); another
///   script becomes glibc's modifier (`sr-Latn` is `sr@latin`, `sr-Latn-RS` is `sr_RS@latin`,
///   `uz-Cyrl` is `uz@cyrillic`, `ks-Deva` is `ks@devanagari`), and so does a variant
///   (`ca-ES-valencia` is `ca_ES@valencia`).
///
/// ```swift
/// LanguageTag.localeName("zh-Hans")     // "zh_CN"
/// LanguageTag.tag(localeName: "sr@latin")  // "sr-Latn"
/// ```
public enum LanguageTag {
    /// The `LANGUAGE` name of the catalog language `tag`, or nil when `tag` is not a language
    /// tag (`Base`, `en_US`, an empty string).
    public static func localeName(_ tag: String) -> String? {
        guard let parts = Parts(tag) else { return nil }
        var region = parts.region
        var modifier: String?
        if let script = parts.script {
            if parts.language == "zh", let chinese = chineseRegions[script] {
                region = region ?? chinese
            } else if script != usualScript(of: parts.language) {
                modifier = scriptModifiers[script] ?? script.lowercased()
            }
        }
        modifier = modifier ?? parts.variants.first
        return parts.language + (region.map { "_" + $0 } ?? "") + (modifier.map { "@" + $0 } ?? "")
    }

    /// The catalog language of a `LANGUAGE` or `.lproj` name: the inverse of
    /// ``localeName(_:)`` (`zh_CN` → `zh-Hans`, `sr_RS@latin` → `sr-Latn-RS`); a name already
    /// written in BCP 47 (`pt-BR`, `zh-Hans`) is kept. Nil for what names no language (`Base`).
    public static func tag(localeName name: String) -> String? {
        if name.contains("-") || !name.contains(where: { $0 == "_" || $0 == "@" }) {
            return Parts(name).map { _ in name }
        }
        var base = Substring(name)
        var modifier: Substring?
        if let at = name.firstIndex(of: "@") {
            base = name[..<at]
            modifier = name[name.index(after: at)...]
        }
        let pieces = base.split(separator: "_", omittingEmptySubsequences: false)
        guard pieces.count <= 2, let language = pieces.first, Parts.isLanguage(language) else { return nil }
        let region = pieces.count == 2 ? pieces[1] : nil
        if let region, !Parts.isRegion(region) { return nil }
        var subtags = [String(language)]
        if let modifier {
            if let script = scriptModifiers.first(where: { $0.value == modifier })?.key {
                subtags.append(script)
            } else if modifier.count == 4, modifier.allSatisfy(\.isLetter) {
                subtags.append(modifier.prefix(1).uppercased() + modifier.dropFirst().lowercased())
            } else {
                // A variant (valencia) comes after the region.
                if let region { subtags.append(String(region)) }
                subtags.append(String(modifier))
                return subtags.joined(separator: "-")
            }
        } else if language == "zh", let region, let script = chineseRegions.first(where: { $0.value == region })?.key {
            return "zh-\(script)"
        }
        if let region { subtags.append(String(region)) }
        return subtags.joined(separator: "-")
    }

    /// Chinese scripts and the region each stands for on Linux.
    private static let chineseRegions = ["Hans": "CN", "Hant": "TW"]

    /// glibc's modifiers for scripts (`sr_RS@latin`, `uz_UZ@cyrillic`, `ks_IN@devanagari`).
    private static let scriptModifiers = ["Latn": "latin", "Cyrl": "cyrillic", "Deva": "devanagari"]

    /// The script a language is written in when its name says none (CLDR's likely subtags,
    /// for the languages not written in Latin).
    static func usualScript(of language: String) -> String {
        switch language {
        case "ru", "uk", "be", "bg", "mk", "sr", "mn", "kk", "ky", "tg", "tt", "ba", "cv", "ce", "os", "sah": "Cyrl"
        case "ar", "fa", "ur", "ps", "sd", "ks", "ug", "ckb", "dv": language == "dv" ? "Thaa" : "Arab"
        case "hi", "mr", "ne", "sa", "bho", "mai", "kok", "doi": "Deva"
        case "pa": "Guru"
        case "bn", "as": "Beng"
        case "gu": "Gujr"
        case "or": "Orya"
        case "ta": "Taml"
        case "te": "Telu"
        case "kn": "Knda"
        case "ml": "Mlym"
        case "si": "Sinh"
        case "th": "Thai"
        case "lo": "Laoo"
        case "km": "Khmr"
        case "my": "Mymr"
        case "ka": "Geor"
        case "hy": "Armn"
        case "he", "yi": "Hebr"
        case "el": "Grek"
        case "am", "ti": "Ethi"
        case "ja": "Jpan"
        case "ko": "Kore"
        case "bo", "dz": "Tibt"
        default: "Latn"
        }
    }

    /// The subtags of a BCP 47 language tag: language, optional script, region and variants
    /// (extensions and private use are not language names and are refused).
    struct Parts {
        var language: String
        var script: String?
        var region: String?
        var variants: [String] = []

        init?(_ tag: String) {
            let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
            guard let first = subtags.first, Self.isLanguage(first) else { return nil }
            language = first.lowercased()
            var rest = subtags.dropFirst()
            if let next = rest.first, next.count == 4, next.allSatisfy({ $0.isASCII && $0.isLetter }) {
                script = next.prefix(1).uppercased() + next.dropFirst().lowercased()
                rest = rest.dropFirst()
            }
            if let next = rest.first, Self.isRegion(next) {
                region = next.uppercased()
                rest = rest.dropFirst()
            }
            for subtag in rest {
                let isVariant =
                    (5...8).contains(subtag.count) && subtag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
                    || subtag.count == 4 && subtag.first!.isNumber && subtag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
                guard isVariant else { return nil }
                variants.append(subtag.lowercased())
            }
        }

        static func isLanguage(_ subtag: Substring) -> Bool {
            (2...3).contains(subtag.count) && subtag.allSatisfy { $0.isASCII && $0.isLetter }
        }

        static func isRegion(_ subtag: Substring) -> Bool {
            subtag.count == 2 && subtag.allSatisfy { $0.isASCII && $0.isLetter }
                || subtag.count == 3 && subtag.allSatisfy { $0.isASCII && $0.isNumber }
        }
    }
}
