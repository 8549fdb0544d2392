import CEntryKit
import CGtk
import EntryKitList
import Synchronization

/// The behaviour behind EntryKit's C types, so C, Python, JavaScript and Vala get the Swift
/// widgets themselves, not a second copy: `EkDropDownField` and `EkPickerField` are driven by
/// ``DropDownField`` and ``PickerField`` (their GObject properties, methods and signals),
/// `EkAccountPanel` by ``AccountPanel``.
///
/// A Swift application installs it when GTK starts (``GtkRuntime/initialize(environment:)``),
/// without attaching: there Swift makes and wraps every field itself, and `g_object_set` or a
/// builder file's properties reach the wrapper. The shared library (`libentrykit-1.0`) installs
/// it attaching: every field constructed from C or a binding gets its Swift wrapper at once,
/// owned by the object.
@MainActor
package enum ObjectImplementation {
    private nonisolated static let installed = Atomic<Bool>(false)

    /// Installs the implementation once; `attachingFields` as the library does. Nonisolated: the
    /// library installs it while it is being loaded, before the Swift runtime's main queue is
    /// set up; it only hands C the function pointers, which run later on GTK's thread.
    package nonisolated static func install(attachingFields: Bool) {
        guard installed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
            return
        }
        // The calls come from GTK's thread, where the main actor runs; the pointers they carry
        // are GTK's, used on that thread only.
        var implementation = EkImplementation()
        implementation.field_constructed = { object in
            nonisolated(unsafe) let object = object!
            MainActor.assumeIsolated { ObjectImplementation.attachField(object) }
        }
        implementation.field_set_property = { object, property, value in
            nonisolated(unsafe) let (object, value) = (object!, value!)
            return MainActor.assumeIsolated { ObjectImplementation.setProperty(of: object, property, to: value) ? 1 : 0 }
        }
        implementation.field_get_property = { object, property, value in
            nonisolated(unsafe) let (object, value) = (object!, value!)
            return MainActor.assumeIsolated { ObjectImplementation.getProperty(of: object, property, into: value) ? 1 : 0 }
        }
        implementation.field_set_open = { object, open in
            nonisolated(unsafe) let object = object!
            MainActor.assumeIsolated {
                guard let field = ChooserField.wrapper(of: object) else { return }
                if open != 0 { field.open() } else { field.close() }
            }
        }
        implementation.panel_ask = { panel, parent, task in
            nonisolated(unsafe) let (panel, parent, task) = (panel!, parent, task!)
            MainActor.assumeIsolated { ObjectImplementation.askAccount(panel, parent, task) }
        }
        implementation.panel_cancel = { task in
            nonisolated(unsafe) let task = task!
            MainActor.assumeIsolated { ObjectImplementation.cancelAccount(task) }
        }
        if !attachingFields { implementation.field_constructed = nil }
        ek_set_implementation(&implementation)
    }

    // MARK: Fields

    private static func attachField(_ object: UnsafeMutablePointer<GObject>) {
        guard ChooserField.madeForSwift == 0 else { return }  // Swift wraps it itself
        if ek_is_a(object, ek_drop_down_field_get_type()) != 0 {
            _ = DropDownField(attachedTo: object)
        } else if ek_is_a(object, ek_picker_field_get_type()) != 0 {
            _ = PickerField(attachedTo: object)
        }
    }

    /// Sets a property on the field's wrapper; false when it has none (yet), and C keeps the value.
    private static func setProperty(
        of object: UnsafeMutablePointer<GObject>, _ property: EkFieldProperty, to value: UnsafePointer<GValue>
    ) -> Bool {
        guard let field = ChooserField.wrapper(of: object) else { return false }
        switch property {
        case EK_FIELD_PROPERTY_VISIBLE_ROW_COUNT: field.visibleRowCount = Int(g_value_get_int(value))
        default:
            if let dropDown = field as? DropDownField {
                dropDown.setProperty(property, to: value)
            } else if let picker = field as? PickerField {
                picker.setProperty(property, to: value)
            }
        }
        return true
    }

    /// Reads a property from the field's wrapper; false when it has none (yet).
    private static func getProperty(
        of object: UnsafeMutablePointer<GObject>, _ property: EkFieldProperty, into value: UnsafeMutablePointer<GValue>
    ) -> Bool {
        guard let field = ChooserField.wrapper(of: object) else { return false }
        switch property {
        case EK_FIELD_PROPERTY_VISIBLE_ROW_COUNT: g_value_set_int(value, gint(clamping: field.visibleRowCount))
        case EK_FIELD_PROPERTY_IS_OPEN: g_value_set_boolean(value, field.isOpen ? 1 : 0)
        default:
            if let dropDown = field as? DropDownField {
                dropDown.getProperty(property, into: value)
            } else if let picker = field as? PickerField {
                picker.getProperty(property, into: value)
            }
        }
        return true
    }

    // MARK: The account panel

    /// Requests on screen or waiting, by their task, for the cancellable.
    private static var tickets: [UnsafeMutableRawPointer: AccountPanel.Ticket] = [:]

    private static func askAccount(_ panel: OpaquePointer, _ parent: UnsafeMutablePointer<GtkWindow>?, _ task: OpaquePointer) {
        let key = UnsafeMutableRawPointer(task)
        var request = AccountRequest(title: String(cString: ek_account_panel_get_title(panel)))
        request.message = ek_account_panel_get_message(panel).map { String(cString: $0) }
        request.username = ek_account_panel_get_username(panel).map { String(cString: $0) }
        request.requiresUsername = ek_account_panel_get_requires_username(panel) != 0
        request.requiresPassword = ek_account_panel_get_requires_password(panel) != 0
        if ek_account_panel_validates(panel) != 0 {
            request.validate = { username, password in
                password.withUnsafeBytes { bytes in
                    let message = ek_account_panel_validate(
                        panel, username, bytes.baseAddress?.assumingMemoryBound(to: guint8.self), gsize(bytes.count))
                    defer { g_free(message) }
                    return message.map { String(cString: $0) }
                }
            }
        }
        let window = parent.map { Window(window: UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWidget.self)) }
        // Completion may run at once (a parent already destroyed): the ticket is stored first.
        var finished = false
        let ticket = AccountPanel.showSecurely(request, parent: window) { accepted, username, password in
            finished = true
            tickets[key] = nil
            // Copied into a locked mapping of its own, which outlives the dialog's buffer.
            let copy = password.flatMap { password in
                password.withUnsafeBytes { bytes in
                    ek_password_new(bytes.baseAddress?.assumingMemoryBound(to: guint8.self), gsize(bytes.count))
                }
            }
            ek_account_panel_complete(task, accepted ? 1 : 0, username, copy)
        }
        if !finished { tickets[key] = ticket }
    }

    private static func cancelAccount(_ task: OpaquePointer) {
        guard let ticket = tickets[UnsafeMutableRawPointer(task)] else { return }
        AccountPanel.cancel(ticket)
    }
}

