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
        field.pick(1)
        #expect(log.lines == ["opened", "selected 1 banana"])
        _ = window
    }

    @Test func aBuilderFilesPropertiesReachTheFieldWrappedAfterwards() throws {
        let xml = """
            <interface><object class="GtkBox" id="box">
              <child><object class="EkDropDownField" id="fruit">
                <property name="items">apple
            banana
            cherry</property>
                <property name="selected-index">1</property>
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

    private func bytes(_ text: String) -> OpaquePointer {
        Array(text.utf8).withUnsafeBufferPointer { g_bytes_new($0.baseAddress, gsize($0.count))! }
    }

    @Test func itemsFromOneBufferReachTheFieldWrappedOrNot() throws {
        let lines = bytes("apple\nbanana\nCrème\n")
        defer { g_bytes_unref(lines) }
        let field = DropDownField()
        var notified = 0
        field.connect("notify::items", withPointer: { _ in notified += 1 })
        ek_drop_down_field_set_items_from_bytes(OpaquePointer(field.object), lines, nil)  // NULL: lines
        #expect(Array(field.items) == ["apple", "banana", "Crème"])
        #expect(notified == 1)
        let sizes = bytes("S, M, L")
        defer { g_bytes_unref(sizes) }
        let picker = PickerField()
        ek_picker_field_set_items_from_bytes(OpaquePointer(picker.object), sizes, ", ")
        #expect(Array(picker.items) == ["S", "M", "L"])
        ek_picker_field_set_items_from_bytes(OpaquePointer(picker.object), nil, ",")
        #expect(picker.items.isEmpty)
        // A field made from C has no wrapper in a Swift program until Swift wraps it: the items
        // go through the property, which keeps them for the wrapper.
        let object = g_object_ref_sink(ek_drop_down_field_new())!.assumingMemoryBound(to: GObject.self)
        defer { g_object_unref(object) }
        ek_drop_down_field_set_items_from_bytes(OpaquePointer(object), lines, "\n")
        #expect(strings(object, "items") == ["apple", "banana", "Crème"])
        let wrapped = DropDownField(wrapping: object)
        #expect(Array(wrapped.items) == ["apple", "banana", "Crème"])
    }

    @Test func aFieldThatOwnsItsWrapperReleasesItWhenDestroyed() {
        let before = GObjectReference.liveCount
        let object = UnsafeMutableRawPointer(ek_drop_down_field_new()!).assumingMemoryBound(to: GObject.self)
        g_object_ref_sink(object)
        let probe = GObjectFinalizationProbe(object: object)
        do {
            let field = DropDownField(attachedTo: object)
            field.setItems(["apple"])
        }
        #expect(GObjectReference.liveCount > before, "the object keeps its wrapper alive")
        setInteger(object, "selected-index", 0)
        #expect(integer(object, "selected-index") == 0)
        gtk_widget_destroy(UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWidget.self))
        g_object_unref(object)  // destroyed twice over: destroy, then the last reference
        MainLoop.drain()
        #expect(probe.isFinalized)
        #expect(GObjectReference.liveCount == before)
    }
}

private final class SignalLog {
    var lines: [String] = []
}
