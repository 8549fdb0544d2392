import CEntryKit
import CGtk
import EntryKit

/// A question with buttons (a pinentry's `CONFIRM`, ssh's `SSH_ASKPASS_PROMPT=confirm`) or a
/// notice with one (`MESSAGE`, `none`), shown modally until answered, closed or timed out.
@MainActor
enum ConfirmationDialog {
    /// How the dialog ended.
    enum Answer: Equatable {
        case ok
        /// The third button (pinentry's `SETNOTOK`).
        case notOK
        /// Cancel, Escape or the window closed.
        case cancelled
        case timedOut
    }

    /// A button label (`_` marks the mnemonic) and the answer it gives.
    typealias Button = (label: String, answer: Answer)

    /// Shows `message` titled `title` with `buttons` (the last is the default) and returns the
    /// answer; after `timeout` seconds (0: never) it gives up with ``Answer/timedOut``. It comes
    /// to the person as the panel of a standalone prompt does (``AccountRequest/isStandalonePrompt``),
    /// an overlay that holds the keyboard on a Wayland layer shell with `holdsKeyboard`.
    static func run(title: String, message: String, buttons: [Button], timeout: Int = 0, holdsKeyboard: Bool) -> Answer {
        let dialog = Window(window: gtk_dialog_new())
        dialog.title = title
        gtk_window_set_modal(dialog.cast(), 1)
        gtk_window_set_default_size(dialog.cast(), 360, -1)
        dialog.centreOnFirstShow()
        let isOverlay = ek_prompt_window_prepare(dialog.cast(), holdsKeyboard ? 1 : 0) != 0
        let label = Label(message, wraps: true)
        // An overlay has no title bar: the title, which says what asks, leads the message.
        if isOverlay, let heading = g_markup_escape_text(title, -1), let body = g_markup_escape_text(message, -1) {
            gtk_label_set_markup(label.cast(), "<b>\(String(cString: heading))</b>\n\n\(String(cString: body))")
            g_free(heading)
            g_free(body)
        }
        label.setMargins(12)
        let content = UnsafeMutableRawPointer(gtk_dialog_get_content_area(dialog.cast())).assumingMemoryBound(to: GtkContainer.self)
        gtk_container_add(content, label.widget)
        label.show()
        for (index, button) in buttons.enumerated() {
            let widget = gtk_dialog_add_button(dialog.cast(), button.label, Int32(index))
            if index == buttons.count - 1 {
                gtk_style_context_add_class(gtk_widget_get_style_context(widget), "suggested-action")
                gtk_dialog_set_default_response(dialog.cast(), Int32(index))
                gtk_widget_grab_focus(widget)
            }
        }
        if let row = gtk_widget_get_parent(gtk_dialog_get_widget_for_response(dialog.cast(), 0)) {
            gtk_widget_set_margin_start(row, 12)
            gtk_widget_set_margin_end(row, 12)
            gtk_widget_set_margin_bottom(row, 12)
        }
        dialog.focusWhenMapped(afterFirstFrame: true)
        var timedOut = false
        if timeout > 0 {
            MainLoop.after(seconds: Double(timeout)) { [weak dialog] in
                guard let dialog, gtk_widget_get_visible(dialog.widget) != 0 else { return }
                timedOut = true
                gtk_dialog_response(dialog.cast(), GTK_RESPONSE_DELETE_EVENT.rawValue)
            }
        }
        // gtk_dialog_run: a nested loop until a response, Escape or the window closed. Shown and
        // presented first, as every prompt is (gtk_dialog_run alone only shows it).
        dialog.present()
        let response = gtk_dialog_run(dialog.cast())
        dialog.destroyAfterHandlers()
        MainLoop.drain()
        if timedOut { return .timedOut }
        guard response >= 0, Int(response) < buttons.count else { return .cancelled }
        return buttons[Int(response)].answer
    }
}
