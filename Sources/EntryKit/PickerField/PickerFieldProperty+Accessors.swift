// Written by scripts/object-properties from PickerFieldProperty.swift: edit the declarations there, then run it.

import CEntryKit
import CGtk
import EntryKitList

extension PickerFieldProperty {
    /// EkPickerField's properties, in the order of their ids, each with its state's direct accessors.
    static let all = ObjectProperties([
        pickedIndex.accessing(get: { $0.pickedIndex }, set: { $0.pickedIndex = $1 })
    ])
}

/// EkPickerField's `class_init` installs its properties and points `set_property` and
/// `get_property` at them.
@_cdecl("ek_picker_field_install_properties")
func ek_picker_field_install_properties(_ objectClass: UnsafeMutablePointer<GObjectClass>) {
    objectClass.pointee.set_property = { object, id, value, _ in PickerFieldProperty.all.set(object, id, value) }
    objectClass.pointee.get_property = { object, id, value, _ in PickerFieldProperty.all.get(object, id, value) }
    PickerFieldProperty.all.install(on: objectClass)
}

// MARK: picked-index

@_cdecl("ek_picker_field_set_picked_index")
@_spi(CAccessors) public func ek_picker_field_set_picked_index(_ field: OpaquePointer?, _ value: gint) {
    PickerFieldProperty.pickedIndex.set(value, of: field)
}

@_cdecl("ek_picker_field_get_picked_index")
@_spi(CAccessors) public func ek_picker_field_get_picked_index(_ field: OpaquePointer?) -> gint {
    PickerFieldProperty.pickedIndex.get(of: field)
}

extension PickerField {
    /// The index in the items of the picked item, -1 for none. Setting it shows that item's text
    /// (and centres it in the picker) without emitting "picked". Set before the first items, any
    /// index from -1 up waits for them (so the order of a builder file's or a binding's properties
    /// does not matter); after, an index out of range is refused with a warning and the value kept.
    public var pickedIndex: Int {
        get { PickerFieldProperty.pickedIndex.value(on: self) }
        set { PickerFieldProperty.pickedIndex.set(newValue, on: self) }
    }
}
