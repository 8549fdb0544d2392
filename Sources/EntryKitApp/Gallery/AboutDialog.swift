import CGtk
import EntryKit

/// The About window in the current language. Closing hides it for the next time; the app builds
/// a new one after a language change.
///
/// GTK makes the dialog's buttons with text from its own gettext catalog, fixed to the language
/// the app started in (switching that catalog at run time means `setenv` while GTK's threads may
/// read the environment, which glibc does not make safe). So the buttons GTK made are found by
/// their catalog text and given EntryKit's own translation instead.
@MainActor
final class AboutDialog: Window {
    init(transientFor parent: Window) {
        super.init(window: gtk_about_dialog_new())
        gtk_window_set_transient_for(cast(), parent.cast())
        gtk_window_set_modal(cast(), 1)
        gtk_window_set_destroy_with_parent(cast(), 1)
        gtk_about_dialog_set_program_name(cast(), "EntryKit")
        gtk_about_dialog_set_version(cast(), EntryKit.version)
        gtk_about_dialog_set_logo_icon_name(cast(), GalleryApplication.applicationID)
        gtk_about_dialog_set_license_type(cast(), GTK_LICENSE_MIT_X11)
        gtk_about_dialog_set_website(cast(), "https://github.com/entrykit/entrykit")
        gtk_about_dialog_set_copyright(cast(), "© 2026 The EntryKit authors")
        // Closing hides the dialog, so GTK never destroys it behind our back.
        connect("response", withInteger: { [weak self] _ in self?.hide() })
        connectEvent("delete-event") { [weak self] _ in
            self?.hide()
            return true
        }
        let strings = LocalizedText.localization
        gtk_about_dialog_set_comments(cast(), strings.string("Text-entry widgets and a login dialog for the Linux desktop."))
        gtk_about_dialog_set_website_label(cast(), strings.string("Website"))
        title = strings.string("About EntryKit")
        relabelGtkButtons(strings)
        // Where dialogs have a header bar (Wayland), its close button is made when it shows.
        connect("map") { [weak self] in self?.relabelGtkButtons(LocalizedText.localization) }
    }

    /// GTK's button texts (with their mnemonics) and the keys of EntryKit's translations.
    private static let gtkButtonTexts = AboutMnemonics.allCases.map(\.rawValue)

    private func relabelGtkButtons(_ strings: Localization) {
        let translations = Dictionary(
            uniqueKeysWithValues: Self.gtkButtonTexts.map { key in
                (String(cString: g_dgettext("gtk30", key)), strings.string(key))
            })
        // A header bar's close button (dialogs have one on Wayland) has an icon for a label and
        // GTK's "Close" as its accessible name: it gets the name the Close button would have.
        let gtkCloseName = String(cString: g_dgettext("gtk30", "Close"))
        let closeName = strings.string(AboutMnemonics.close.rawValue).replacing("_", with: "")
        forEachDescendant(of: widget) { child in
            guard ek_is_a(child, gtk_button_get_type()) != 0 else { return }
            let button = UnsafeMutableRawPointer(child).assumingMemoryBound(to: GtkButton.self)
            if let label = gtk_button_get_label(button) {
                if let translation = translations[String(cString: label)] { gtk_button_set_label(button, translation) }
            } else if let accessible = gtk_widget_get_accessible(child),
                let name = atk_object_get_name(accessible), String(cString: name) == gtkCloseName
            {
                atk_object_set_name(accessible, closeName)
            }
        }
    }
}

/// Calls `body` for every widget inside `container`, depth first, internal children included.
@MainActor
private func forEachDescendant(of container: UnsafeMutablePointer<GtkWidget>, _ body: (UnsafeMutablePointer<GtkWidget>) -> Void) {
    guard ek_is_a(container, gtk_container_get_type()) != 0 else { return }
    final class Children { var widgets: [UnsafeMutablePointer<GtkWidget>] = [] }
    let children = Children()
    gtk_container_forall(
        UnsafeMutableRawPointer(container).assumingMemoryBound(to: GtkContainer.self),
        { child, data in
            Unmanaged<Children>.fromOpaque(data!).takeUnretainedValue().widgets.append(child!)
        }, Unmanaged.passUnretained(children).toOpaque())
    for child in children.widgets {
        body(child)
        forEachDescendant(of: child, body)
    }
}
