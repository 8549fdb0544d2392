import CGtk
import EntryKitTestSupport
import Testing

@testable import EntryKit
@testable import entrykit

@MainActor @Suite(.serialized) struct PickerFieldPageTests {
    init() throws { try TestDisplay.require() }

    @Test func controlsSetTheFieldAndTheLogFollowsTheCallbacks() {
        let page = PickerFieldPage()
        let window = TestWindow(page.content, width: 600, height: 500)
        // The field is the page's first focusable widget: if the window became active (the X
        // server focuses the window under the pointer when no window manager runs), it opened.
        page.field.close()
        #expect(page.field.items.count == 4)
        gtk_spin_button_set_value(page.indexSpin.cast(), 2)
        page.apply()
        #expect(page.field.text == "Large")
        // The index control offers only the items there are (the monkey typed 317,889 for 4).
        gtk_spin_button_set_value(page.indexSpin.cast(), 317_889)
        #expect(gtk_spin_button_get_value_as_int(page.indexSpin.cast()) == 3)
        page.apply()
        #expect(page.field.text == "Extra large")
        #expect(page.field.lastRefusal == nil)
        page.field.pickedIndex = 2
        page.field.open()
        page.field.list.move(.next)
        page.field.close()
        #expect(page.log.text.hasSuffix("onOpen\nonPick(3, \"Extra large\")\nonClose"))
        window.saveScreenshot("gallery-picker")
    }

    @Test func theIndexControlFollowsTheItemsAsTheyAreTyped() {
        let page = PickerFieldPage()
        let buffer = gtk_text_view_get_buffer(page.itemsView.cast())
        var lower = 0.0, upper = 0.0
        gtk_text_buffer_set_text(buffer, "one\ntwo", -1)
        gtk_spin_button_get_range(page.indexSpin.cast(), &lower, &upper)
        #expect((lower, upper) == (-1, 1))
        gtk_text_buffer_set_text(buffer, "", -1)
        gtk_spin_button_get_range(page.indexSpin.cast(), &lower, &upper)
        #expect((lower, upper) == (-1, -1), "no items: only none")
        #expect(gtk_spin_button_get_value_as_int(page.indexSpin.cast()) == -1)
    }

    /// The default placeholder follows the language; one the user typed stays.
    @Test func theDefaultPlaceholderFollowsTheLanguage() {
        let strings = LocalizedText.localization
        defer { strings.setLanguage(nil) }
        strings.setLanguage("en")
        let page = PickerFieldPage()
        #expect(page.field.placeholderText == "Choose…")
        strings.setLanguage("ja")
        #expect(page.field.placeholderText == "選択…")
        #expect(String(cString: gtk_entry_get_text(page.placeholderEntry.cast())) == "選択…")
        gtk_entry_set_text(page.placeholderEntry.cast(), "Size")
        page.apply()
        strings.setLanguage("en")
        #expect(page.field.placeholderText == "Size")
    }
}
