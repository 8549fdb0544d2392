import CEntryKit
import CGtk
import EntryKitTestSupport
import Testing

@testable import EntryKit

/// What a checker that answers in its own time sees (polkit's agent): the password lent on OK,
/// the panel waiting, asking again, rejecting, accepting; and the accounts, caption and details a
/// request adds.
extension AccountPanelTests {
    /// What the conversation was told, in order.
    @MainActor private final class Checker {
        let conversation = AccountConversation()
        var answers: [String] = []
        var shown = 0
        var accountChanges: [Int] = []

        init() {
            conversation.onShow = { [unowned self] in shown += 1 }
            conversation.onAnswer = { [unowned self] _, password in
                answers.append(password.withUnsafeBytes { String(decoding: $0, as: UTF8.self) })
            }
            conversation.onAccountChange = { [unowned self] index in accountChanges.append(index) }
        }
    }

    private func request(_ checker: Checker, accounts: [String] = []) -> AccountRequest {
        var request = AccountRequest(title: "Authentication Required", message: "A program needs an administrator")
        request.accounts = accounts
        request.conversation = checker.conversation
        return request
    }

    private func isSensitive(_ widget: Widget) -> Bool { gtk_widget_is_sensitive(widget.widget) != 0 }

    @Test func okLendsThePasswordAndThePanelWaitsForTheVerdict() throws {
        defer { finishCleanly() }
        let checker = Checker()
        let (dialog, answers) = try open(request(checker))
        settle()
        #expect(checker.shown == 1, "the checker starts once the panel is up")
        type("wrong", into: dialog.passwordEntry)
        gtk_button_clicked(dialog.okButton.cast())
        #expect(checker.answers == ["wrong"])
        #expect(answers.received.isEmpty, "OK does not close the panel: the checker decides")
        #expect(dialog.passwordLength == 0, "the answer is wiped once handed over")
        #expect(!isSensitive(dialog.okButton) && !isSensitive(dialog.passwordEntry), "no input while the answer is checked")
        #expect(isSensitive(dialog.cancelButton))

        checker.conversation.reject("Authentication failed. Try again.")
        #expect(isSensitive(dialog.okButton) && isSensitive(dialog.passwordEntry))
        #expect(dialog.errorLabel.text == "Authentication failed. Try again." && gtk_widget_get_visible(dialog.errorLabel.widget) != 0)
        #expect(dialog.passwordEntry.accessibleDescription == "Authentication failed. Try again.")
        #expect(focused(in: dialog) == dialog.passwordEntry.widget)

        type("right", into: dialog.passwordEntry)
        gtk_button_clicked(dialog.okButton.cast())
        #expect(checker.answers == ["wrong", "right"])
        checker.conversation.accept()
        #expect(answers.received == [AccountAnswer(accepted: true, username: nil, password: nil)])
        #expect(dialog.isFinished)
    }

    @Test func aSecondQuestionRelabelsTheFieldAndMayShowWhatIsTyped() throws {
        defer { finishCleanly() }
        let checker = Checker()
        let (dialog, _) = try open(request(checker))
        // Typed before the first question came: kept, and not selected (the next key would
        // replace a selection: a fast typist lost what they had typed when polkit's helper asked).
        type("early", into: dialog.passwordEntry)
        checker.conversation.ask(label: nil, showsText: false)
        #expect(dialog.passwordLength == 5)
        #expect(gtk_editable_get_selection_bounds(OpaquePointer(dialog.passwordEntry.widget), nil, nil) == 0)
        #expect(focused(in: dialog) == dialog.passwordEntry.widget)
        #expect(dialog.passwordLabel.text == "Password")
        gtk_button_clicked(dialog.okButton.cast())
        checker.conversation.show("Check your phone", isError: false)
        #expect(dialog.errorLabel.text == "Check your phone")
        #expect(gtk_style_context_has_class(gtk_widget_get_style_context(dialog.errorLabel.widget), "error") == 0)
        checker.conversation.ask(label: "Verification _code:", showsText: true)
        #expect(dialog.passwordLabel.text == "Verification code:" && dialog.passwordEntry.accessibleName == "Verification code:")
        #expect(gtk_entry_get_visibility(dialog.passwordEntry.cast()) != 0)
        #expect(isSensitive(dialog.okButton))
    }

    @Test func cancelWhileTheAnswerIsCheckedEndsThePanel() throws {
        defer { finishCleanly() }
        let checker = Checker()
        let (dialog, answers) = try open(request(checker))
        type("pw", into: dialog.passwordEntry)
        gtk_button_clicked(dialog.okButton.cast())
        gtk_button_clicked(dialog.cancelButton.cast())
        #expect(answers.received == [.cancelled])
    }

    @Test func severalAccountsArePickedFromOneIsNamed() throws {
        defer { finishCleanly() }
        let checker = Checker()
        var several = request(checker, accounts: ["Bob Babbage (bob)", "Ada Lovelace (ada)"])
        several.selectedAccount = 1
        let (dialog, _) = try open(several)
        let picker = try #require(dialog.accountWidget as? PickerField)
        #expect(picker.pickedIndex == 1 && picker.pickedItem == "Ada Lovelace (ada)")
        #expect(picker.accessibleName == "User" && dialog.usernameLabel.text == "User")
        #expect(focused(in: dialog) == dialog.passwordEntry.widget, "typing starts in the password")
        #expect(gtk_widget_get_parent(dialog.usernameEntry.widget) == nil, "no name to type")
        picker.pickedIndex = 0
        #expect(checker.accountChanges.isEmpty, "a pick made in code is no person's choice")
        gtk_button_clicked(dialog.cancelButton.cast())
        settle()

        let (single, _) = try open(request(Checker(), accounts: ["Ada Lovelace (ada)"]))
        let name = try #require(single.accountWidget as? Label)
        #expect(name.text == "Ada Lovelace (ada)" && name.accessibleName == "Ada Lovelace (ada)")
    }

    @Test func theCaptionAndTheDetailsOnDemand() throws {
        defer { finishCleanly() }
        var request = request(Checker())
        request.caption = "org.freedesktop.policykit.exec"
        request.details = [("Program", "pkexec /usr/bin/id -u")]
        let (dialog, _) = try open(request)
        let expander = try #require(dialog.detailsExpander)
        #expect(expander.accessibleName == "Details")
        #expect(gtk_expander_get_expanded(expander.cast()) == 0, "the details wait to be asked for")
        let rows = try #require(gtk_bin_get_child(expander.cast()))
        let children = gtk_container_get_children(UnsafeMutableRawPointer(rows).assumingMemoryBound(to: GtkContainer.self))
        defer { g_list_free(children) }
        var texts: [String] = []
        var node = children
        while let current = node {
            texts.append(String(cString: gtk_label_get_text(current.pointee.data.assumingMemoryBound(to: GtkLabel.self))))
            node = current.pointee.next
        }
        #expect(Set(texts) == ["Program", "pkexec /usr/bin/id -u"])
    }
}
