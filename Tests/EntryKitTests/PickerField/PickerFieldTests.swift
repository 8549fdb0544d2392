import CEntryKit
import CGtk
import EntryKitTestSupport
import Testing

@testable import EntryKit

/// PickerField on a real display: the pick, the picker, the keys, what AT-SPI reads, and an
/// application's own handlers on the same entry.
@MainActor @Suite(.serialized) struct PickerFieldTests {
    init() throws { try TestDisplay.require() }

    let fruit = ["apple", "banana", "cherry", "date", "elderberry"]

    /// A field with the fruit in a window with room for the picker, focused.
    private func shown(_ field: PickerField = PickerField()) -> TestWindow {
        if field.items.isEmpty { field.setItems(fruit, placeholder: "Fruit") }
        let box = Box(vertical: true)
        box.setMargins(12)
        box.append(field)
        gtk_widget_set_margin_bottom(box.widget, 240)
        return TestWindow(box)
    }

    /// Gives `field` the keyboard focus as a person does: its window becomes the active one
    /// (without a window manager nothing else makes it so), then the field takes the focus.
    private func focus(_ field: PickerField) {
        let toplevel = gtk_widget_get_toplevel(field.widget)!
        let event = gdk_event_new(GDK_FOCUS_CHANGE)!
        event.pointee.focus_change.window = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(gtk_widget_get_window(toplevel))))
        event.pointee.focus_change.send_event = 1
        event.pointee.focus_change.in = 1
        gtk_widget_send_focus_change(toplevel, event)
        gdk_event_free(event)
        gtk_widget_grab_focus(field.widget)
        MainLoop.drain()
    }

    private func key(_ keyval: Int32, _ field: PickerField, modifiers: GdkModifierType = GdkModifierType(0)) {
        TestInput.key(keyval, modifiers: modifiers, in: field)
        MainLoop.drain()
    }

    private func states(_ field: PickerField) -> Set<AtkStateType> {
        let set = atk_object_ref_state_set(field.accessible)!
        defer { g_object_unref(set) }
        return Set(
            [ATK_STATE_EXPANDABLE, ATK_STATE_EXPANDED, ATK_STATE_EDITABLE, ATK_STATE_FOCUSABLE].filter {
                atk_state_set_contains_state(set, $0) != 0
            })
    }

    private func accessibleText(_ field: PickerField) -> String {
        let text = OpaquePointer(field.accessible)
        let characters = atk_text_get_text(text, 0, -1)!
        defer { g_free(characters) }
        return String(cString: characters)
    }

    @Test func aPickersItemsAreNotPreparedForASearchItNeverMakes() {
        let strings = (0..<200_000).map { "Item \($0)" }
        let picker = PickerField()
        picker.setItems(strings)
        let list = ListView()
        list.setItems(strings)
        ListItems.waitForSearchPreparations()
        #expect(list.items.isPreparedForSearch, "a list that filters has them ready")
        #expect(!picker.list.items.isPreparedForSearch, "a picker has no filter")
        #expect(picker.list.items.overheadByteCount == (strings.count + 1) * MemoryLayout<UInt32>.stride)
    }

    // MARK: pickedIndex

    @Test func pickedIndexSetBeforeTheItemsIsShownWhenTheyCome() {
        let field = PickerField()
        #expect(field.pickedIndex == -1)
        field.pickedIndex = 2
        #expect(field.pickedIndex == 2 && field.text == "")
        field.setItems(fruit, placeholder: "Fruit")
        #expect(field.text == "cherry")
        #expect(field.placeholderText == "Fruit")
        #expect(field.lastRefusal == nil)
    }

    @Test func pickedIndexSetAfterTheItemsShowsTheItemWithoutCallingOnPick() {
        let field = PickerField()
        field.setItems(fruit)
        var picks: [Int] = []
        field.onPick = { index, _ in picks.append(index) }
        field.pickedIndex = 3
        #expect(field.text == "date" && field.pickedItem == "date")
        field.pickedIndex = -1
        #expect(field.text == "" && field.pickedItem == nil)
        #expect(picks.isEmpty)
    }

    @Test func anOutOfRangeIndexIsRefusedAndTheValueKept() {
        let field = PickerField()
        field.setItems(fruit)
        field.pickedIndex = 1
        field.pickedIndex = 5
        #expect(field.pickedIndex == 1 && field.text == "banana")
        #expect(field.lastRefusal?.contains("pickedIndex 5 is out of range") == true)
        field.pickedIndex = -2
        #expect(field.pickedIndex == 1)
        #expect(field.lastRefusal?.contains("-2") == true)
    }

    @Test func anIndexSetBeforeTooFewItemsIsRefusedWhenTheyCome() {
        let field = PickerField()
        field.pickedIndex = 9
        field.setItems(fruit)
        #expect(field.pickedIndex == -1 && field.text == "")
        #expect(field.lastRefusal?.contains("9") == true)
    }

    @Test func typingAndOtherCodeNeverChangeTheText() {
        let field = PickerField()
        field.setItems(fruit)
        field.pickedIndex = 0
        let window = shown(field)
        #expect(gtk_editable_get_editable(OpaquePointer(field.widget)) == 0)
        field.isEditable = true
        #expect(!field.isEditable)
        gtk_entry_set_text(field.cast(), "pear")
        #expect(field.text == "apple", "the text only comes from the picker")
        // Still selectable (and so copyable) as an entry.
        gtk_editable_select_region(OpaquePointer(field.widget), 0, 3)
        var start: gint = 0, end: gint = 0
        #expect(gtk_editable_get_selection_bounds(OpaquePointer(field.widget), &start, &end) != 0 && end == 3)
        _ = window
    }

    // MARK: Opening

    @Test func focusOpensThePickerWithTheFirstItemPickedLive() {
        let field = PickerField()
        var picks: [(Int, String)] = []
        var log: [String] = []
        field.onPick = { index, item in picks.append((index, item)) }
        field.onOpen = { log.append("begin") }
        field.onClose = { log.append("end") }
        let window = shown(field)
        focus(field)
        MainLoop.run(until: { field.isOpen }, timeout: 2)
        #expect(field.isOpen && field.popup.isVisible)
        #expect(field.list.wheelStyle)
        #expect(field.pickedIndex == 0 && field.text == "apple")
        #expect(picks.map(\.0) == [0])
        #expect(field.list.highlightedItem == 0)
        #expect(states(field).contains(ATK_STATE_EXPANDED))
        window.waitForFrames()
        window.saveScreenshot("picker-open")
        field.close()
        #expect(log == ["begin", "end"])
        #expect(field.text == "apple", "closing keeps the pick")
    }

    @Test func oneClickOpensTheUnfocusedFieldAndTheNextClosesIt() {
        let field = PickerField()
        field.setItems(fruit, placeholder: "Fruit")
        // Another entry comes first, so it has the focus should the window become active (the
        // X server gives the window under the pointer the focus when no window manager runs).
        let other = Widget(transferFull: gtk_entry_new())
        let box = Box(vertical: true)
        box.setMargins(12)
        box.append(other)
        box.append(field)
        gtk_widget_set_margin_bottom(box.widget, 240)
        let window = TestWindow(box)
        gtk_widget_grab_focus(other.widget)
        MainLoop.drain()
        #expect(gtk_widget_has_focus(field.widget) == 0 && !field.isOpen)
        TestInput.click(field, x: 20, y: 10)
        MainLoop.run(until: { false }, timeout: 0.1)
        #expect(field.isOpen, "the click that focuses also opens, once")
        TestInput.click(field, x: 20, y: 10)
        MainLoop.drain()
        #expect(!field.isOpen)
        _ = window
    }

    /// Items and the pick set again while the picker is closed (as a settings page does) are
    /// what it shows when it opens again; opening reports no pick the user did not make.
    @Test func reopeningAfterNewItemsAndPickShowsThatPick() {
        let field = PickerField()
        var picks: [Int] = []
        field.onPick = { index, _ in picks.append(index) }
        let window = shown(field)  // may have opened already, should its window have the focus
        field.open()
        field.close()
        #expect(picks == [0], "opening with nothing picked picks the first item")
        field.setItems(fruit, placeholder: "Fruit")
        field.pickedIndex = 2
        field.setItems(fruit, placeholder: "Fruit")
        field.open()
        window.waitForFrames()
        #expect(field.pickedIndex == 2)
        #expect(field.text == "cherry")
        #expect(field.list.highlightedRow == 2)
        // A new row height while open keeps the pick in the middle of the wheel.
        field.list.rowHeight = 48
        window.waitForFrames()
        #expect(field.pickedIndex == 2)
        #expect(field.list.row(atY: Double(gtk_widget_get_allocated_height(field.list.widget)) / 2) == 2)
        #expect(picks == [0])
        field.close()
    }

    /// No items left while the picker is open: it closes (with its end reported) and nothing
    /// stays picked.
    @Test func emptyingTheItemsWhileOpenClosesThePicker() {
        let field = PickerField()
        var ends = 0
        field.onClose = { ends += 1 }
        let window = shown(field)
        field.open()
        #expect(field.isOpen)
        field.setItems([String]())
        window.waitForFrames()
        #expect(!field.isOpen)
        #expect(ends == 1)
        #expect(field.pickedIndex == -1 && field.text.isEmpty)
        #expect(field.lastRefusal == nil, "new items are no mistake to warn about")
    }

    /// New items without the picked one end the pick, open or closed, and report no pick the
    /// user did not make; Escape then cannot bring back an index the items no longer have.
    @Test func fewerItemsEndThePickQuietly() {
        let field = PickerField()
        field.setItems(fruit)
        field.pickedIndex = 4
        var picks: [Int] = []
        field.onPick = { index, _ in picks.append(index) }
        field.setItems(["x", "y", "z"])
        #expect(field.pickedIndex == -1 && field.text.isEmpty)
        let window = shown(field)
        field.setItems(fruit)
        field.pickedIndex = 4
        field.open()
        window.waitForFrames()
        picks = []  // opening with nothing picked picks the first item (should the window have had the focus)
        field.setItems(["x", "y"])
        window.waitForFrames()
        #expect(field.pickedIndex == -1 && field.text.isEmpty)
        TestInput.key(GDK_KEY_Escape, in: field)
        MainLoop.drain()
        #expect((-1..<2).contains(field.pickedIndex))
        #expect(picks.isEmpty, "only the user's picks are reported, not the code's")
    }

    /// An application that closes everything from `onPick` (a wizard moving on) ends the
    /// picker cleanly: no GTK warning on the freed window, `onClose` once.
    @Test func destroyingTheWindowFromOnPickIsClean() {
        var ends = 0
        do {
            let field = PickerField()
            let window = shown(field)
            focus(field)
            field.open()
            window.waitForFrames()
            field.onClose = { ends += 1 }
            field.onPick = { _, _ in window.window.destroy() }
            TestInput.key(GDK_KEY_Down, in: field)
        }
        MainLoop.run(until: { false }, timeout: 0.3)  // past the wheel's settling timer
        #expect(ends == 1)
    }

    /// `onOpen` and `onClose` bracket every pick made while open, the first one too; a
    /// `shouldOpen` that opens the picker itself makes no second opening.
    @Test func onOpenComesFirstAndOnce() {
        let field = PickerField()
        var log: [String] = []
        field.onOpen = { log.append("begin") }
        field.onClose = { log.append("end") }
        field.onPick = { index, _ in log.append("pick \(index)") }
        var asked = false
        field.shouldOpen = {
            if !asked {
                asked = true
                field.open()
            }
            return true
        }
        let window = shown(field)  // may have opened already, should its window have the focus
        field.open()
        window.waitForFrames()
        field.close()
        #expect(log == ["begin", "pick 0", "end"])
    }

    @Test func shouldOpenVetoesOpeningAndSteps() {
        let field = PickerField()
        field.shouldOpen = { false }
        let window = shown(field)
        focus(field)
        field.open()
        #expect(!field.isOpen)
        key(GDK_KEY_Down, field)
        #expect(field.pickedIndex == -1)
        field.shouldOpen = { true }
        field.open()
        #expect(field.isOpen)
        _ = window
    }

    @Test func opensAtOnceWithAMillionItems() {
        let field = PickerField()
        field.setItems((0..<1_000_000).map { "Item \($0)" })
        field.pickedIndex = 999_999
        let window = shown(field)
        field.open()
        window.waitForFrames()
        #expect(field.list.highlightedItem == 999_999)
        #expect(field.list.visibleRowCapacity <= 6)
        key(GDK_KEY_Up, field)
        #expect(field.text == "Item 999998")
    }

    // MARK: Keyboard

    @Test func upAndDownStepThePickWhileClosedLikeASpinButton() {
        let field = PickerField()
        var picks: [Int] = []
        field.onPick = { index, _ in picks.append(index) }
        let window = shown(field)
        field.close()
        focus(field)
        field.close()
        key(GDK_KEY_Down, field)
        key(GDK_KEY_Down, field)
        key(GDK_KEY_Up, field)
        key(GDK_KEY_Up, field)
        key(GDK_KEY_Up, field)  // clamped at the first item
        // Focus opened the picker and picked the first item; then two steps down and back.
        #expect(picks == [0, 1, 2, 1, 0])
        #expect(!field.isOpen && field.text == "apple")
        _ = window
    }

    @Test func keysInTheOpenPickerMoveTypeAheadAndEscapeRestores() {
        let field = PickerField()
        field.pickedIndex = 1
        let window = shown(field)
        focus(field)
        MainLoop.run(until: { field.isOpen }, timeout: 2)
        window.waitForFrames()  // a page is what the picker shows
        key(GDK_KEY_End, field)
        #expect(field.text == "elderberry")
        key(GDK_KEY_Home, field)
        #expect(field.text == "apple")
        key(GDK_KEY_Page_Down, field)
        #expect(field.pickedIndex > 1)
        key(GDK_KEY_Page_Up, field)
        #expect(field.pickedIndex == 0)
        key(GDK_KEY_Down, field)
        #expect(field.text == "banana")
        key(Int32(bitPattern: gdk_unicode_to_keyval(UInt32(("d" as Unicode.Scalar).value))), field)
        #expect(field.text == "date")
        #expect(field.list.highlightedItem == 3)
        key(GDK_KEY_Escape, field)
        #expect(!field.isOpen)
        #expect(field.pickedIndex == 1 && field.text == "banana", "Escape restores the value from when it opened")
        _ = window
    }

    @Test func enterKeepsThePickAndTheEntryStillActivates() {
        let field = PickerField()
        var activations = 0
        field.connect("activate") { activations += 1 }
        let window = shown(field)
        focus(field)
        MainLoop.run(until: { field.isOpen }, timeout: 2)
        key(GDK_KEY_Down, field)
        key(GDK_KEY_Return, field)
        #expect(!field.isOpen && field.text == "banana")
        MainLoop.run(until: { activations == 1 }, timeout: 2)
        #expect(activations == 1, "the application's activate handler runs once the picker is hidden")
        _ = window
    }

    @Test func aClickOutsideKeepsThePick() {
        let field = PickerField()
        let button = Widget(transferFull: gtk_button_new_with_label("Elsewhere"))
        let box = Box(vertical: true)
        box.append(field)
        box.append(button)
        gtk_widget_set_margin_bottom(box.widget, 240)
        field.setItems(fruit)
        let window = TestWindow(box)
        field.open()
        field.list.move(.last)
        #expect(field.text == "elderberry")
        TestInput.click(button, x: 5, y: 5)
        MainLoop.drain()
        #expect(!field.isOpen && field.text == "elderberry")
        _ = window
    }

    // MARK: Coexistence

    @Test func anApplicationsHandlersOnTheEntrySeeEverythingAndBreakNothing() {
        let field = PickerField()
        var changed: [String] = []
        var keys: [guint] = []
        var focusIns = 0
        var activations = 0
        var picks: [Int] = []
        field.onPick = { index, _ in picks.append(index) }
        // Connected before the window exists and before any key: the application's handlers run first.
        field.connect("changed") { changed.append(field.text) }
        field.connectEvent("key-press-event") { event in
            keys.append(event.pointee.key.keyval)
            return false
        }
        field.connectEvent("focus-in-event") { _ in
            focusIns += 1
            return false
        }
        field.connect("activate") { activations += 1 }
        let window = shown(field)
        focus(field)
        MainLoop.run(until: { field.isOpen }, timeout: 2)
        key(GDK_KEY_Down, field)
        key(GDK_KEY_Down, field)
        key(GDK_KEY_Escape, field)
        key(GDK_KEY_Down, field)
        key(GDK_KEY_Return, field)
        MainLoop.run(until: { activations == 1 }, timeout: 2)
        #expect(focusIns == 1)
        #expect(keys.map { Int32(bitPattern: $0) } == [GDK_KEY_Down, GDK_KEY_Down, GDK_KEY_Escape, GDK_KEY_Down, GDK_KEY_Return])
        #expect(changed == ["apple", "banana", "cherry", "", "apple"], "every change once, no loop")
        #expect(picks == [0, 1, 2, 0])
        #expect(activations == 1)
        _ = window
    }

    @Test func anApplicationHandlerThatTakesAKeyStopsThePickerUsingIt() {
        let field = PickerField()
        field.connectEvent("key-press-event") { event in Int32(bitPattern: event.pointee.key.keyval) == GDK_KEY_Down }
        field.pickedIndex = 0
        let window = shown(field)
        focus(field)
        field.close()
        key(GDK_KEY_Down, field)
        #expect(field.pickedIndex == 0)
        key(GDK_KEY_Up, field)
        #expect(field.pickedIndex == 0)
        _ = window
    }

    // MARK: Accessibility

    @Test func theAccessibleIsANamedComboBoxWithThePickAsItsText() {
        let field = PickerField()
        let label = Label("Fruit")
        gtk_label_set_use_underline(label.cast(), 1)
        field.setLabel(label)
        let box = Box(vertical: true)
        box.append(label)
        let window = shown(field)
        _ = box
        #expect(atk_object_get_role(field.accessible) == ATK_ROLE_COMBO_BOX)
        #expect(String(cString: atk_object_get_name(field.accessible)) == "Fruit")
        #expect(states(field).isSuperset(of: [ATK_STATE_EXPANDABLE, ATK_STATE_FOCUSABLE]))
        #expect(!states(field).contains(ATK_STATE_EDITABLE))
        field.pickedIndex = 2
        #expect(accessibleText(field) == "cherry")
        field.open()
        #expect(states(field).contains(ATK_STATE_EXPANDED))
        _ = window
    }

    @Test func selectingARowThroughATKPicksItAndCloses() {
        let field = PickerField()
        var picks: [Int] = []
        field.onPick = { index, _ in picks.append(index) }
        let window = shown(field)
        field.open()
        window.waitForFrames()
        let list = field.listAccessible
        #expect(atk_object_get_role(list) == ATK_ROLE_LIST)
        var target: Int32 = -1
        for index in 0..<atk_object_get_n_accessible_children(list) {
            let row = atk_object_ref_accessible_child(list, index)!
            if String(cString: atk_object_get_name(row)) == "cherry" { target = index }
            g_object_unref(row)
        }
        #expect(target >= 0)
        atk_selection_add_selection(OpaquePointer(list), target)
        MainLoop.drain()
        #expect(field.text == "cherry" && !field.isOpen)
        #expect(picks == [0, 2])
    }

    // MARK: Lifetime

    @Test func aDestroyedFieldFreesItsWrappersAndClosures() {
        let before = LiveObjects.now
        do {
            let field = PickerField()
            field.onPick = { _, _ in _ = field }
            let window = shown(field)
            field.open()
            window.waitForFrames()
            field.onPick = nil
        }
        MainLoop.drain()
        #expect(LiveObjects.now == before)
    }
}
