import CGtk
import EntryKit

/// The app's few style rules, added once for the whole screen.
@MainActor
enum Stylesheet {
    static let css = """
        .entrykit-heading { font-size: 20pt; font-weight: bold; }
        .monospace { font-family: monospace; }
        """

    static func installOnce() { ScreenStyle.install(named: "gallery", css: css) }
}
