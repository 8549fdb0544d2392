import CGtk
@testable import EntryKit
@testable import entrykit
import EntryKitTestSupport
import Testing

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
        gtk_spin_button_set_value(page.indexSpin.cast(), 9)
        page.apply()
        #expect(page.field.text == "Large")
        #expect(page.log.text.contains("out of range"))
        page.field.open()
        page.field.list.move(.next)
        page.field.close()
        #expect(page.log.text.hasSuffix("onBegin\nonPick(3, \"Extra large\")\nonEnd"))
        window.saveScreenshot("gallery-picker")
    }
}
