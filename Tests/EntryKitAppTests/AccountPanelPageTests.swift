import CGtk
import EntryKitTestSupport
import Testing

@testable import EntryKit
@testable import entrykit

@MainActor @Suite(.serialized) struct AccountPanelPageTests {
    init() throws { try TestDisplay.require() }

    /// The page shows how long the password was without ever copying it out of locked memory.
    @Test func theResultCountsThePasswordWithoutCopyingIt() throws {
        let strings = LocalizedText.localization
        strings.setLanguage("en")
        defer {
            AccountPanel.cancelAll()
            strings.setLanguage(nil)
            MainLoop.drain()
        }
        let page = AccountPanelPage()
        let window = TestWindow(page.content, width: 600, height: 500)
        page.window = window.window
        let copiesBefore = SecurePassword.stringsMade
        gtk_button_clicked(page.signInButton.cast())
        let panel = try #require(AccountPanel.current)
        gtk_entry_set_text(panel.usernameEntry.cast(), "ada")
        gtk_entry_set_text(panel.passwordEntry.cast(), "日本語pw")
        gtk_button_clicked(panel.okButton.cast())
        #expect(page.result.text == "Accepted: username ada, password of 5 characters.")
        #expect(SecurePassword.stringsMade == copiesBefore, "the password never became a String")
    }
}
