import CGtk
import EntryKit
import Foundation

/// GTK's own strings (the About dialog's buttons, the licence text) come from GTK's gettext
/// catalogs, not from EntryKit's tables. Pointing gettext's `LANGUAGE` at the language chosen in
/// the menu makes the widgets GTK builds from then on speak it too.
@MainActor
enum GtkOwnStrings {
    static func follow(_ strings: Localization) {
        // English is GTK's untranslated text, so the list ends there: after "en" gettext would
        // find the next language's catalog and show it instead of English.
        let languages = strings.languages
        let untilEnglish = languages.prefix(through: languages.firstIndex(of: LanguagePreference.fallbackLanguage) ?? languages.endIndex - 1)
        setenv("LANGUAGE", untilEnglish.joined(separator: ":"), 1)
        entrykit_gettext_reload()
    }
}
