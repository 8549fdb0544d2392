import CGtk
import EntryKit

/// The app's few style rules, added once for the whole screen.
@MainActor
enum Stylesheet {
    private static var installed = false

    static let css = """
        .entrykit-heading { font-size: 20pt; font-weight: bold; }
        .monospace { font-family: monospace; }
        """

    static func installOnce() {
        guard !installed, let screen = gdk_screen_get_default() else { return }
        installed = true
        let provider = GObjectReference(transferFull: gtk_css_provider_new()!)
        gtk_css_provider_load_from_data(provider.cast(), css, -1, nil)
        gtk_style_context_add_provider_for_screen(screen, provider.opaque, UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}
