import CEntryKit
import CGtk
import EntryKitList

/// A text field whose value is picked from a list of strings through a wheel-like picker that
/// opens under it: the text can only come from the picker.
///
/// Focusing or clicking the field opens the picker: the picked row in the middle, its
/// neighbours above and below fading towards the edges. The text follows the picker live as its
/// selection moves (keys, scrolling, dragging); Enter or a click outside keeps the value, Escape
/// restores the one the field had when the picker opened. While it is closed, Up and Down step
/// the pick as a spin button does. Typing never changes the text, but it can still be focused,
/// selected and copied like any entry. The list is the core ``ListView``, so a million items
/// open as fast as three.
///
/// ```swift
/// let size = PickerField()
/// size.setItems(["Small", "Medium", "Large"], placeholder: "Size")
/// size.pickedIndex = 1                       // "Medium"; -1 picks nothing
/// size.onPick = { index, item in print("picked \(item) at \(index)") }
/// ```
///
/// `pickedIndex` may be set before the items (it is checked when they come) or after; an index
/// out of range is refused with a warning and the value kept. Over AT-SPI the field is a `combo
/// box` named by its label or placeholder, with the picked text as its text (so a screen reader
/// reads the value with the name and speaks each new one), `expandable`, and `expanded` while
/// the picker is open; see ``ChooserField/listAccessible``.
///
/// The picker's handlers and an application's handlers on the entry's own signals (`changed`,
/// `activate`, `focus-in-event`, `key-press-event`) coexist: the application's run first and see
/// everything, and the field never re-enters its own handlers when it sets the text.
@MainActor
public final class PickerField: ChooserField {
    /// The field's state and behaviour (see ``ChooserField``).
    package var implementation: PickerFieldImplementation { unsafeDowncast(alive, to: PickerFieldImplementation.self) }

    /// A new field with no items: a read-only entry until it gets some.
    public init() {
        super.init(transferFull: ek_picker_field_new())
    }

    /// A handle onto a field made by GtkBuilder (`<object class="EkPickerField" id="size"/>`),
    /// C or a binding, adding a reference.
    ///
    /// ```swift
    /// let size = PickerField(wrapping: gtk_builder_get_object(builder, "size"))
    /// ```
    public init(wrapping object: UnsafeMutablePointer<GObject>) {
        super.init(wrapping: object, ofType: ek_picker_field_get_type())
    }

    private var picker: PickerFieldImplementation? { chooser.map { unsafeDowncast($0, to: PickerFieldImplementation.self) } }

    /// The items to pick from.
    public var items: ListItems { ChooserFieldProperty.items.value(on: self) }

    /// Called when the user changes the pick (live, as the picker moves; also when Escape
    /// restores an earlier item), with the index in ``items`` and its text. Setting
    /// ``pickedIndex`` in code does not call it.
    public var onPick: ((_ index: Int, _ item: String) -> Void)? {
        get { picker?.onPick }
        set { picker?.onPick = newValue }
    }

    /// Sets the items to pick from and the placeholder shown while nothing is picked
    /// (PickerTextField's `setDataSource:andPlaceHolder:`). A ``pickedIndex`` set before is
    /// checked now: out of range, it is refused with a warning and nothing is picked. Items
    /// changed later keep the pick when its index still exists, and otherwise end it (no
    /// warning); with no items left an open picker closes.
    ///
    /// ```swift
    /// field.pickedIndex = 2
    /// field.setItems(["red", "green", "blue"], placeholder: "Colour")   // shows "blue"
    /// ```
    public func setItems(_ newItems: ListItems, placeholder: String? = nil) {
        if let placeholder { placeholderText = placeholder }
        ChooserFieldProperty.items.set(newItems, on: self)
    }

    /// Sets the items from strings; see ``setItems(_:placeholder:)-(ListItems,_)``.
    public func setItems(_ strings: [String], placeholder: String? = nil) {
        setItems(ListItems(strings), placeholder: placeholder)
    }

    /// The picked item's text, nil while nothing is picked.
    public var pickedItem: String? { picker?.pickedItem }

    /// Always `false`: typing never changes a picker field's text (it can still be selected and
    /// copied). Setting it does nothing.
    public override var isEditable: Bool {
        get { false }
        set {}
    }

    /// Closes the picker and restores the pick it had when it opened (what Escape does).
    public func cancel() { picker?.cancel() }
}
