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
    }

    /// GTK's button texts (with their mnemonics) and the keys of EntryKit's translations.
    private static let gtkButtonTexts = ["_Close", "_License", "C_redits"]

    private func relabelGtkButtons(_ strings: Localization) {
        let translations = Dictionary(uniqueKeysWithValues: Self.gtkButtonTexts.map { key in
            (String(cString: g_dgettext("gtk30", key)), strings.string(key))
        })
        forEachDescendant(of: widget) { child in
            guard entrykit_is_a(child, gtk_button_get_type()) != 0,
                  let label = gtk_button_get_label(UnsafeMutableRawPointer(child).assumingMemoryBound(to: GtkButton.self)),
                  let translation = translations[String(cString: label)] else { return }
            gtk_button_set_label(UnsafeMutableRawPointer(child).assumingMemoryBound(to: GtkButton.self), translation)
        }
    }
}

/// Calls `body` for every widget inside `container`, depth first, internal children included.
@MainActor
private func forEachDescendant(of container: UnsafeMutablePointer<GtkWidget>, _ body: (UnsafeMutablePointer<GtkWidget>) -> Void) {
    guard entrykit_is_a(container, gtk_container_get_type()) != 0 else { return }
    var children: [UnsafeMutablePointer<GtkWidget>] = []
    // `&children` passed straight as a C pointer would point at the elements, not the Array.
    withUnsafeMutablePointer(to: &children) { list in
        gtk_container_forall(UnsafeMutableRawPointer(container).assumingMemoryBound(to: GtkContainer.self), { child, data in
            data!.assumingMemoryBound(to: [UnsafeMutablePointer<GtkWidget>].self).pointee.append(child!)
        }, list)
    }
    for child in children {
        body(child)
        forEachDescendant(of: child, body)
    }
}
