import CEntryKit
import CGtk
import EntryKitTestSupport
import Foundation
import Testing

@testable import EntryKit

/// DropDownField on a real display, driven with pointer and key events as a user drives it.
@MainActor @Suite(.serialized) struct DropDownFieldTests {
    init() throws { try TestDisplay.require() }

    private let fruit = ["apple", "banana", "cherry"]

    /// A field in a window of `height` pixels, at the top (`atBottom` false) or the bottom, with
    /// `spaceBelow` pixels under it when at the bottom.
    private func fieldInWindow(
        items: [String], height: Int32 = 400, atBottom: Bool = false, spaceBelow: Int32 = 0
    ) -> (DropDownField, TestWindow) {
        let field = DropDownField()
        field.setItems(items)
        let column = Box(vertical: true)
        let spacer = Label("")
        if atBottom { column.append(spacer, expands: true) }
        column.append(field)
        if !atBottom { column.append(spacer, expands: true) }
        if spaceBelow > 0 {
            let space = Label("")
            gtk_widget_set_size_request(space.widget, -1, spaceBelow)
            column.append(space)
        }
        column.setMargins(20)
        let window = TestWindow(column, width: 360, height: height)
        gtk_widget_grab_focus(field.widget)
        return (field, window)
    }

    private func clickEntry(_ field: DropDownField) { TestInput.click(field, x: 20, y: 8) }

    /// Waits until the popover has finished sliding open or closed.
    private func waitForPopup(_ field: DropDownField, window: TestWindow) {
        MainLoop.run(until: { field.isOpen == field.popup.isVisible && (!field.isOpen || field.popup.isFullyRevealed) }, timeout: 5)
        window.waitForFrames()
    }

    private func rowTexts(_ field: DropDownField) -> [String] { (0..<field.list.rowCount).map(field.list.text(ofRow:)) }

    private func states(_ accessible: UnsafeMutablePointer<AtkObject>) -> Set<AtkStateType> {
        let set = atk_object_ref_state_set(accessible)!
        defer { g_object_unref(set) }
        return Set(
            [ATK_STATE_EXPANDABLE, ATK_STATE_EXPANDED, ATK_STATE_EDITABLE, ATK_STATE_FOCUSED].filter {
                atk_state_set_contains_state(set, $0) != 0
            })
    }

    private func origin(_ widget: UnsafeMutablePointer<GtkWidget>) -> (x: Int32, y: Int32) {
        var x: gint = 0, y: gint = 0
        gdk_window_get_origin(gtk_widget_get_window(widget), &x, &y)
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(widget, &allocation)
        return gtk_widget_get_has_window(widget) != 0 ? (x, y) : (x + allocation.x, y + allocation.y)
    }

    // MARK: Spec behaviour

