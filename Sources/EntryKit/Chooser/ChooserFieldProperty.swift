import CGtk

/// EkChooserField's properties: what both fields share. Each is declared once, here, with its
/// documentation; `scripts/object-properties` writes the rest from these declarations (see
/// ``ObjectProperty``).
enum ChooserFieldProperty {
    /// The items to choose from (the list's rows, in order). New items keep the field's choice
    /// when its index still exists; a choice set before the first items waits for them.
    static let items = ObjectProperty.strings("items", \ChooserFieldImplementation.items, handle: .writtenByHand)

    /// Rows shown without scrolling: a drop-down's list is as tall as the smaller of this and the
    /// number of items; a picker's wheel always this many rows (made odd).
    static let visibleRowCount = ObjectProperty.int(
        "visible-row-count", \ChooserFieldImplementation.visibleRowCount, in: 1...Int(gint.max), default: 5)

    /// Row height in pixels, or none (0) for the entry's own height (or the height the list's
    /// font needs, where that is more).
    static let rowHeight = ObjectProperty.int(
        "row-height", \ChooserFieldImplementation.rowHeight, in: 0...ListView.maximumRowHeight, none: 0)

    /// The list's one-pixel border as a CSS color (`"#c0c0c0"`) or a color the theme names
    /// (`"@borders"`, a drop-down's default); none for no border (a picker's default). A color
    /// GTK cannot parse is refused.
    static let listBorderColor = ObjectProperty.string("list-border-color", \ChooserFieldImplementation.listBorderColor)

    /// The rows' font as Pango describes it (`"Serif 14"`); none, the default, is the entry's.
    static let listFont = ObjectProperty.string("list-font", \ChooserFieldImplementation.listFont)

    /// What the open list says when it has no row to show (no item matches the typed text, or
    /// there are none); none, the default, is the field's own localized text ("No matches",
    /// "No items").
    static let listPlaceholderText = ObjectProperty.string("list-placeholder-text", \ChooserFieldImplementation.listPlaceholderText)

    /// Whether the list is open.
    static let isOpen = ObjectProperty.boolean("is-open", get: \ChooserFieldImplementation.isOpen, default: false)

    /// How long the list takes to slide open or closed, in milliseconds, as ANZDropDownField's
    /// list took 0.2 s; 0 for none. With the desktop's animations off (`gtk-enable-animations`)
    /// it never slides.
    static let listTransitionDuration = ObjectProperty.int(
        "list-transition-duration", \ChooserFieldImplementation.listTransitionDuration, in: 0...10_000, default: 200)
}
