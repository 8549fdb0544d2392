import CEntryKit
import CGtk
import EntryKitList

/// A text entry with a list of items under it, like an HTML `select` with `size=1`: a click
/// opens the list, a click on an item puts it in the entry.
///
/// The list opens below the entry, or above it when the room below inside the window is less
/// than the list's height plus 30 pixels, showing `min(visibleRowCount, items.count)` rows and
/// scrolling for the rest; it slides out of the entry's edge in about 0.2 s (not at all when
/// `gtk-enable-animations` is off). A second click on the entry, or a click elsewhere, closes it
/// with the text unchanged. With no items it is an ordinary editable entry.
///
/// The keyboard follows the WAI-ARIA combobox pattern (see `DropDownFieldImplementation+Keyboard.swift`), and
/// focus stays in the entry throughout. With ``isEditable`` the text is free and typing filters
/// the open list. Over AT-SPI it is a `combo box` named by its label or placeholder,
/// `expandable`, `expanded` while open, `controller-for` the list, whose highlighted row is its
/// active descendant.
///
/// ```swift
/// let fruit = DropDownField()
/// fruit.placeholderText = "Fruit"
/// fruit.items = ["apple", "banana", "cherry"]
/// fruit.visibleRowCount = 5
/// fruit.onSelect = { index, item in print("picked \(item) at \(index)") }
/// ```
///
/// Made by GtkBuilder as `<object class="EkDropDownField" id="fruit"/>`, it is wrapped with
/// ``init(wrapping:)``; it behaves the same (one click, one toggle).
@MainActor
public final class DropDownField: ChooserField {
    /// The field's state and behaviour (see ``ChooserField``).
    package var implementation: DropDownFieldImplementation { unsafeDowncast(alive, to: DropDownFieldImplementation.self) }

    /// A new, empty field: an ordinary entry until it gets ``items``.
    public init() {
        super.init(transferFull: ek_drop_down_field_new())
    }

    /// A handle onto a field made by GtkBuilder (`<object class="EkDropDownField">`), C or a
    /// binding, adding a reference; `EntryKit`'s types are registered when GTK starts, so builder
    /// files find them. The field already behaves as one made here: its builder properties are set.
    ///
    /// ```swift
    /// let builder = gtk_builder_new_from_string(xml, -1)
    /// let field = DropDownField(wrapping: gtk_builder_get_object(builder, "fruit"))
    /// ```
    public init(wrapping object: UnsafeMutablePointer<GObject>) {
        super.init(wrapping: object, ofType: ek_drop_down_field_get_type())
    }

    private var dropDown: DropDownFieldImplementation? { chooser.map { unsafeDowncast($0, to: DropDownFieldImplementation.self) } }

    /// Called when an item is picked (click, Enter, type-ahead, assistive technology), with its
    /// index in ``items`` and its text.
    public var onSelect: ((_ index: Int, _ item: String) -> Void)? {
        get { dropDown?.onSelect }
        set { dropDown?.onSelect = newValue }
    }

    /// The items to choose from (ANZDropDownField's `dropList`). Setting a million takes well under
    /// 100 ms; read stdin-like text with `ListItems(lines:)`. New items keep ``selectedIndex``
    /// when it still exists, the text following it to the new item there; otherwise the
    /// choice ends, and a field that is not editable clears its text. Setting the same items
    /// again changes nothing (and notifies no one).
    public var items: ListItems {
        get { ChooserFieldProperty.items.value(on: self) }
        set { ChooserFieldProperty.items.set(newValue, on: self) }
    }

    /// Sets ``items`` from strings.
    public func setItems(_ strings: [String]) { items = ListItems(strings) }

    /// The text of the item at ``selectedIndex``, nil when none is selected.
    public var selectedItem: String? { dropDown?.selectedItem }

    /// Free text (the `editable` mode, the `free-text` property): typing changes the text and
    /// filters the open list, with the matches marked in the rows; Enter with no highlighted row
    /// keeps the typed text. Off (the default) the text is only ever an item, and typed letters
    /// jump to the next item that starts with them. With no items the entry is always editable.
    public override var isEditable: Bool {
        get { DropDownFieldProperty.freeText.value(on: self) }
        set { DropDownFieldProperty.freeText.set(newValue, on: self) }
    }

    /// The height the open list takes with `rows` rows (at least one): its rows and its frame.
    /// A window that keeps room for the list under the field sizes that room with it.
    public func listHeight(showingRows rows: Int) -> Int { dropDown?.listHeight(showingRows: rows) ?? 0 }
}
