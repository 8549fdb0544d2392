import CEntryKit
import CGtk
import EntryKitTestSupport
import Testing

@testable import EntryKit

/// What C, Python, JavaScript, Vala and builder files see of the fields: GObject properties that
/// reach the Swift field and notify when it changes, and signals for its events.
@MainActor @Suite(.serialized) struct ObjectPropertiesTests {
    init() throws { try TestDisplay.require() }

    private func setStrings(_ object: UnsafeMutablePointer<GObject>, _ name: String, _ strings: [String]) {
        var value = GValue()
        g_value_init(&value, g_strv_get_type())
        let vector = g_malloc0_n(gsize(strings.count + 1), gsize(MemoryLayout<UnsafeMutablePointer<gchar>?>.stride))!
            .assumingMemoryBound(to: UnsafeMutablePointer<gchar>?.self)
        for (index, string) in strings.enumerated() { vector[index] = g_strdup(string) }
        g_value_take_boxed(&value, vector)
        g_object_set_property(object, name, &value)
        g_value_unset(&value)
    }

    private func strings(_ object: UnsafeMutablePointer<GObject>, _ name: String) -> [String] {
        var value = GValue()
        g_value_init(&value, g_strv_get_type())
        defer { g_value_unset(&value) }
        g_object_get_property(object, name, &value)
        guard let vector = g_value_get_boxed(&value)?.assumingMemoryBound(to: UnsafeMutablePointer<gchar>?.self) else { return [] }
        var result: [String] = []
        while let string = vector[result.count] { result.append(String(cString: string)) }
        return result
    }

    private func integer(_ object: UnsafeMutablePointer<GObject>, _ name: String) -> Int {
        var value = GValue()
        g_value_init(&value, FundamentalType.int.type)
        defer { g_value_unset(&value) }
        g_object_get_property(object, name, &value)
        return Int(g_value_get_int(&value))
    }

    private func setInteger(_ object: UnsafeMutablePointer<GObject>, _ name: String, _ integer: Int) {
        var value = GValue()
        g_value_init(&value, FundamentalType.int.type)
        g_value_set_int(&value, gint(integer))
        g_object_set_property(object, name, &value)
        g_value_unset(&value)
    }

    @Test func propertiesReachTheFieldAndNotifyWhenItChanges() {
        let field = DropDownField()
        setStrings(field.object, "items", ["apple", "banana", "cherry"])
        #expect(Array(field.items) == ["apple", "banana", "cherry"])
        var notified: [Int] = []
        field.connect("notify::selected-index", withPointer: { [unowned field] _ in notified.append(field.selectedIndex ?? -1) })
        setInteger(field.object, "selected-index", 2)
        #expect(field.selectedIndex == 2 && field.text == "cherry")
        field.selectedIndex = 2  // unchanged: no notification
        field.selectedIndex = 0
        setInteger(field.object, "selected-index", 7)  // out of range: refused, kept
        #expect(notified == [2, 0])
        #expect(integer(field.object, "selected-index") == 0)
        setInteger(field.object, "row-height", 0)
        #expect(field.rowHeight == nil)
        setInteger(field.object, "visible-row-count", 9)
        #expect(field.visibleRowCount == 9 && integer(field.object, "visible-row-count") == 9)
        field.items = ListItems(["x", "y"])
        #expect(strings(field.object, "items") == ["x", "y"])
    }

