import CEntryKit
import CGtk
import EntryKitTestSupport
import Testing

@testable import EntryKit

extension AccountPanelTests {
    /// `ek_account_panel_run`, C's nested loop, runs Swift's one (``AccountPanel/runSecurely(_:parent:_:)``)
    /// and hands the answer over as C takes it: a new username and an `EkPassword` of its own.
    ///
    /// Nested in ``AccountPanelTests``, whose serialization it shares: both show panels through the
    /// one queue.
    @MainActor @Suite struct RunFromC {
        init() throws {
            try TestDisplay.require()
            LocalizedText.localization.setLanguage("en")
        }

        /// Answers the panel titled `title` once it is up: `password` typed and OK, or Cancel.
        private func answer(_ title: String, password: String?) {
            MainLoop.idle {
                guard let dialog = AccountPanel.current, dialog.title == title else { return }
                if let password {
                    gtk_entry_set_text(dialog.passwordEntry.cast(), password)
                    gtk_button_clicked(dialog.okButton.cast())
                } else {
                    gtk_button_clicked(dialog.cancelButton.cast())
                }
            }
        }

        @Test func okGivesTheUsernameAndAPasswordInLockedMemoryOfItsOwn() throws {
            defer { AccountPanel.cancelAll() }
            let panel = AccountPanel(title: "Run from C")
            panel.username = "ada"
            answer("Run from C", password: "s3cret")
            var username: UnsafeMutablePointer<gchar>?
            var password: OpaquePointer?
            #expect(ek_account_panel_run(panel.opaque, nil, &username, &password) != 0)
            #expect(username.map { String(cString: $0) } == "ada")
            g_free(username)
            let answered = try #require(password)
            let copy = try #require(ek_password_dup_string(answered))
            #expect(String(cString: copy) == "s3cret")
            g_free(copy)
            #expect(ek_password_get_length(answered) == 6 && ek_password_is_locked(answered) != 0)
            // A reference of its own keeps it; wiped, every holder sees it empty.
            let held = try #require(ek_password_ref(answered))
            ek_password_unref(answered)
            ek_password_wipe(held)
            #expect(ek_password_get_length(held) == 0)
            ek_password_unref(held)
            #expect(AccountPanel.current == nil && AccountPanel.openCount == 0)
        }

        @Test func cancelGivesFalseAndNothing() {
            defer { AccountPanel.cancelAll() }
            let panel = AccountPanel(title: "Cancelled from C")
            answer("Cancelled from C", password: nil)
            var username: UnsafeMutablePointer<gchar>? = g_strdup("left over")
            let before = username
            var password: OpaquePointer?
            #expect(ek_account_panel_run(panel.opaque, nil, &username, &password) == 0)
            #expect(username == nil && password == nil)
            g_free(before)
        }
    }
}
