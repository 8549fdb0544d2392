import CGtk

/// EkDropDownField's own properties, each declared once, here, with its documentation;
/// `scripts/object-properties` writes the rest from these declarations (see ``ObjectProperty``).
enum DropDownFieldProperty {
    /// The index in the items of the item last picked, or none (-1) when none is (or the text was
    /// typed). Setting it puts that item's text in the entry without emitting "selected". Set
    /// before the first items, it waits for them (so the order of a builder file's or a binding's
    /// properties does not matter); an index out of range is refused with a warning and the value
    /// kept.
    static let selectedIndex = ObjectProperty.int(
        "selected-index", \DropDownFieldImplementation.selectedIndex, in: -1...Int(gint.max), none: -1)

    /// Whether typing changes the text freely and filters the open list; off, the text is only
    /// ever an item and typed letters jump to the next item starting with them.
    static let freeText = ObjectProperty.boolean(
        "free-text", \DropDownFieldImplementation.isEditable, default: false, handle: .writtenByHand)

    /// The tallest the open list may be, in pixels, or none (0) for no limit but the window's
    /// room: the list shows the whole rows that fit and scrolls for the rest, and opens below the
    /// entry when that height fits there. A form whose field has many or tall rows keeps its list
    /// to the room the form leaves it.
    static let listMaxHeight = ObjectProperty.int(
        "list-max-height", \DropDownFieldImplementation.listMaxHeight, in: 0...Int(gint.max), none: 0)
}
