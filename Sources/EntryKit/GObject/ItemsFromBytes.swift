import CEntryKit
import CGtk
import EntryKitList

/// Where `ek_drop_down_field_set_items_from_bytes` and `ek_picker_field_set_items_from_bytes`
/// arrive: the items split from one buffer straight into the item store, without a string per
/// item (a binding hands over a million items as one `GBytes`, not a `strv` it builds string by
/// string). Returns FALSE when the field has no Swift wrapper (yet): C then sets the items
/// through the property. Called from C on GTK's thread.
@_cdecl("entrykit_swift_set_field_items_from_bytes")
func setFieldItemsFromBytes(
    _ object: UnsafeMutableRawPointer, _ bytes: UnsafePointer<UInt8>?, _ length: gsize, _ separator: UnsafePointer<CChar>
) -> gboolean {
    // The pointers are C's, used on this thread only, within this call.
    nonisolated(unsafe) let (bytes, separator) = (bytes, separator)
    nonisolated(unsafe) let object = object
    return MainActor.assumeIsolated {
        guard let field = ChooserField.wrapper(of: object) else { return 0 }
        let items = ListItems(
            separated: UnsafeBufferPointer(start: bytes, count: Int(length)),
            by: Array(UnsafeRawBufferPointer(start: separator, count: strlen(separator))))
        if let dropDown = field as? DropDownField {
            dropDown.items = items
        } else if let picker = field as? PickerField {
            picker.setItems(items)
        }
        return 1
    }
}
