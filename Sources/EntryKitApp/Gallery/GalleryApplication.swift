import CGtk
import EntryKit

/// The desktop app: one gallery window, the language choice, About and Quit.
@MainActor
final class GalleryApplication: Application {
    /// The desktop app's application id (also the `.desktop` and metainfo file names).
    static let applicationID = "io.github.entrykit.EntryKit"

    private var window: GalleryWindow?
    private var aboutDialog: AboutDialog?

    init() {
        super.init(id: Self.applicationID)
        connect("startup") { [weak self] in self?.startUp() }
        connect("activate") { [weak self] in self?.showWindow() }
    }

    private func startUp() {
        AppIcon.addSearchPaths(from: LocalizedText.localization)
        LocalizedText.bind(self) { application, strings in application.languageChanged(strings) }
        addActions()
    }

    private func languageChanged(_ strings: Localization) {
        // The About dialog's texts are fixed when it is built: build it anew when next shown.
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
