import CGtk
import EntryKit

/// The desktop app: one gallery window, the language choice, About and Quit.
@MainActor
final class GalleryApplication: Application {
    private var window: GalleryWindow?
    private var aboutDialog: AboutDialog?
    /// The language the UI was last built in; GTK follows the environment until it changes.
    private var shownLanguage: String?

    init() {
        super.init(id: EntryKit.applicationID)
        connect("startup") { [weak self] in self?.startUp() }
        connect("activate") { [weak self] in self?.showWindow() }
    }

    private func startUp() {
        AppIcon.addSearchPaths(from: LocalizedText.localization)
        LocalizedText.bind(self) { application, strings in application.languageChanged(strings) }
        addActions()
    }

    private func languageChanged(_ strings: Localization) {
        let language = strings.currentLanguage
        defer { shownLanguage = language }
        guard let shownLanguage, shownLanguage != language else { return }
        GtkOwnStrings.follow(strings)
        // The About dialog holds GTK's own strings from when it was built: build it anew.
        aboutDialog?.destroy()
        aboutDialog = nil
    }

    private func addActions() {
        addAction("about") { [weak self] in self?.showAbout() }
        addAction("quit", accelerators: ["<Primary>q"]) { [weak self] in self?.quit() }
        setAccelerators(["<Primary>w"], for: "win.close")
        setAccelerators(["F10"], for: "win.show-main-menu")
    }

    private func showWindow() {
        if window == nil { window = GalleryWindow(application: self) }
        window?.present()
    }

    private func showAbout() {
        guard let window else { return }
        if aboutDialog == nil { aboutDialog = AboutDialog(transientFor: window) }
        aboutDialog?.present()
    }
}
