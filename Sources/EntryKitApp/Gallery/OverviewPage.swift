import CGtk
import EntryKit
import FoundationEssentials

/// The first page: what EntryKit is, the language in use and where translations come from.
@MainActor
final class OverviewPage: GalleryPage {
    let name = "overview"
    let titleKey = "Overview"
    let content: Widget

    private let heading = Label("EntryKit")
    private let summary = Label(wraps: true)
    private let currentLanguage = Label(wraps: true)
    private let languageHint = Label(wraps: true)
    private let searchPathsTitle = Label(wraps: true)
    private let searchPaths = Label()
    private let addLanguageHint = Label(wraps: true)

    init() {
        let column = Box(vertical: true, spacing: 12)
        column.setMargins(24)
        heading.addStyleClass("entrykit-heading")
        // Selectable so a translator can copy a path; not focusable, so it is not selected on open.
        searchPaths.isSelectable = true
        gtk_widget_set_can_focus(searchPaths.widget, 0)
        searchPaths.addStyleClass("monospace")
        for label in [heading, summary, currentLanguage, languageHint, searchPathsTitle, searchPaths, addLanguageHint] {
            column.append(label)
        }
        content = column
        Stylesheet.installOnce()
        LocalizedText.bind(self) { page, strings in page.relabel(strings) }
    }

    private func relabel(_ strings: Localization) {
        summary.text = strings.string("Text-entry widgets and a login dialog for the Linux desktop.")
        currentLanguage.text = strings.format("Current language: %@", strings.displayName(ofLanguage: strings.currentLanguage))
        languageHint.text = strings.string("Choose a language from the language menu in the header bar; every label changes at once.")
        searchPathsTitle.text = strings.string("Translations are read from these folders; the first that has a string wins:")
        searchPaths.text = strings.searchPaths.map(\.path).filter(isDirectory).joined(separator: "\n")
        addLanguageHint.text = strings.string("To add a language, put xx.lproj/EntryKit.strings into one of them; no rebuild is needed.")
    }
}

private func isDirectory(_ path: String) -> Bool {
    var isDirectory = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory
}
