import CGtk
import EntryKit
import FoundationEssentials

/// Makes the app icon findable when `entrykit` runs from the build tree or from a prefix the
/// icon theme does not search (`Resources/icons`, `<prefix>/share/icons`).
@MainActor
enum AppIcon {
    static func addSearchPaths(from strings: Localization) {
        guard let theme = gtk_icon_theme_get_default() else { return }
        let candidates = strings.searchPaths.flatMap { directory in
            [directory.appendingPathComponent("icons"), directory.appendingPathComponent("../icons").standardized]
        }
        for folder in candidates where FileManager.default.fileExists(atPath: folder.appendingPathComponent("hicolor").path) {
            gtk_icon_theme_append_search_path(theme, folder.path)
        }
    }
}