    @Test func signalsTellWhatTheUserDid() {
        let field = DropDownField()
        field.setItems(["apple", "banana"])
        let window = TestWindow(field)
        let record: @convention(c) (UnsafeMutableRawPointer?, gint, UnsafePointer<gchar>?, UnsafeMutableRawPointer?) -> Void = {
            _, index, item, data in
            let log = Unmanaged<SignalLog>.fromOpaque(data!).takeUnretainedValue()
            log.lines.append("selected \(index) \(String(cString: item!))")
        }
        let opened: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            Unmanaged<SignalLog>.fromOpaque(data!).takeUnretainedValue().lines.append("opened")
        }
        let log = SignalLog()
        let data = Unmanaged.passUnretained(log).toOpaque()
        g_signal_connect_data(field.object, "selected", unsafeBitCast(record, to: GCallback.self), data, nil, GConnectFlags(0))
        g_signal_connect_data(field.object, "opened", unsafeBitCast(opened, to: GCallback.self), data, nil, GConnectFlags(0))
        field.open()
        field.implementation.pick(1)
        #expect(log.lines == ["opened", "selected 1 banana"])
        _ = window
    }

    @Test func aBuilderFilesPropertiesReachTheFieldWrappedAfterwards() throws {
        let xml = """
            <interface><object class="GtkBox" id="box">
              <child><object class="EkDropDownField" id="fruit">
                <property name="selected-index">1</property>
                <property name="items">apple
            banana
            cherry</property>
                <property name="free-text">True</property>
                <property name="visible-row-count">2</property>
              </object></child>
              <child><object class="EkPickerField" id="size">
                <property name="picked-index">2</property>
                <property name="items">S
            M
            L</property>
              </object></child>
            </object></interface>
            """
        let builder = GObjectReference(transferFull: gtk_builder_new_from_string(xml, -1)!)
        let fruitObject = try #require(gtk_builder_get_object(builder.cast(), "fruit"))
        // Before it is wrapped, the object still answers with what it was given.
        #expect(integer(fruitObject, "selected-index") == 1)
        let fruit = DropDownField(wrapping: fruitObject)
        #expect(Array(fruit.items) == ["apple", "banana", "cherry"])
        #expect(fruit.selectedIndex == 1 && fruit.text == "banana")
        #expect(fruit.isEditable && fruit.visibleRowCount == 2)
        let size = PickerField(wrapping: try #require(gtk_builder_get_object(builder.cast(), "size")))
        #expect(size.pickedIndex == 2 && size.text == "L", "an index given before the items is checked when they come")
    }

    /// Counts `notify::NAME` emissions on `object`.
    private func countNotifications(_ field: GObjectReference, _ name: String) -> NotificationCount {
        let count = NotificationCount()
        field.connect("notify::\(name)", withPointer: { _ in count.value += 1 })
        return count
    }

    @Test func everySharedPropertyHasATypedSetterAndGetterThatReachTheField() {
        let field = DropDownField()
        let base = field.chooserField
        ek_chooser_field_set_row_height(base, 31)
        #expect(field.rowHeight == 31 && ek_chooser_field_get_row_height(base) == 31)
        ek_chooser_field_set_list_font(base, "Serif 14")
        #expect(field.listFont == "Serif 14" && string(field.object, "list-font") == "Serif 14")
        ek_chooser_field_set_list_border_color(base, "#c0c0c0")
        #expect(field.listBorderColor == "#c0c0c0")
        let color = ek_chooser_field_get_list_border_color(base)
        #expect(color.map { String(cString: $0) } == "#c0c0c0")
        g_free(color)
        ek_drop_down_field_set_free_text(field.opaque, 1)
        #expect(field.isEditable && ek_drop_down_field_get_free_text(field.opaque) != 0)
        field.setItems(["apple", "banana"])
        let window = TestWindow(field)
        ek_chooser_field_open(base)
        #expect(field.isOpen && ek_chooser_field_get_is_open(base) != 0)
        ek_chooser_field_close(base)
        #expect(!field.isOpen)
        _ = window
        let picker = PickerField()
        ek_chooser_field_set_row_height(picker.chooserField, 40)
        #expect(picker.rowHeight == 40 && picker.effectiveRowHeight == 40, "the picker's wheel takes the shared row height")
    }

    @Test func theListPlaceholderTextIsSettableFromSwiftCAndTheObject() {
        let field = DropDownField()
        let localized = field.list.emptyText
        #expect(!localized.isEmpty, "the localized default shows first")
        field.listPlaceholderText = "No fruit like that"
        #expect(field.list.emptyText == "No fruit like that")
        #expect(string(field.object, "list-placeholder-text") == "No fruit like that")
        let notified = countNotifications(field, "list-placeholder-text")
        ek_chooser_field_set_list_placeholder_text(field.chooserField, "Nothing here")
        #expect(field.listPlaceholderText == "Nothing here" && field.list.emptyText == "Nothing here")
        setString(field.object, "list-placeholder-text", nil)
        #expect(field.listPlaceholderText == nil && field.list.emptyText == localized, "nil goes back to the localized text")
        #expect(notified.value == 2)
        let picker = PickerField()
        setString(picker.object, "list-placeholder-text", "Pick nothing")
        #expect(picker.list.emptyText == "Pick nothing")
    }

    /// The property added in two files (the public header and ChooserFieldImplementation.swift).
    @Test func theListTransitionDurationIsSettableFromSwiftCAndTheObject() {
        let field = DropDownField()
        #expect(field.listTransitionDuration == 200 && integer(field.object, "list-transition-duration") == 200)
        let notified = countNotifications(field, "list-transition-duration")
        field.listTransitionDuration = 120
        #expect(gtk_revealer_get_transition_duration(field.popup.revealer.cast()) == 120, "the list slides for that long")
        ek_chooser_field_set_list_transition_duration(field.chooserField, 0)
        #expect(field.listTransitionDuration == 0 && ek_chooser_field_get_list_transition_duration(field.chooserField) == 0)
        setInteger(field.object, "list-transition-duration", 0)  // unchanged: no notification
        setInteger(field.object, "list-transition-duration", 350)
        #expect(field.listTransitionDuration == 350)
        #expect(notified.value == 3)
        let picker = PickerField()
        setInteger(picker.object, "list-transition-duration", 50)
        #expect(picker.popup.animationDuration == 50)
    }

    @Test func anAccessorGivenAnotherTypeReportsItAsGLibDoesAndChangesNothing() {
        let entry = Widget(transferFull: gtk_entry_new())
        let picker = PickerField()
        let criticals = loggedCriticals {
            ek_chooser_field_set_row_height(UnsafeMutableRawPointer(entry.widget).assumingMemoryBound(to: EkChooserField.self), 40)
            ek_drop_down_field_set_selected_index(picker.opaque, 1)  // a chooser field, but not a drop-down
        }
        #expect(
            criticals == [
                "ek_chooser_field_set_row_height: assertion 'G_TYPE_CHECK_INSTANCE_TYPE (object, EkChooserField)' failed",
                "ek_drop_down_field_set_selected_index: assertion 'G_TYPE_CHECK_INSTANCE_TYPE (object, EkDropDownField)' failed",
            ])
        #expect(picker.pickedIndex == -1 && picker.rowHeight == nil)
    }

    @Test func theSameItemsAgainNotifyNoOne() {
        let field = DropDownField()
        let notified = countNotifications(field, "items")
        setStrings(field.object, "items", ["apple", "banana"])
        setStrings(field.object, "items", ["apple", "banana"])
        field.items = ListItems(["apple", "banana"])
        #expect(notified.value == 1)
        setStrings(field.object, "items", ["apple", "bananas"])
        #expect(notified.value == 2)
        let picker = PickerField()
        let pickerNotified = countNotifications(picker, "items")
        picker.setItems(["S", "M"])
        picker.setItems(["S", "M"])
        setStrings(picker.object, "items", ["S", "M"])
        #expect(pickerNotified.value == 1)
    }

    @Test func anIndexSetBeforeTheItemsWaitsForThemInBothFields() {
        let field = DropDownField()
        setInteger(field.object, "selected-index", 2)
        #expect(field.selectedIndex == 2 && field.text.isEmpty)
        setStrings(field.object, "items", ["apple", "banana", "cherry"])
        #expect(field.selectedIndex == 2 && field.text == "cherry")
        let picker = PickerField()
        setInteger(picker.object, "picked-index", 1)
        setStrings(picker.object, "items", ["S", "M", "L"])
        #expect(picker.pickedIndex == 1 && picker.text == "M")
    }

    @Test func anIndexOutOfRangeIsRefusedWithAWarningByBothFields() {
        let field = DropDownField()
        field.setItems(["apple", "banana"])
        field.selectedIndex = 1
        setInteger(field.object, "selected-index", 5)
        #expect(field.selectedIndex == 1)
        #expect(field.lastRefusal?.contains("selectedIndex 5 is out of range") == true)
        let waiting = DropDownField()
        waiting.selectedIndex = 4
        waiting.setItems(["apple"])
        #expect(waiting.selectedIndex == nil && waiting.text.isEmpty)
        #expect(waiting.lastRefusal?.contains("selectedIndex 4 is out of range for 1 items") == true)
        let picker = PickerField()
        picker.setItems(["S"])
        setInteger(picker.object, "picked-index", 3)
        #expect(picker.pickedIndex == -1 && picker.lastRefusal?.contains("pickedIndex 3") == true)
    }

    private func bytes(_ text: String) -> OpaquePointer {
        Array(text.utf8).withUnsafeBufferPointer { g_bytes_new($0.baseAddress, gsize($0.count))! }
    }

    @Test func itemsFromOneBufferReachEitherField() throws {
        let lines = bytes("apple\nbanana\nCrème\n")
        defer { g_bytes_unref(lines) }
        let field = DropDownField()
        let notified = countNotifications(field, "items")
        ek_chooser_field_set_items_from_bytes(field.chooserField, lines, nil)  // NULL: lines
        #expect(Array(field.items) == ["apple", "banana", "Crème"])
        #expect(notified.value == 1)
        let sizes = bytes("S, M, L")
        defer { g_bytes_unref(sizes) }
        let picker = PickerField()
        ek_chooser_field_set_items_from_bytes(picker.chooserField, sizes, ", ")
        #expect(Array(picker.items) == ["S", "M", "L"])
        ek_chooser_field_set_items_from_bytes(picker.chooserField, nil, ",")
        #expect(picker.items.isEmpty)
        // A field made from C has its behaviour from the start: the items are its before any handle.
        let object = g_object_ref_sink(ek_drop_down_field_new())!.assumingMemoryBound(to: GObject.self)
        defer { g_object_unref(object) }
        object.withMemoryRebound(to: EkChooserField.self, capacity: 1) { ek_chooser_field_set_items_from_bytes($0, lines, "\n") }
        #expect(strings(object, "items") == ["apple", "banana", "Crème"])
        #expect(Array(DropDownField(wrapping: object).items) == ["apple", "banana", "Crème"])
    }

    @Test func itemsFromTheCallersMemoryAreCopiedDuringTheCall() {
        let field = DropDownField()
        let notified = countNotifications(field, "items")
        var text = Array("apple\nbanana\nCrème".utf8)
        text.withUnsafeBufferPointer { ek_chooser_field_set_items_from_data(field.chooserField, $0.baseAddress, gsize($0.count), nil) }
        // The caller may reuse its buffer at once: the field kept none of it.
        text.withUnsafeMutableBufferPointer { $0.update(repeating: UInt8(ascii: "x")) }
        #expect(Array(field.items) == ["apple", "banana", "Crème"])
        #expect(notified.value == 1)
        let picker = PickerField()
        Array("S|M|L".utf8).withUnsafeBufferPointer {
            ek_chooser_field_set_items_from_data(picker.chooserField, $0.baseAddress, gsize($0.count), "|")
        }
        #expect(Array(picker.items) == ["S", "M", "L"])
        ek_chooser_field_set_items_from_data(picker.chooserField, nil, 0, "|")
        #expect(picker.items.isEmpty)
    }

    /// A field announces a change only when someone listens (GLib 2.74 would emit it to no
    /// one all the same): a listener to every property counts as one, as does one to the
    /// property itself.
    @Test func aChangeReachesListenersToEveryPropertyAndToItsOwn() {
        let field = DropDownField()
        let everything = NotificationCount()
        field.connect("notify", withPointer: { _ in everything.value += 1 })
        field.setItems(["apple", "banana"])
        #expect(everything.value >= 1, "a listener to every property hears of the items")
        let before = everything.value
        let items = countNotifications(field, "items")
        field.setItems(["cherry"])
        #expect(items.value == 1 && everything.value > before)
        let picker = PickerField()
        let pickerItems = countNotifications(picker, "items")
        picker.setItems(["S", "M"])
        #expect(pickerItems.value == 1)
    }

    @Test func aFieldMadeInCHasItsBehaviourFromConstructionAndReleasesItWhenDisposed() {
        let before = GObjectReference.liveCount
        let object = UnsafeMutableRawPointer(ek_drop_down_field_new()!).assumingMemoryBound(to: GObject.self)
        g_object_ref_sink(object)
        let probe = GObjectFinalizationProbe(object: object)
        let field = object.withMemoryRebound(to: EkChooserField.self, capacity: 1) { $0 }
        #expect(ek_chooser_field_implementation(field) != nil, "no field exists without its behaviour")
        #expect(GObjectReference.liveCount > before, "the behaviour, owned by the object, and its popup")
        // Before any handle exists, C reaches the Swift field: typed setters, notifications.
        let items = ["apple", "banana"]
        var pointers = items.map { UnsafePointer(g_strdup($0)) } + [nil]
        ek_chooser_field_set_items(field, &pointers)
        for pointer in pointers { g_free(UnsafeMutableRawPointer(mutating: pointer)) }
        setInteger(object, "selected-index", 1)
        #expect(strings(object, "items") == items && integer(object, "selected-index") == 1)
        do {
            // A handle adopts the same behaviour: what C set is there.
            let handle = DropDownField(wrapping: object)
            #expect(handle.selectedIndex == 1 && handle.text == "banana")
            let other = DropDownField(wrapping: object)
            #expect(other.implementation === handle.implementation, "one object, one identity")
        }
        gtk_widget_destroy(UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWidget.self))
        #expect(ek_chooser_field_implementation(field) == nil, "released when disposed")
        ek_chooser_field_set_row_height(field, 9)  // a disposed field ignores calls
        g_object_unref(object)
        MainLoop.drain()
        #expect(probe.isFinalized)
        #expect(GObjectReference.liveCount == before)
    }

    @Test func aBuilderFieldBehavesBeforeAnyHandleWrapsIt() throws {
        let xml = """
            <interface><object class="GtkWindow" id="window">
              <child><object class="EkDropDownField" id="fruit">
                <property name="selected-index">2</property>
                <property name="items">apple
            banana
            cherry</property>
              </object></child>
            </object></interface>
            """
        let builder = GObjectReference(transferFull: gtk_builder_new_from_string(xml, -1)!)
        let window = try #require(gtk_builder_get_object(builder.cast(), "window"))
        let fruit = try #require(gtk_builder_get_object(builder.cast(), "fruit"))
        // The text is the Swift field's doing: without it the entry would be empty.
        #expect(String(cString: gtk_entry_get_text(UnsafeMutableRawPointer(fruit).assumingMemoryBound(to: GtkEntry.self))) == "cherry")
        #expect(ek_drop_down_field_get_selected_index(OpaquePointer(fruit)) == 2)
        gtk_widget_destroy(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWidget.self))
    }
}

private final class NotificationCount {
    var value = 0
}

private final class SignalLog {
    var lines: [String] = []
}
