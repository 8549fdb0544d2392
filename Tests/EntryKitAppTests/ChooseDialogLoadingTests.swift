import CGtk
import EntryKitCommandLine
import EntryKitTestSupport
import Testing

@testable import EntryKit
@testable import entrykit

/// `entrykit choose` while its items are still being read: the dialog shows, waits, then loads.
@MainActor @Suite(.serialized) struct ChooseDialogLoadingTests {
    init() throws { try TestDisplay.require() }

    @Test func whileReadingTheFieldAndOKWaitThenTheFirstItemIsChosen() {
        let strings = LocalizedText.localization
        defer { strings.setLanguage(nil) }
        strings.setLanguage("en")
        let dialog = ChooseDialog(options: ChooseOptions(), items: nil)
        defer {
            dialog.window.destroy()
            MainLoop.drain()
        }
        dialog.window.showAll()
        #expect(!dialog.isLoaded)
        #expect(gtk_widget_get_sensitive(dialog.field.widget) == 0)
        #expect(dialog.field.placeholderText == "Reading the items…")
        strings.setLanguage("ja")
        MainLoop.drain()
        #expect(dialog.field.placeholderText == "項目を読み込んでいます…")

        dialog.load(ListItems(["red", "green", "blue"]))
        #expect(dialog.isLoaded)
        #expect(gtk_widget_get_sensitive(dialog.field.widget) != 0)
        #expect(dialog.field.placeholderText == nil)
        #expect(dialog.field.text == "red", "a select shows its first option")
        #expect(gtk_widget_has_focus(dialog.field.widget) != 0 || gtk_window_get_focus(dialog.window.cast()) == dialog.field.widget)
        strings.setLanguage("en")
        MainLoop.drain()
        #expect(dialog.field.placeholderText == nil, "a language change after loading does not bring the note back")
    }

    /// A window destroyed from outside (another program, the X server) ends the dialog as
    /// cancelled instead of leaving it waiting for ever.
    @Test func aDestroyedWindowEndsTheDialogAsCancelled() throws {
        // Bounded: were the destruction missed, the dialog times out (status 5) instead of hanging.
        var options = ChooseOptions()
        options.timeout = 5
        let dialog = ChooseDialog(options: options, items: ListItems(["red", "green"]))
        MainLoop.idle { dialog.window.destroy() }
        #expect(dialog.run() == .cancelled)
    }
}
