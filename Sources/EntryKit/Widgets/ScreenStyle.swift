import CGtk

/// Style rules for every window on the screen, each set added once, above the theme.
///
/// ```swift
/// ScreenStyle.install(named: "gallery", css: ".entrykit-heading { font-weight: bold; }")
/// ```
@MainActor
public enum ScreenStyle {
    /// A few names: a list (the first `Set<String>` made costs the runtime a scan of every
    /// protocol conformance in the program, at start-up).
    private static var installed: [String] = []

    /// Adds `css` for the whole screen the first time `name` is installed; later calls do nothing.
    /// The rules may use the theme's named colours (`@theme_base_color`, `@borders`), so they
    /// follow light and dark themes.
    public static func install(named name: String, css: String) {
        guard !installed.contains(name), let screen = gdk_screen_get_default() else { return }
        installed.append(name)
        let provider = GObjectReference(transferFull: gtk_css_provider_new()!)
        gtk_css_provider_load_from_data(provider.cast(), css, -1, nil)
        // The screen keeps the provider; the wrapper's reference goes with this scope.
        gtk_style_context_add_provider_for_screen(screen, provider.opaque, UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}
