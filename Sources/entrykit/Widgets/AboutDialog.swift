import CGtk
import EntryKit

/// The About window in the current language. Closing hides it for the next time; the app builds
/// a new one after a language change, since GTK's own strings in it are fixed when it is built.
@MainActor
final class AboutDialog: Widget {
    init(transientFor parent: Widget) {
        super.init(taking: gtk_about_dialog_new())
        gtk_window_set_transient_for(cast(), parent.cast())
        gtk_window_set_modal(cast(), 1)
        gtk_window_set_destroy_with_parent(cast(), 1)
        gtk_about_dialog_set_program_name(cast(), "EntryKit")
        gtk_about_dialog_set_version(cast(), EntryKit.version)
        gtk_about_dialog_set_logo_icon_name(cast(), EntryKit.applicationID)
        gtk_about_dialog_set_license_type(cast(), GTK_LICENSE_MIT_X11)
        gtk_about_dialog_set_website(cast(), "https://github.com/entrykit/entrykit")
        gtk_about_dialog_set_copyright(cast(), "© 2026 The EntryKit authors")
        // Closing hides the dialog, so GTK never destroys it behind our back.
        connect("response", withArgument: { [weak self] _ in self?.hide() })
        connectEvent("delete-event") { [weak self] _ in
            self?.hide()
            return true
        }
        let strings = LocalizedText.localization
        gtk_about_dialog_set_comments(cast(), strings.string("Text-entry widgets and a login dialog for the Linux desktop."))
        gtk_about_dialog_set_website_label(cast(), strings.string("Website"))
        gtk_window_set_title(cast(), strings.string("About EntryKit"))
    }

    func present() { gtk_window_present(cast()) }
}