/// A `GStrv` property value, read and written without a `[String]` in between.
enum StringVector {
    /// The strings of a `GStrv` value (invalid UTF-8 repaired, as `String(cString:)` does).
    static func items(from value: UnsafePointer<GValue>) -> ListItems {
        guard let vector = g_value_get_boxed(value)?.assumingMemoryBound(to: UnsafeMutablePointer<gchar>?.self) else {
            return ListItems()
        }
        var count = 0
        while vector[count] != nil { count += 1 }
        return ListItems(UnsafeBufferPointer(start: vector, count: count).lazy.map { String(cString: $0!) })
    }

    /// Sets a `GStrv` value to a new copy of `items`.
    static func set(_ value: UnsafeMutablePointer<GValue>, to items: ListItems) {
        let vector = g_malloc0_n(gsize(items.count + 1), gsize(MemoryLayout<UnsafeMutablePointer<gchar>?>.stride))!
            .assumingMemoryBound(to: UnsafeMutablePointer<gchar>?.self)
        for index in items.indices {
            vector[index] = items.withUTF8(at: index) { bytes in
                // g_strndup copies at most the length, stops at none, and ends the copy with NUL.
                let copy = g_malloc(gsize(bytes.count + 1))!.assumingMemoryBound(to: gchar.self)
                if let start = bytes.baseAddress { UnsafeMutableRawPointer(copy).copyMemory(from: start, byteCount: bytes.count) }
                copy[bytes.count] = 0
                return copy
            }
        }
        g_value_take_boxed(value, vector)
    }
}

extension DropDownField {
    func setProperty(_ property: EkFieldProperty, to value: UnsafePointer<GValue>) {
        switch property {
        case EK_FIELD_PROPERTY_ITEMS: items = StringVector.items(from: value)
        case EK_FIELD_PROPERTY_SELECTED_INDEX:
            let index = Int(g_value_get_int(value))
            selectedIndex = index < 0 ? nil : index
        case EK_FIELD_PROPERTY_ROW_HEIGHT:
            let height = Int(g_value_get_int(value))
            rowHeight = height > 0 ? height : nil
        case EK_FIELD_PROPERTY_LIST_BORDER_COLOR: listBorderColor = g_value_get_string(value).map { String(cString: $0) }
        case EK_FIELD_PROPERTY_LIST_FONT: listFont = g_value_get_string(value).map { String(cString: $0) }
        case EK_FIELD_PROPERTY_FREE_TEXT: isEditable = g_value_get_boolean(value) != 0
        default: break
        }
    }

    func getProperty(_ property: EkFieldProperty, into value: UnsafeMutablePointer<GValue>) {
        switch property {
        case EK_FIELD_PROPERTY_ITEMS: StringVector.set(value, to: items)
        case EK_FIELD_PROPERTY_SELECTED_INDEX: g_value_set_int(value, gint(clamping: selectedIndex ?? -1))
        case EK_FIELD_PROPERTY_ROW_HEIGHT: g_value_set_int(value, gint(clamping: rowHeight ?? 0))
        case EK_FIELD_PROPERTY_LIST_BORDER_COLOR: g_value_set_string(value, listBorderColor)
        case EK_FIELD_PROPERTY_LIST_FONT: g_value_set_string(value, listFont)
        case EK_FIELD_PROPERTY_FREE_TEXT: g_value_set_boolean(value, isEditable ? 1 : 0)
        default: break
        }
    }
}

extension PickerField {
    func setProperty(_ property: EkFieldProperty, to value: UnsafePointer<GValue>) {
        switch property {
        case EK_FIELD_PROPERTY_ITEMS: setItems(StringVector.items(from: value))
        case EK_FIELD_PROPERTY_PICKED_INDEX: pickedIndex = Int(g_value_get_int(value))
        default: break
        }
    }

    func getProperty(_ property: EkFieldProperty, into value: UnsafeMutablePointer<GValue>) {
        switch property {
        case EK_FIELD_PROPERTY_ITEMS: StringVector.set(value, to: items)
        case EK_FIELD_PROPERTY_PICKED_INDEX: g_value_set_int(value, gint(clamping: pickedIndex))
        default: break
        }
    }
}
