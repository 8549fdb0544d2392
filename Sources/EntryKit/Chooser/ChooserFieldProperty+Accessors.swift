// Written by scripts/object-properties from ChooserFieldProperty.swift: edit the declarations there, then run it.

import CEntryKit
import CGtk
import EntryKitList

extension ChooserFieldProperty {
    /// EkChooserField's properties, in the order of their ids, each with its state's direct accessors.
    static let all = ObjectProperties([
        items.accessing(get: { $0.items }, set: { $0.items = $1 }),
        visibleRowCount.accessing(get: { $0.visibleRowCount }, set: { $0.visibleRowCount = $1 }),
        rowHeight.accessing(get: { $0.rowHeight }, set: { $0.rowHeight = $1 }),
        listBorderColor.accessing(get: { $0.listBorderColor }, set: { $0.listBorderColor = $1 }),
        listFont.accessing(get: { $0.listFont }, set: { $0.listFont = $1 }),
        listPlaceholderText.accessing(get: { $0.listPlaceholderText }, set: { $0.listPlaceholderText = $1 }),
        isOpen.accessing(get: { $0.isOpen }),
        listTransitionDuration.accessing(get: { $0.listTransitionDuration }, set: { $0.listTransitionDuration = $1 }),
    ])
}

/// EkChooserField's `class_init` installs its properties and points `set_property` and
/// `get_property` at them.
@_cdecl("ek_chooser_field_install_properties")
func ek_chooser_field_install_properties(_ objectClass: UnsafeMutablePointer<GObjectClass>) {
    objectClass.pointee.set_property = { object, id, value, _ in ChooserFieldProperty.all.set(object, id, value) }
    objectClass.pointee.get_property = { object, id, value, _ in ChooserFieldProperty.all.get(object, id, value) }
    ChooserFieldProperty.all.install(on: objectClass)
}

// MARK: items

@_cdecl("ek_chooser_field_set_items")
@_spi(CAccessors) public func ek_chooser_field_set_items(
    _ field: UnsafeMutablePointer<EkChooserField>?, _ value: UnsafePointer<UnsafePointer<gchar>?>?
) {
    ChooserFieldProperty.items.set(value, of: field)
}

@_cdecl("ek_chooser_field_get_items")
@_spi(CAccessors) public func ek_chooser_field_get_items(
    _ field: UnsafeMutablePointer<EkChooserField>?
) -> UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>? {
    ChooserFieldProperty.items.get(of: field)
}

// MARK: visible-row-count

@_cdecl("ek_chooser_field_set_visible_row_count")
@_spi(CAccessors) public func ek_chooser_field_set_visible_row_count(_ field: UnsafeMutablePointer<EkChooserField>?, _ value: gint) {
    ChooserFieldProperty.visibleRowCount.set(value, of: field)
}

@_cdecl("ek_chooser_field_get_visible_row_count")
@_spi(CAccessors) public func ek_chooser_field_get_visible_row_count(_ field: UnsafeMutablePointer<EkChooserField>?) -> gint {
    ChooserFieldProperty.visibleRowCount.get(of: field)
}

extension ChooserField {
    /// Rows shown without scrolling: a drop-down's list is as tall as the smaller of this and the
    /// number of items; a picker's wheel always this many rows (made odd).
    public var visibleRowCount: Int {
        get { ChooserFieldProperty.visibleRowCount.value(on: self) }
        set { ChooserFieldProperty.visibleRowCount.set(newValue, on: self) }
    }
}

// MARK: row-height

@_cdecl("ek_chooser_field_set_row_height")
@_spi(CAccessors) public func ek_chooser_field_set_row_height(_ field: UnsafeMutablePointer<EkChooserField>?, _ value: gint) {
    ChooserFieldProperty.rowHeight.set(value, of: field)
}

@_cdecl("ek_chooser_field_get_row_height")
@_spi(CAccessors) public func ek_chooser_field_get_row_height(_ field: UnsafeMutablePointer<EkChooserField>?) -> gint {
    ChooserFieldProperty.rowHeight.get(of: field)
}

extension ChooserField {
    /// Row height in pixels, or none (0) for the entry's own height (or the height the list's
    /// font needs, where that is more).
    public var rowHeight: Int? {
        get { ChooserFieldProperty.rowHeight.value(on: self) }
        set { ChooserFieldProperty.rowHeight.set(newValue, on: self) }
    }
}

// MARK: list-border-color

@_cdecl("ek_chooser_field_set_list_border_color")
@_spi(CAccessors) public func ek_chooser_field_set_list_border_color(
    _ field: UnsafeMutablePointer<EkChooserField>?, _ value: UnsafePointer<gchar>?
) {
    ChooserFieldProperty.listBorderColor.set(value, of: field)
}

