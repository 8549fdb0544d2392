import CEntryKit
import CGtk
import EntryKitTestSupport
import Testing

@testable import EntryKit
@testable import entrykit

/// The gallery's drop-down page on a real display, its controls used as a person uses them.
@MainActor @Suite(.serialized) struct DropDownFieldPageTests {
    init() throws { try TestDisplay.require() }

    /// The page in a window of the gallery's size (760 × 520, less the header bar).
    private func pageInWindow() -> (DropDownFieldPage, TestWindow) {
        let page = DropDownFieldPage()
        return (page, TestWindow(page.content, width: 760, height: 470))
    }

    private func waitUntilOpen(_ field: DropDownField, window: TestWindow) {
        MainLoop.run(until: { field.popup.isFullyRevealed }, timeout: 5)
        window.waitForFrames()
    }

    private func waitUntilClosed(_ field: DropDownField, window: TestWindow) {
        MainLoop.run(until: { !field.popup.isVisible }, timeout: 5)
        window.waitForFrames()
    }

    /// Emits a signal without arguments (`color-set`, `font-set`), as the button does once the
    /// person has chosen in its dialog.
    private func emit(_ signal: String, on widget: Widget) {
        var instance = GValue()
        g_value_init(&instance, ek_type_of(widget.object))
        g_value_set_object(&instance, widget.object)
        g_signal_emitv(&instance, g_signal_lookup(signal, ek_type_of(widget.object)), 0, nil)
        g_value_unset(&instance)
    }

    @Test func twoNamedFieldsOneOpeningBelowOneAbove() {
        let (page, window) = pageInWindow()
        #expect(page.topField.accessibleName == "Near the top")
        #expect(page.bottomField.accessibleName == "Near the bottom")
        #expect(atk_object_get_role(page.topField.accessible) == ATK_ROLE_COMBO_BOX)
        #expect(page.topField.items.count == 5)

        TestInput.click(page.topField, x: 20, y: 8)
        #expect(page.topField.isOpen)
        #expect(page.topField.placement == .below)
        waitUntilOpen(page.topField, window: window)
        window.saveScreenshot("gallery-dropdown-below")
        TestInput.click(page.bottomField, x: 20, y: 8)
        #expect(!page.topField.isOpen, "a click elsewhere closes the first")
        #expect(page.bottomField.isOpen)
        #expect(page.bottomField.placement == .above)
        waitUntilOpen(page.bottomField, window: window)
        window.saveScreenshot("gallery-dropdown-above")
        page.bottomField.close()
        waitUntilClosed(page.bottomField, window: window)
    }

