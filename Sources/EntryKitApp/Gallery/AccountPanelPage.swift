import CGtk
import EntryKit

/// The account panel's page: options for the next panel, a "Sign in…" button, and what the
/// panel answered (never the password itself, only its length).
@MainActor
final class AccountPanelPage: GalleryPage {
    let name = "account-panel"
    let titleKey = "Account Panel"
    let content: Widget

    private let titleLabel = Label()
    private let titleEntry = Widget(transferFull: gtk_entry_new())
    private let messageLabel = Label()
    private let messageEntry = Widget(transferFull: gtk_entry_new())
    private let usernameLabel = Label()
    private let usernameEntry = Widget(transferFull: gtk_entry_new())
    private let requireUsername = Widget(transferFull: gtk_check_button_new())
    private let requirePassword = Widget(transferFull: gtk_check_button_new())
    private let rejectFirst = Widget(transferFull: gtk_check_button_new())
    let signInButton = Widget(transferFull: gtk_button_new())
    let result = Label(wraps: true)
    private var lastAnswer: AccountAnswer?
    /// The window panels belong to (set once the window exists).
    weak var window: Window?

    init() {
        let form = FormGrid()
        form.container.setMargins(24)
        for (label, entry) in [(titleLabel, titleEntry), (messageLabel, messageEntry), (usernameLabel, usernameEntry)] {
            gtk_widget_set_hexpand(entry.widget, 1)
            form.add(label, naming: entry)
        }
        for check in [requireUsername, requirePassword, rejectFirst] { form.add(nil, beside: check) }
        gtk_widget_set_halign(signInButton.widget, GTK_ALIGN_START)
        signInButton.addStyleClass("suggested-action")
        form.add(nil, beside: signInButton)
        form.add(nil, beside: result)
        content = form.container
        signInButton.connect("clicked") { [weak self] in self?.signIn() }
        LocalizedText.bind(self) { page, strings in page.relabel(strings) }
    }

    private func relabel(_ strings: Localization) {
        gtk_label_set_text_with_mnemonic(titleLabel.cast(), strings.string("Title"))
        gtk_label_set_text_with_mnemonic(messageLabel.cast(), strings.string("Message"))
        gtk_label_set_text_with_mnemonic(usernameLabel.cast(), strings.string("Pre-filled username"))
        gtk_button_set_label(requireUsername.cast(), strings.string("Require a username"))
        gtk_button_set_label(requirePassword.cast(), strings.string("Require a password"))
        gtk_button_set_label(rejectFirst.cast(), strings.string("Reject the first password"))
        gtk_button_set_label(signInButton.cast(), strings.string("Sign in…"))
        showResult(strings)
    }

    private func text(of entry: Widget) -> String? {
        let text = String(cString: gtk_entry_get_text(entry.cast()))
        return text.isEmpty ? nil : text
    }

    private func isChecked(_ check: Widget) -> Bool { gtk_toggle_button_get_active(check.cast()) != 0 }

    private func signIn() {
        let strings = LocalizedText.localization
        var request = AccountRequest(
            title: text(of: titleEntry) ?? strings.string("Sign In"),
            message: text(of: messageEntry),
            username: text(of: usernameEntry),
            requiresUsername: isChecked(requireUsername),
            requiresPassword: isChecked(requirePassword)
        )
        if isChecked(rejectFirst) {
            // Shows the validate hook: the first try gets an inline error, the second passes.
            var rejected = false
            request.validate = { _, _ in
                if rejected { return nil }
                rejected = true
                return LocalizedText.localization.string("Wrong password, try again.")
            }
        }
        // Only the length is kept: the page shows that a password came, never what it was.
        AccountPanel.showSecurely(request, parent: window) { [weak self] accepted, username, password in
            let length = password?.scalarCount ?? 0  // counted in locked memory, never copied out
            self?.lastAnswer = AccountAnswer(accepted: accepted, username: username, password: String(repeating: "•", count: length))
            self?.showResult(LocalizedText.localization)
        }
    }

    private func showResult(_ strings: Localization) {
        guard let answer = lastAnswer else {
            result.text = strings.string("No answer yet.")
            return
        }
        result.text =
            answer.accepted
            ? strings.format(
                "Accepted: username %1$@, password of %2$d characters.", answer.username ?? strings.string("(none)"),
                answer.password?.count ?? 0)
            : strings.string("Canceled.")
    }
}
