/// GTK's own translations of the words EntryKit shares with every GTK dialog, so a language
/// EntryKit has no table for still shows "OK", "Cancel", "Username", "Password" exactly as the
/// other dialogs of that desktop do.
///
/// GTK's catalog (`gtk30`, in 118 languages on a Debian desktop) is read per language with
/// ``MessageCatalog``. Only the keys of ``terms`` are looked up there: EntryKit's other words
/// are not GTK's, and a GTK msgid that reads the same in English may mean something else.
///
/// ```swift
/// let chinese = MessageCatalog(path: DesktopTranslations.gtk.catalogPath(language: "zh_CN"))!
/// DesktopTranslations.translation(of: "_Password", in: chinese)  // "密码(_P)"
/// DesktopTranslations.translation(of: "Password", in: chinese)   // "密码"
/// ```
public struct DesktopTranslations: Sendable {
    /// How an EntryKit key is found in GTK's catalog.
    public struct Term: Sendable, Equatable {
        /// GTK's msgid, with its mnemonic underscore.
        public var message: String
        /// GTK's `msgctxt`, when the msgid has one.
        public var context: String?
        /// False for keys without a mnemonic: the mnemonic is taken out of GTK's translation.
        public var keepsMnemonic: Bool

        public init(_ message: String, context: String? = nil, keepsMnemonic: Bool = true) {
            self.message = message
            self.context = context
            self.keepsMnemonic = keepsMnemonic
        }
    }

    /// EntryKit's keys that GTK 3 translates, and GTK's msgid for each: the one table of them.
    public static let terms: [String: Term] = [
        "_OK": Term("_OK"),
        "OK": Term("_OK", keepsMnemonic: false),
        "_Cancel": Term("_Cancel"),
        "Cancel": Term("_Cancel", keepsMnemonic: false),
        "_Username": Term("_Username"),
        "Username": Term("_Username", keepsMnemonic: false),
        "_Password": Term("_Password"),
        "Password": Term("_Password", keepsMnemonic: false),
        "Caps Lock is on": Term("Caps Lock is on"),
        "_Close": Term("_Close"),
        "_License": Term("_License"),
        "C_redits": Term("C_redits"),
        "Website": Term("Website"),
        "Apply": Term("_Apply", keepsMnemonic: false),
        // GTK has "Quit" only among its stock labels.
        "Quit": Term("_Quit", context: "Stock label", keepsMnemonic: false),
    ]

    /// Where the catalogs are: `<localeDirectory>/<language>/LC_MESSAGES/<domain>.mo`.
    public var localeDirectory: String
    public var domain: String

    /// GTK 3's catalog where Debian (and every distribution) installs it.
    public static let gtk = DesktopTranslations(localeDirectory: "/usr/share/locale", domain: "gtk30")

    public init(localeDirectory: String, domain: String) {
        self.localeDirectory = localeDirectory
        self.domain = domain
    }

    /// The catalog file of `language` (`zh_CN`, `pt_BR`, `de`).
    public func catalogPath(language: String) -> String {
        "\(localeDirectory)/\(language)/LC_MESSAGES/\(domain).mo"
    }

    /// GTK's word for the EntryKit `key` in `catalog`, or nil when `key` is not one of ``terms``
    /// or the catalog lacks it.
    public static func translation(of key: String, in catalog: MessageCatalog) -> String? {
        guard let term = terms[key], let translated = catalog.translation(of: term.message, context: term.context) else {
            return nil
        }
        return term.keepsMnemonic ? translated : withoutMnemonic(translated)
    }

    /// `translated` without its mnemonic: `A_nnuler` → `Annuler`, `密码(_P)` → `密码`,
    /// `ठीक (_O)` → `ठीक`; `__` is a literal underscore.
    public static func withoutMnemonic(_ translated: String) -> String {
        var text = Substring(translated)
        // CJK and Indic catalogs add the Latin mnemonic in parentheses at the end: "(_O)".
        let tail = Array(text.suffix(4))
        if tail.count == 4, tail[0] == "(" || tail[0] == "（", tail[1] == "_", tail[3] == ")" || tail[3] == "）" {
            text = text.dropLast(4)
            while text.last == " " { text = text.dropLast() }
        }
        var result = ""
        var pendingUnderscore = false
        for character in text {
            if character == "_" {
                if pendingUnderscore { result.append("_") }
                pendingUnderscore.toggle()
                continue
            }
            pendingUnderscore = false
            result.append(character)
        }
        return result
    }
}
