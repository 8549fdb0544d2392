import CGtk

/// The look of the panel's field group: one rounded, bordered box with a line between the
/// fields, as LKAccountPanel draws it. Only the theme's named colours are used, so it follows the
/// theme (Adwaita light and dark, and others that define them).
@MainActor
enum AccountPanelStyle {
    static let css = """
        .entrykit-account-group {
            border: 1px solid @borders;
            border-radius: 6px;
            background-color: @theme_base_color;
        }
        .entrykit-account-group separator { background-color: @borders; min-height: 1px; }
        .entrykit-account-label { padding: 0 6px 0 10px; }
        .entrykit-prompt-title { font-weight: bold; }
        /* What asks, exactly (polkit's action id): small, and monospace as identifiers are. */
        .entrykit-account-caption { font-family: monospace; font-size: smaller; }
        .entrykit-account-name { padding: 8px 6px; }
        /* An overlay has no title bar or shadow of the window manager's: a frame of its own. */
        .entrykit-prompt-overlay { border: 1px solid @borders; }
        .entrykit-account-group entry {
            border: none;
            border-radius: 0;
            background: transparent;
            box-shadow: none;
            min-height: 34px;
        }
        .entrykit-account-group entry:focus { box-shadow: inset 0 -2px @theme_selected_bg_color; }
        .entrykit-account-group entry:last-child:focus { border-bottom-right-radius: 5px; }
        """

    static func installOnce() { ScreenStyle.install(named: "account-panel", css: css) }
}