@_cdecl("ek_chooser_field_get_list_border_color")
@_spi(CAccessors) public func ek_chooser_field_get_list_border_color(
    _ field: UnsafeMutablePointer<EkChooserField>?
) -> UnsafeMutablePointer<gchar>? {
    ChooserFieldProperty.listBorderColor.get(of: field)
}

extension ChooserField {
    /// The list's one-pixel border as a CSS color (`"#c0c0c0"`) or a color the theme names
    /// (`"@borders"`, a drop-down's default); none for no border (a picker's default). A color
    /// GTK cannot parse is refused.
    public var listBorderColor: String? {
        get { ChooserFieldProperty.listBorderColor.value(on: self) }
        set { ChooserFieldProperty.listBorderColor.set(newValue, on: self) }
    }
}

// MARK: list-font

@_cdecl("ek_chooser_field_set_list_font")
@_spi(CAccessors) public func ek_chooser_field_set_list_font(_ field: UnsafeMutablePointer<EkChooserField>?, _ value: UnsafePointer<gchar>?)
{
    ChooserFieldProperty.listFont.set(value, of: field)
}

@_cdecl("ek_chooser_field_get_list_font")
@_spi(CAccessors) public func ek_chooser_field_get_list_font(_ field: UnsafeMutablePointer<EkChooserField>?) -> UnsafeMutablePointer<gchar>?
{
    ChooserFieldProperty.listFont.get(of: field)
}

extension ChooserField {
    /// The rows' font as Pango describes it (`"Serif 14"`); none, the default, is the entry's.
    public var listFont: String? {
        get { ChooserFieldProperty.listFont.value(on: self) }
        set { ChooserFieldProperty.listFont.set(newValue, on: self) }
    }
}

// MARK: list-placeholder-text

@_cdecl("ek_chooser_field_set_list_placeholder_text")
@_spi(CAccessors) public func ek_chooser_field_set_list_placeholder_text(
    _ field: UnsafeMutablePointer<EkChooserField>?, _ value: UnsafePointer<gchar>?
) {
    ChooserFieldProperty.listPlaceholderText.set(value, of: field)
}

@_cdecl("ek_chooser_field_get_list_placeholder_text")
@_spi(CAccessors) public func ek_chooser_field_get_list_placeholder_text(
    _ field: UnsafeMutablePointer<EkChooserField>?
) -> UnsafeMutablePointer<gchar>? {
    ChooserFieldProperty.listPlaceholderText.get(of: field)
}

extension ChooserField {
    /// What the open list says when it has no row to show (no item matches the typed text, or
    /// there are none); none, the default, is the field's own localized text ("No matches",
    /// "No items").
    public var listPlaceholderText: String? {
        get { ChooserFieldProperty.listPlaceholderText.value(on: self) }
        set { ChooserFieldProperty.listPlaceholderText.set(newValue, on: self) }
    }
}

// MARK: is-open

@_cdecl("ek_chooser_field_get_is_open")
@_spi(CAccessors) public func ek_chooser_field_get_is_open(_ field: UnsafeMutablePointer<EkChooserField>?) -> gboolean {
    ChooserFieldProperty.isOpen.get(of: field)
}

extension ChooserField {
    /// Whether the list is open.
    public var isOpen: Bool { ChooserFieldProperty.isOpen.value(on: self) }
}

// MARK: list-transition-duration

@_cdecl("ek_chooser_field_set_list_transition_duration")
@_spi(CAccessors) public func ek_chooser_field_set_list_transition_duration(_ field: UnsafeMutablePointer<EkChooserField>?, _ value: gint) {
    ChooserFieldProperty.listTransitionDuration.set(value, of: field)
}

@_cdecl("ek_chooser_field_get_list_transition_duration")
@_spi(CAccessors) public func ek_chooser_field_get_list_transition_duration(_ field: UnsafeMutablePointer<EkChooserField>?) -> gint {
    ChooserFieldProperty.listTransitionDuration.get(of: field)
}

extension ChooserField {
    /// How long the list takes to slide open or closed, in milliseconds, as ANZDropDownField's
    /// list took 0.2 s; 0 for none. With the desktop's animations off (`gtk-enable-animations`)
    /// it never slides.
    public var listTransitionDuration: Int {
        get { ChooserFieldProperty.listTransitionDuration.value(on: self) }
        set { ChooserFieldProperty.listTransitionDuration.set(newValue, on: self) }
    }
}