    @Test func opensBelowWhenThereIsRoomAndAboveWhenNot() {
        let (top, topWindow) = fieldInWindow(items: fruit)
        clickEntry(top)
        waitForPopup(top, window: topWindow)
        #expect(top.isOpen)
        #expect(top.placement == .below)
        let entryTop = origin(top.widget).y, listTop = origin(top.list.canvas.widget).y
        let entryBottom = entryTop + gtk_widget_get_allocated_height(top.widget)
        #expect(abs(listTop - entryBottom) <= 1, "the list starts at the entry's bottom edge (\(listTop) vs \(entryBottom))")
        #expect(origin(top.list.canvas.widget).x == origin(top.widget).x, "and its left edge")
        topWindow.saveScreenshot("dropdown-below")

        let (bottom, bottomWindow) = fieldInWindow(items: fruit, atBottom: true)
        clickEntry(bottom)
        waitForPopup(bottom, window: bottomWindow)
        #expect(bottom.placement == .above)
        let listBottom = origin(bottom.list.canvas.widget).y + gtk_widget_get_allocated_height(bottom.list.canvas.widget)
        #expect(origin(bottom.list.canvas.widget).x == origin(bottom.widget).x)
        #expect(
            abs(listBottom - origin(bottom.widget).y) <= 1,
            "the list ends at the entry's top edge (\(listBottom) vs \(origin(bottom.widget).y))")
        bottomWindow.saveScreenshot("dropdown-above")
    }

    @Test func theThirtyPixelMarginDecidesThePlacement() {
        #expect(ChooserPopup.placement(listHeight: 100, roomBelow: 130) == .below)
        #expect(ChooserPopup.placement(listHeight: 100, roomBelow: 129) == .above)
        #expect(ChooserPopup.placement(listHeight: 100, roomBelow: 129, roomAbove: 130) == .above)
        // Room on neither side: the side with more, the list cut to fit.
        #expect(ChooserPopup.placement(listHeight: 100, roomBelow: 129, roomAbove: 40) == .below)
        #expect(ChooserPopup.placement(listHeight: 100, roomBelow: 40, roomAbove: 129) == .above)
        #expect(ChooserPopup.placement(listHeight: .max, roomBelow: 100, roomAbove: 50) == .below, "no overflow")
        // In a window: 3 rows of 30 px need 120 px below the entry. The entry sits 240 px down,
        // so the list always fits above it.
        let (field, window) = fieldInWindow(items: fruit, height: 420, atBottom: true, spaceBelow: 150)
        field.rowHeight = 30
        let room = field.popup.roomAroundEntry().below
        #expect(room == 150 + 20, "to the window's bottom edge, past the spacer and the 20 px margin")
        field.visibleRowCount = (room - 30) / 30  // fits with the margin
        field.setItems((0..<20).map { "Item \($0)" })
        field.open()
        #expect(field.placement == .below)
        field.close()
        waitForPopup(field, window: window)
        field.visibleRowCount = (room - 30) / 30 + 1  // one row too many
        field.open()
        #expect(field.placement == .above)
        waitForPopup(field, window: window)
    }

    /// A list that fits on neither side of the entry opens where there is more room, cut to the
    /// rows that fit there, and scrolls for the rest.
    @Test func aListTooTallForEitherSideIsCutToTheRoomOnTheLargerOne() {
        let (field, window) = fieldInWindow(items: (0..<100).map { "Item \($0)" }, height: 300)
        field.rowHeight = 30
        field.visibleRowCount = 50
        field.open()
        waitForPopup(field, window: window)
        #expect(field.placement == .below)
        let room = field.popup.roomAroundEntry().below
        let listHeight = Int(gtk_widget_get_allocated_height(field.list.canvas.widget))
        #expect(listHeight == (room - ChooserPopup.margin) / 30 * 30, "whole rows that fit above the margin")
        let listBottom = origin(field.list.canvas.widget).y + gtk_widget_get_allocated_height(field.list.canvas.widget)
        #expect(listBottom <= gtk_widget_get_allocated_height(window.window.widget))
        field.list.move(.last)
        #expect(field.list.highlightedRow == 99 && field.list.firstVisibleRow > 90, "it scrolls for the rest")
        field.close()
    }

    /// Settings past what a screen can show (a million rows on screen, rows taller than any
    /// display) open a list that fits the window, with no crash and no GTK warning.
    @Test func absurdSizesOpenAListThatFitsTheWindow() {
        let (field, window) = fieldInWindow(items: (0..<1_000_000).map { "Item \($0)" })
        field.visibleRowCount = Int.max
        field.rowHeight = Int.max
        field.open()
        waitForPopup(field, window: window)
        #expect(field.isOpen)
        let windowHeight = gtk_widget_get_allocated_height(window.window.widget)
        #expect(gtk_widget_get_allocated_height(field.list.widget) <= windowHeight)
        field.close()
        field.rowHeight = -5
        field.visibleRowCount = Int.min
        field.open()
        waitForPopup(field, window: window)
        #expect(field.list.rowHeight > 0 && field.visibleRowCount == 1)
        field.close()
    }

    /// New items keep the choice where its index still exists (the text follows to the item
    /// there) and end it elsewhere, a field that is not editable then showing nothing.
    @Test func newItemsKeepTheChoiceOnlyWhereItsIndexExists() {
        let field = DropDownField()
        field.setItems(["apple", "banana", "cherry"])
        field.selectedIndex = 1
        field.setItems(["x", "y", "z"])
        #expect(field.selectedIndex == 1 && field.text == "y")
        field.selectedIndex = 2
        field.setItems(["a", "b"])
        #expect(field.selectedIndex == nil && field.text.isEmpty)
    }

    /// Escape restores the choice with the text; turning free text off drops typed text that
    /// is no item.
    @Test func escapeRestoresTheChoiceAndEditableOffDropsFreeText() {
        let (field, window) = fieldInWindow(items: fruit)
        field.isEditable = true
        field.selectedIndex = 1
        field.open()
        window.waitForFrames()
        TestInput.type("x", in: field)
        TestInput.key(GDK_KEY_Escape, in: field)
        MainLoop.drain()
        #expect(field.text == "banana" && field.selectedIndex == 1)
        TestInput.type("zzz", in: field)
        TestInput.key(GDK_KEY_Return, in: field)
        MainLoop.drain()
        #expect(field.text.contains("zzz") && field.selectedIndex == nil)
        field.isEditable = false
        #expect(field.text.isEmpty)
    }

    /// Keys typed faster than a million-item filter: Down and Enter act on the rows that match
    /// the text typed, not on the rows shown before it.
    @Test func enterWhileAFilterIsUnderWayPicksFromItsResult() {
        let (field, window) = fieldInWindow(items: [])
        field.items = ListItems((0..<1_000_000).map { "Item \($0)" })
        field.isEditable = true
        field.list.filterWaitMilliseconds = 0  // every result comes later, through the loop
        var picked: [String] = []
        field.onSelect = { _, item in picked.append(item) }
        TestInput.type("99999", in: field)
        TestInput.key(GDK_KEY_Down, in: field)
        TestInput.key(GDK_KEY_Return, in: field)
        MainLoop.run(until: { false }, timeout: 0.5)
        // As with an instant filter: typing highlights the first match, Down moves to the second.
        #expect(picked == ["Item 199999"])
        _ = window
    }

    /// Type-ahead on the closed field starts from the choice, also one made in code.
    @Test func typeAheadStartsFromTheChoiceCodeMade() {
        let (field, window) = fieldInWindow(items: ["apple", "avocado", "banana", "apricot"])
        field.selectedIndex = 1
        TestInput.key(GDK_KEY_a, in: field)
        MainLoop.drain()
        #expect(field.selectedIndex == 3, "after avocado, the next a- item is apricot")
        _ = window
    }

    @Test func aClickOnAnItemPicksItAndCloses() {
        let (field, window) = fieldInWindow(items: fruit)
        var picked: [String] = []
        var events: [String] = []
        field.onSelect = { index, item in picked.append("\(index) \(item)") }
        field.onOpen = { events.append("open") }
        field.onClose = { events.append("close") }
        clickEntry(field)
        waitForPopup(field, window: window)
        let rowHeight = Double(field.list.rowHeight)
        TestInput.click(field.list.canvas, x: 10, y: rowHeight * 1.5)
        #expect(field.text == "banana")
        #expect(field.selectedIndex == 1)
        #expect(picked == ["1 banana"])
        #expect(!field.isOpen)
        #expect(events == ["open", "close"])
        waitForPopup(field, window: window)
        #expect(!field.popup.isVisible, "the popover is hidden once it has slid closed")
    }

    @Test func aSecondClickOrAClickOutsideClosesWithTheTextUnchanged() {
        let field = DropDownField()
        field.setItems(fruit)
        field.selectedIndex = 2
        let outside = Widget(transferFull: gtk_button_new_with_label("Elsewhere"))
        var outsideClicks = 0
        outside.connect("clicked") { outsideClicks += 1 }
        let column = Box(vertical: true, spacing: 200)
        column.append(field)
        column.append(outside)
        let window = TestWindow(column, height: 400)
        clickEntry(field)
        #expect(field.isOpen)
        waitForPopup(field, window: window)
        field.list.move(.first)  // highlighting is not picking
        clickEntry(field)
        #expect(!field.isOpen, "a second click closes")
        #expect(field.text == "cherry")
        waitForPopup(field, window: window)

        clickEntry(field)
        #expect(field.isOpen)
        TestInput.click(outside, x: 5, y: 5)
        #expect(!field.isOpen, "a click outside closes")
        #expect(field.text == "cherry")
        #expect(outsideClicks == 1, "and still reaches what it clicked")
        waitForPopup(field, window: window)
    }

    @Test func oneClickTogglesOnceWhetherMadeInCodeOrByGtkBuilder() throws {
        let (inCode, codeWindow) = fieldInWindow(items: fruit)
        for expected in [true, false, true, false] {
            clickEntry(inCode)
            #expect(inCode.isOpen == expected)
            waitForPopup(inCode, window: codeWindow)
        }
        #expect(inCode.toggleRequestCount == 4)

        let xml = """
            <interface>
              <object class="GtkBox" id="box">
                <property name="orientation">vertical</property>
                <child><object class="EkDropDownField" id="fruit"><property name="visible">True</property></object></child>
              </object>
            </interface>
            """
        let builder = GObjectReference(transferFull: gtk_builder_new_from_string(xml, -1)!)
        let object = try #require(gtk_builder_get_object(builder.cast(), "fruit"))
        let fromBuilder = DropDownField(wrapping: object)
        fromBuilder.setItems(fruit)
        let box = Widget(transferNone: gtk_builder_get_object(builder.cast(), "box")!)
        let window = TestWindow(box, height: 300)
        #expect(fromBuilder.typeName == "EkDropDownField")
        for expected in [true, false, true, false] {
            clickEntry(fromBuilder)
            #expect(fromBuilder.isOpen == expected)
            waitForPopup(fromBuilder, window: window)
        }
        #expect(fromBuilder.toggleRequestCount == 4, "one click, one toggle, from a builder file too")
    }

    @Test func withNoItemsItIsAnOrdinaryEditableEntry() {
        let (field, window) = fieldInWindow(items: [])
        clickEntry(field)
        #expect(!field.isOpen)
        #expect(!field.popup.isVisible)
        #expect(field.toggleRequestCount == 0)
        TestInput.key(GDK_KEY_Down, modifiers: GDK_MOD1_MASK, in: field)
        #expect(!field.isOpen)
        TestInput.type("hi", in: field)
        #expect(field.text == "hi", "typing types")
        #expect(atk_object_get_role(field.accessible) == ATK_ROLE_TEXT)
        #expect(states(field.accessible).isDisjoint(with: [ATK_STATE_EXPANDABLE, ATK_STATE_EXPANDED]))
        #expect(states(field.accessible).contains(ATK_STATE_EDITABLE))
        field.setItems(fruit)
        #expect(atk_object_get_role(field.accessible) == ATK_ROLE_COMBO_BOX)
        window.waitForFrames()
    }

    /// The field remembers its entry's `editable` instead of reading it back on every set, and
    /// forgets it when the entry notifies a change: other code making the entry read-only is
    /// undone by new items, as before.
    @Test func newItemsMakeAFreeTextEntryEditableAgainWhateverOtherCodeDid() {
        let field = DropDownField()
        field.isEditable = true
        field.setItems(fruit)
        let editable = OpaquePointer(field.object)
        #expect(gtk_editable_get_editable(editable) != 0)
        gtk_editable_set_editable(editable, 0)
        field.setItems(["kiwi", "lime"])
        #expect(gtk_editable_get_editable(editable) != 0, "free text: the entry is editable again")
        field.isEditable = false
        #expect(gtk_editable_get_editable(editable) == 0)
        gtk_editable_set_editable(editable, 1)
        field.setItems(fruit)
        #expect(gtk_editable_get_editable(editable) == 0, "an item only: the entry is read-only again")
        field.setItems([])
        #expect(gtk_editable_get_editable(editable) != 0, "no items: an ordinary editable entry")
    }

    /// GTK's accessible listens to every notification of the widget it serves but reads only
    /// GTK's own properties: the field's own are announced only when someone else listens,
    /// and the accessible, set aside only while the field asks, still hears GTK's afterwards.
    @Test func theAccessibleAloneDoesNotHearTheFieldsPropertiesAndStillHearsGtks() throws {
        let field = DropDownField()
        let accessible = GObjectReference(transferNone: field.accessible)
        let items = try #require(ChooserFieldProperty.items.spec)
        #expect(ek_chooser_entry_notify_is_heard(field.chooserEntry, items) == 0, "only the accessible listens")
        let everything = field.connect("notify", withPointer: { _ in })
        #expect(ek_chooser_entry_notify_is_heard(field.chooserEntry, items) != 0, "a listener to every property")
        everything.disconnect()
        let own = field.connect("notify::items", withPointer: { _ in })
        #expect(ek_chooser_entry_notify_is_heard(field.chooserEntry, items) != 0, "a listener to the property")
        own.disconnect()
        field.setItems(fruit)
        var changes: [String] = []
        let box = StateChanges { name, value in changes.append("\(name)=\(value)") }
        let handler = g_signal_connect_data(
            accessible.object, "state-change", unsafeBitCast(StateChanges.thunk, to: GCallback.self),
            Unmanaged.passUnretained(box).toOpaque(), nil, GConnectFlags(rawValue: 0))
        defer { g_signal_handler_disconnect(accessible.object, handler) }
        gtk_widget_set_sensitive(field.widget, 0)
        #expect(changes.contains("sensitive=false"), "GTK's own property still reaches the accessible")
    }

    @Test func animationTakesAboutAFifthOfASecondUnlessAnimationsAreOff() {
        let settings = GObjectReference(transferNone: gtk_settings_get_default()!)
        defer { ChooserPopup.setBoolean(settings, "gtk-enable-animations", true) }
        for animated in [true, false] {
            ChooserPopup.setBoolean(settings, "gtk-enable-animations", animated)
            let (field, window) = fieldInWindow(items: fruit)
            let start = ContinuousClock.now
            field.open()
            MainLoop.run(until: { field.popup.isFullyRevealed }, timeout: 5)
            let elapsed = ContinuousClock.now - start
            if animated {
                #expect(elapsed >= .milliseconds(150) && elapsed < .milliseconds(800), "slides open in about 0.2 s (\(elapsed))")
            } else {
                #expect(elapsed < .milliseconds(100), "opens at once without animations (\(elapsed))")
            }
            window.waitForFrames()
        }
    }

    // MARK: Keyboard

    @Test func theKeyboardTable() {
        let (field, window) = fieldInWindow(items: ["apple", "banana", "blueberry", "cherry", "date", "elderberry", "fig"])
        field.visibleRowCount = 3
        var picked: [String] = []
        field.onSelect = { _, item in picked.append(item) }

        TestInput.key(GDK_KEY_Down, modifiers: GDK_MOD1_MASK, in: field)
        #expect(field.isOpen, "Alt+Down opens")
        waitForPopup(field, window: window)  // a page is what is on screen
        #expect(field.list.highlightedRow == nil)
        TestInput.key(GDK_KEY_Down, in: field)
        TestInput.key(GDK_KEY_Down, in: field)
        #expect(field.list.highlightedRow == 1)
        TestInput.key(GDK_KEY_End, in: field)
        #expect(field.list.highlightedRow == 6)
        TestInput.key(GDK_KEY_Page_Up, in: field)
        #expect(field.list.highlightedRow == 4)
        TestInput.key(GDK_KEY_Home, in: field)
        #expect(field.list.highlightedRow == 0)
        TestInput.key(GDK_KEY_Page_Down, in: field)
        #expect(field.list.highlightedRow == 2)
        TestInput.key(GDK_KEY_Return, in: field)
        #expect(!field.isOpen, "Enter picks and closes")
        #expect(field.text == "blueberry")
        #expect(gtk_widget_is_focus(field.widget) != 0, "focus stayed in the entry")

        TestInput.key(GDK_KEY_Down, in: field)
        #expect(field.isOpen, "Down opens")
        #expect(field.list.highlightedRow == 3, "and moves on from the picked item")
        TestInput.key(GDK_KEY_Escape, in: field)
        #expect(!field.isOpen)
        #expect(field.text == "blueberry", "Escape closes, restoring the text")

        TestInput.key(GDK_KEY_F4, in: field)
        #expect(field.isOpen, "F4 opens")
        TestInput.key(GDK_KEY_Up, in: field)
        TestInput.key(GDK_KEY_Up, modifiers: GDK_MOD1_MASK, in: field)
        #expect(!field.isOpen, "Alt+Up closes")
        #expect(field.text == "banana", "picking the highlighted item, as a select's list does")
        TestInput.key(GDK_KEY_F4, in: field)
        TestInput.key(GDK_KEY_F4, in: field)
        #expect(!field.isOpen, "F4 closes")

        TestInput.type("c", in: field)
        #expect(!field.isOpen)
        #expect(field.text == "cherry", "typing while closed jumps to the next item starting with it")
        TestInput.type("x", in: field)
        #expect(field.text == "cherry", "a letter that finds nothing types nothing")
        #expect(picked == ["blueberry", "banana", "cherry"])
        window.waitForFrames()
    }

    @Test func enterAndEscapeWhileClosedGoToTheWindow() {
        let (field, window) = fieldInWindow(items: fruit)
        var activated = 0
        field.connect("activate") { activated += 1 }
        TestInput.key(GDK_KEY_Return, in: field)
        #expect(activated == 1, "Enter while closed activates the entry (and the dialog's default)")
        #expect(field.implementation.handleKey(keyval: guint(GDK_KEY_Escape), state: 0) == false, "Escape while closed is the window's")
        window.waitForFrames()
    }

    @Test func enterRightAfterAKeyboardPickReachesTheWindowsDefaultWhileTheListSlidesClosed() {
        let settings = GObjectReference(transferNone: gtk_settings_get_default()!)
        ChooserPopup.setBoolean(settings, "gtk-enable-animations", true)
        let field = DropDownField()
        field.setItems(fruit)
        let ok = Widget(transferFull: gtk_button_new_with_label("OK"))
        gtk_widget_set_can_default(ok.widget, 1)
        let column = Box(vertical: true)
        column.append(field)
        column.append(Label(""), expands: true)
        column.append(ok)
        let window = TestWindow(column, width: 360, height: 400)
        gtk_widget_grab_default(ok.widget)
        gtk_widget_grab_focus(field.widget)
        gtk_entry_set_activates_default(field.cast(), 1)
        var clicks = 0
        ok.connect("clicked") { clicks += 1 }

        TestInput.key(GDK_KEY_Down, in: field)
        waitForPopup(field, window: window)
        TestInput.key(GDK_KEY_Down, in: field)
        TestInput.key(GDK_KEY_Return, in: field)
        #expect(field.text == "banana")
        #expect(field.popup.isVisible, "the list is still sliding closed")
        #expect(gtk_widget_has_default(ok.widget) != 0, "OK stays the window's default while the list is up")
        TestInput.key(GDK_KEY_Return, in: field)
        MainLoop.run(until: { clicks > 0 }, timeout: 2)  // a button activated by a key clicks after 250 ms
        #expect(clicks == 1, "the second Enter activates the window's default (the dialog's OK)")
        waitForPopup(field, window: window)
        #expect(gtk_widget_has_default(ok.widget) != 0, "and it stays the default once the list is gone")
    }

    // MARK: Editable

    @Test func editableFieldsFilterAsYouTypeAndKeepFreeText() {
        let (field, window) = fieldInWindow(items: ["apple", "banana", "Mango", "cherry"])
        field.isEditable = true
        TestInput.type("an", in: field)
        #expect(field.text == "an")
        #expect(field.isOpen, "typing opens the list")
        #expect(rowTexts(field) == ["banana", "Mango"], "filtered, case-insensitively")
        waitForPopup(field, window: window)
        window.saveScreenshot("dropdown-filtered")
        TestInput.key(GDK_KEY_Return, in: field)
        #expect(field.text == "banana", "Enter picks the highlighted match")
        #expect(field.selectedIndex == 1)

        gtk_editable_delete_text(OpaquePointer(field.object), 0, -1)
        TestInput.type("kiwi", in: field)
        #expect(field.list.rowCount == 0)
        #expect(field.list.highlightedRow == nil)
        TestInput.key(GDK_KEY_Return, in: field)
        #expect(!field.isOpen)
        #expect(field.text == "kiwi", "Enter with no highlighted row keeps the typed text")
        #expect(field.selectedIndex == nil)
        #expect(field.list.emptyText == "No matches")
        window.waitForFrames()
    }

    // MARK: Accessibility

    @Test func itIsAComboBoxNamedByItsPlaceholderOrLabelControllingTheList() throws {
        let (field, window) = fieldInWindow(items: fruit)
        field.placeholderText = "Fruit"
        #expect(atk_object_get_role(field.accessible) == ATK_ROLE_COMBO_BOX)
        #expect(field.accessibleName == "Fruit")
        let label = Label("Favourite fruit")
        field.setLabel(label)
        #expect(field.accessibleName == "Favourite fruit", "a label names it before the placeholder")

        let relations = atk_object_ref_relation_set(field.accessible)!
        defer { g_object_unref(relations) }
        let relation = try #require(atk_relation_set_get_relation_by_type(relations, ATK_RELATION_CONTROLLER_FOR))
        let targets = atk_relation_get_target(relation)!
        #expect(targets.pointee.len == 1)
        #expect(targets.pointee.pdata[0] == UnsafeMutableRawPointer(field.listAccessible), "controller-for the list")

        var changes: [String] = []
        let accessible = GObjectReference(transferNone: field.accessible)
        let box = StateChanges { name, value in changes.append("\(name)=\(value)") }
        let handler = g_signal_connect_data(
            accessible.object, "state-change", unsafeBitCast(StateChanges.thunk, to: GCallback.self),
            Unmanaged.passUnretained(box).toOpaque(), nil, GConnectFlags(rawValue: 0))
        defer { g_signal_handler_disconnect(accessible.object, handler) }
        #expect(states(field.accessible).contains(ATK_STATE_EXPANDABLE))
        #expect(!states(field.accessible).contains(ATK_STATE_EXPANDED))
        field.open()
        #expect(states(field.accessible).contains(ATK_STATE_EXPANDED))
        field.close()
        #expect(!states(field.accessible).contains(ATK_STATE_EXPANDED))
        #expect(changes == ["expanded=true", "expanded=false"])
        waitForPopup(field, window: window)
    }

    @Test func theHighlightedRowIsTheEntrysActiveDescendant() {
        let (field, window) = fieldInWindow(items: fruit)
        var descendants: [String] = []
        let accessible = GObjectReference(transferNone: field.accessible)
        accessible.connect(
            "active-descendant-changed",
            withPointer: { row in
                descendants.append(atk_object_get_name(row!.assumingMemoryBound(to: AtkObject.self)).map { String(cString: $0) } ?? "")
            })
        TestInput.key(GDK_KEY_Down, in: field)
        waitForPopup(field, window: window)
        TestInput.key(GDK_KEY_Down, in: field)
        #expect(descendants == ["apple", "banana"])
        waitForPopup(field, window: window)
    }

    /// A screen reader speaks the new active descendant with its place among the list's children
    /// (Orca: "List with 3 items. banana. 2 of 3."), so on opening they must already be the rows
    /// on screen, not those of a list not yet laid out.
    @Test func onOpeningThePickedRowIsAnnouncedAmongTheRowsOnScreen() {
        let (field, window) = fieldInWindow(items: fruit)
        field.selectedIndex = 1
        var announced: [String] = []
        let accessible = GObjectReference(transferNone: field.accessible)
        accessible.connect(
            "active-descendant-changed",
            withPointer: { pointer in
                let row = pointer!.assumingMemoryBound(to: AtkObject.self)
                let name = atk_object_get_name(row).map { String(cString: $0) } ?? ""
                let list = atk_object_get_parent(row)!
                announced.append("\(name) \(atk_object_get_index_in_parent(row) + 1) of \(atk_object_get_n_accessible_children(list))")
            })
        TestInput.key(GDK_KEY_Down, modifiers: GDK_MOD1_MASK, in: field)
        #expect(announced == ["banana 2 of 3"])
        waitForPopup(field, window: window)
    }

    @Test func choosingARowThroughAtkSelectionPicksItAsAClickDoes() {
        let (field, window) = fieldInWindow(items: fruit)
        var picked: [Int] = []
        field.onSelect = { index, _ in picked.append(index) }
        field.open()
        waitForPopup(field, window: window)
        #expect(atk_selection_add_selection(OpaquePointer(field.listAccessible), 2) != 0)
        MainLoop.run(until: { !picked.isEmpty }, timeout: 5)
        #expect(picked == [2])
        #expect(field.text == "cherry")
        #expect(!field.isOpen)
        waitForPopup(field, window: window)
    }

    // MARK: Localization and ownership

    @Test func theEmptyStateFollowsTheLanguage() {
        let field = DropDownField()
        let strings = LocalizedText.localization
        let before = strings.currentLanguage
        defer { strings.setLanguage(before) }
        strings.setLanguage("ja")
        MainLoop.drain()
        #expect(field.list.emptyText == strings.string("No matches"))
        #expect(field.list.emptyText != "No matches", "Japanese has its own text")
        strings.setLanguage("en")
        MainLoop.drain()
        #expect(field.list.emptyText == "No matches")
    }

    @Test func aFieldOpenedAndDroppedFreesEverything() {
        MainLoop.drain()
        let before = LiveObjects.now
        var probes: [GObjectFinalizationProbe] = []
        do {
            let (field, window) = fieldInWindow(items: fruit)
            probes = [GObjectFinalizationProbe(field), GObjectFinalizationProbe(field.popup.popover), GObjectFinalizationProbe(field.list)]
            field.open()
            waitForPopup(field, window: window)
            field.list.move(.next)
        }
        MainLoop.drain()
        expectFinalized(probes, "the field, its popover and its list")
        #expect(LiveObjects.now == before)
    }
}

/// Records ATK `state-change` emissions (a signal with a string and a boolean).
private final class StateChanges: @unchecked Sendable {  // reached only on the GTK thread
    let record: @MainActor (String, Bool) -> Void
    init(_ record: @escaping @MainActor (String, Bool) -> Void) { self.record = record }

    static let thunk: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, gboolean, UnsafeMutableRawPointer?) -> Void = {
        _, name, value, data in
        let box = Unmanaged<StateChanges>.fromOpaque(data!).takeUnretainedValue()
        let text = String(cString: name!)
        MainActor.assumeIsolated { box.record(text, value != 0) }
    }
}
