import CEntryKit
import CGtk
import EntryKitTestSupport
import FoundationEssentials
import Testing

@testable import EntryKit

extension AccountPanelTests {
    /// `timeout`: a panel nobody answers closes as if cancelled once its seconds are up, however
    /// it was asked (Swift, C); with none it waits.
    ///
    /// Nested in ``AccountPanelTests``, whose serialization it shares: both show panels through the
    /// one queue.
    @MainActor @Suite struct Timeout {
        init() throws {
            try TestDisplay.require()
            LocalizedText.localization.setLanguage("en")
        }

        @Test func anUnansweredPanelClosesAsCancelledWhenItsTimeIsUp() {
            defer { AccountPanel.cancelAll() }
            let panel = AccountPanel(title: "Timed")
            panel.username = "ada"
            panel.timeout = 1
            let started = ContinuousClock.now
            #expect(panel.run() == .cancelled)
            let waited = ContinuousClock.now - started
            #expect(waited >= .milliseconds(900) && waited < .seconds(10), "about a second: \(waited)")
            #expect(AccountPanel.current == nil && AccountPanel.openCount == 0)
        }

        @Test func withoutATimeoutThePanelWaits() throws {
            defer { AccountPanel.cancelAll() }
            var answer: AccountAnswer?
            AccountPanel.show(AccountRequest(title: "Untimed")) { accepted, username, password in
                answer = AccountAnswer(accepted: accepted, username: username, password: password)
            }
            MainLoop.run(until: { false }, timeout: 1.3)
            #expect(answer == nil && AccountPanel.current?.title == "Untimed")
            gtk_button_clicked(try #require(AccountPanel.current).cancelButton.cast())
            #expect(answer == .cancelled)
        }

        @Test func theTimeoutIsTheObjectsPropertyAndAnAskFromCEndsWithIt() {
            defer { AccountPanel.cancelAll() }
            let panel = AccountPanel(title: "Timed from C")
            #expect(panel.timeout == 0 && integer(panel.object, "timeout") == 0 && ek_account_panel_get_timeout(panel.opaque) == 0)
            var notified = 0
            panel.connect("notify::timeout", withPointer: { _ in notified += 1 })
            ek_account_panel_set_timeout(panel.opaque, 1)
            #expect(panel.timeout == 1 && integer(panel.object, "timeout") == 1)
            panel.timeout = 1  // unchanged: no notification
            #expect(notified == 1)
            var username: UnsafeMutablePointer<gchar>?
            #expect(ek_account_panel_run(panel.opaque, nil, &username, nil) == 0, "not answered: cancelled")
            #expect(username == nil)
            ek_account_panel_set_timeout(panel.opaque, -3)  // below the range: none
            #expect(panel.timeout == 0 && notified == 2)
        }
    }
}
