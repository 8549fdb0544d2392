import CGtk

/// EkPickerField's own property, declared once, here, with its documentation;
/// `scripts/object-properties` writes the rest from the declaration (see ``ObjectProperty``).
enum PickerFieldProperty {
    /// The index in the items of the picked item, -1 for none. Setting it shows that item's text
    /// (and centres it in the picker) without emitting "picked". Set before the first items, any
    /// index from -1 up waits for them (so the order of a builder file's or a binding's properties
    /// does not matter); after, an index out of range is refused with a warning and the value kept.
    static let pickedIndex = ObjectProperty.int(
        "picked-index", \PickerFieldImplementation.pickedIndex, in: -1...Int(gint.max), default: -1)
}
