// Written by scripts/object-properties from DropDownFieldProperty.swift: edit the declarations there, then run it.

import CEntryKit
import CGtk
import EntryKitList

extension DropDownFieldProperty {
    /// EkDropDownField's properties, in the order of their ids, each with its state's direct accessors.
    static let all = ObjectProperties([
        selectedIndex.accessing(get: { $0.selectedIndex }, set: { $0.selectedIndex = $1 }),
        freeText.accessing(get: { $0.isEditable }, set: { $0.isEditable = $1 }),
        listMaxHeight.accessing(get: { $0.listMaxHeight }, set: { $0.listMaxHeight = $1 }),
    ])
}

/// EkDropDownField's `class_init` installs its properties and points `set_property` and
/// `get_property` at them.
@_cdecl("ek_drop_down_field_install_properties")
func ek_drop_down_field_install_properties(_ objectClass: UnsafeMutablePointer<GObjectClass>) {
    objectClass.pointee.set_property = { object, id, value, _ in DropDownFieldProperty.all.set(object, id, value) }
    objectClass.pointee.get_property = { object, id, value, _ in DropDownFieldProperty.all.get(object, id, value) }
    DropDownFieldProperty.all.install(on: objectClass)
}

// MARK: selected-index

@_cdecl("ek_drop_down_field_set_selected_index")
@_spi(CAccessors) public func ek_drop_down_field_set_selected_index(_ field: OpaquePointer?, _ value: gint) {
    DropDownFieldProperty.selectedIndex.set(value, of: field)
}

@_cdecl("ek_drop_down_field_get_selected_index")
@_spi(CAccessors) public func ek_drop_down_field_get_selected_index(_ field: OpaquePointer?) -> gint {
    DropDownFieldProperty.selectedIndex.get(of: field)
}

extension DropDownField {
    /// The index in the items of the item last picked, or none (-1) when none is (or the text was
    /// typed). Setting it puts that item's text in the entry without emitting "selected". Set
    /// before the first items, it waits for them (so the order of a builder file's or a binding's
    /// properties does not matter); an index out of range is refused with a warning and the value
    /// kept.
    public var selectedIndex: Int? {
        get { DropDownFieldProperty.selectedIndex.value(on: self) }
        set { DropDownFieldProperty.selectedIndex.set(newValue, on: self) }
    }
}

// MARK: free-text

@_cdecl("ek_drop_down_field_set_free_text")
@_spi(CAccessors) public func ek_drop_down_field_set_free_text(_ field: OpaquePointer?, _ value: gboolean) {
    DropDownFieldProperty.freeText.set(value, of: field)
}

@_cdecl("ek_drop_down_field_get_free_text")
@_spi(CAccessors) public func ek_drop_down_field_get_free_text(_ field: OpaquePointer?) -> gboolean {
    DropDownFieldProperty.freeText.get(of: field)
}

// MARK: list-max-height

@_cdecl("ek_drop_down_field_set_list_max_height")
@_spi(CAccessors) public func ek_drop_down_field_set_list_max_height(_ field: OpaquePointer?, _ value: gint) {
    DropDownFieldProperty.listMaxHeight.set(value, of: field)
}

@_cdecl("ek_drop_down_field_get_list_max_height")
@_spi(CAccessors) public func ek_drop_down_field_get_list_max_height(_ field: OpaquePointer?) -> gint {
    DropDownFieldProperty.listMaxHeight.get(of: field)
}

extension DropDownField {
    /// The tallest the open list may be, in pixels, or none (0) for no limit but the window's
    /// room: the list shows the whole rows that fit and scrolls for the rest, and opens below the
    /// entry when that height fits there. A form whose field has many or tall rows keeps its list
    /// to the room the form leaves it.
    public var listMaxHeight: Int? {
        get { DropDownFieldProperty.listMaxHeight.value(on: self) }
        set { DropDownFieldProperty.listMaxHeight.set(newValue, on: self) }
    }
}