    @Test func everyControlChangesBothFieldsLive() {
        let (page, window) = pageInWindow()
        gtk_spin_button_set_value(page.rowsButton.cast(), 8)
        #expect(page.fields.map(\.visibleRowCount) == [8, 8])
        gtk_spin_button_set_value(page.rowHeightButton.cast(), 40)
        #expect(page.fields.map(\.rowHeight) == [40, 40])
        gtk_spin_button_set_value(page.rowHeightButton.cast(), 0)
        #expect(page.fields.map(\.rowHeight) == [nil, nil], "0 stands for the entry's own height")

        var red = GdkRGBA(red: 1, green: 0, blue: 0, alpha: 1)
        gtk_color_chooser_set_rgba(OpaquePointer(page.borderButton.widget), &red)
        emit("color-set", on: page.borderButton)
        #expect(page.fields.map(\.listBorderColor) == ["rgb(255,0,0)", "rgb(255,0,0)"])
        #expect(page.topField.list.borderColor == "rgb(255,0,0)")

        gtk_spin_button_set_value(page.fontSizeButton.cast(), 14)
        gtk_font_chooser_set_font(OpaquePointer(page.fontButton.widget), "Serif Bold 30")
        emit("font-set", on: page.fontButton)
        #expect(page.fields.map(\.listFont) == ["Serif Bold 14", "Serif Bold 14"], "the size comes from the size control")
        gtk_spin_button_set_value(page.fontSizeButton.cast(), 20)
        #expect(page.fields.map(\.listFont) == ["Serif Bold 20", "Serif Bold 20"])
        // The monkey typed a size freetype cannot render into GTK's font dialog: the dialog no
        // longer offers a size, and the size control stops at what rows draw well.
        let level = gtk_font_chooser_get_level(OpaquePointer(page.fontButton.widget)).rawValue
        #expect(level & GTK_FONT_CHOOSER_LEVEL_SIZE.rawValue == 0)
        gtk_spin_button_set_value(page.fontSizeButton.cast(), 9_999)
        #expect(page.fields.map(\.listFont) == ["Serif Bold 72", "Serif Bold 72"])

        gtk_toggle_button_set_active(page.editableCheck.cast(), 1)
        #expect(page.fields.map(\.isEditable) == [true, true])

        // The item count is itself a drop-down: open it, go to the last choice, press Enter.
        gtk_widget_grab_focus(page.countField.widget)
        TestInput.key(GDK_KEY_F4, in: page.countField)
        TestInput.key(GDK_KEY_End, in: page.countField)
        TestInput.key(GDK_KEY_Return, in: page.countField)
        #expect(page.countField.text == "1,000,000")
        #expect(page.fields.map(\.items.count) == [1_000_000, 1_000_000])
        #expect(page.topField.items[0] == "apple" && page.topField.items[20] == "apple 2")
        #expect(page.topField.items[999_999] == "quince 50000")

        gtk_widget_grab_focus(page.topField.widget)
        page.topField.open()
        waitUntilOpen(page.topField, window: window)
        // Rows of 72-point text are as tall as the text and its padding, more than the entry.
        let rowHeight = page.topField.list.rowHeight
        #expect(rowHeight == page.topField.list.textRowHeight)
        #expect(rowHeight > Int(gtk_widget_get_allocated_height(page.topField.widget)))
        let shown = Int(gtk_widget_get_allocated_height(page.topField.list.canvas.widget))
        #expect(shown > 0 && shown <= 8 * rowHeight && shown % rowHeight == 0, "whole rows, at most eight")
        TestInput.type("quince 4999", in: page.topField)
        MainLoop.run(until: { page.topField.list.isFilterSettled }, timeout: 5)
        #expect(page.topField.list.rowCount == 11, "editable: typing filters the million (quince 4999, 49990 … 49999)")
        MainLoop.run(until: { false }, timeout: 0.5)  // results of older keystrokes come in and are dropped
        page.topField.close()
        waitUntilClosed(page.topField, window: window)
    }

    @Test func aPickIsShownWithItsPlaceInEveryLanguage() {
        let strings = LocalizedText.localization
        defer { strings.setLanguage(nil) }
        strings.setLanguage("en")
        let (page, window) = pageInWindow()
        #expect(page.picked.text == "Nothing picked yet.")
        TestInput.click(page.topField, x: 20, y: 8)
        waitUntilOpen(page.topField, window: window)
        let rowHeight = Double(page.topField.list.rowHeight)
        TestInput.click(page.topField.list.canvas, x: 10, y: rowHeight * 2.5)
        #expect(page.topField.text == "banana")
        #expect(page.picked.text == "Picked: banana (3 of 5)")
        strings.setLanguage("ja")
        MainLoop.drain()
        #expect(page.picked.text == "選択: banana(5 件中 3 件目)")
        #expect(page.topField.accessibleName == "上端の入力欄(T)")
        #expect(page.topField.placeholderText == "クリックして選択")
        waitUntilClosed(page.topField, window: window)
    }

    @Test func itIsAPageOfTheGalleryWindow() {
        let window = GalleryWindow(application: TestApplication.shared)
        #expect(window.pageNames.contains("drop-down-field"))
        window.destroy()
        MainLoop.drain()  // what the window queued goes with it, not into the next test
    }

    @Test func sampleItemsAndCounts() {
        #expect(DropDownFieldPage.formatted(5) == "5")
        #expect(DropDownFieldPage.formatted(10_000) == "10,000")
        #expect(DropDownFieldPage.formatted(1_000_000) == "1,000,000")
        #expect(Array(DropDownFieldPage.sampleItems(count: 5)) == ["apple", "apricot", "banana", "blueberry", "cherry"])
        #expect(DropDownFieldPage.sampleItems(count: 41)[40] == "apple 3")
    }
}
