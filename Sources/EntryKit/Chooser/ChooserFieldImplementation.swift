import CEntryKit
import CGtk
import EntryKitList

/// The behaviour ``DropDownField`` and ``PickerField`` share, made with each `EkChooserField`
/// instance (in its `constructed`, whoever made it: Swift, C, a binding, GtkBuilder) and owned
/// by it until it is disposed: a ``ChooserEntry`` with its ``ChooserPopup`` and the popup's life
/// (open, close, toggle, the callbacks around them), the entry's metrics the list takes by
/// default (its height and font), the list's appearance, the key filter for type-ahead, the
/// placement and the accessibility glue. Each field adds its own items and choice under the
/// spec's names (`items`/`selectedIndex`, `setItems(_:placeholder:)`/`pickedIndex`) and decides
/// what opening shows (``open()``). The public classes are handles onto the object.
@MainActor
package class ChooserFieldImplementation: ChooserEntry {
    /// The popover and its list.
    public private(set) var popup: ChooserPopup!

    /// Asked before the user opens the list (a click, a key, focus); return `false` to refuse.
    public var shouldOpen: (() -> Bool)?
    /// Called after the list opens and after it closes.
    public var onOpen: (() -> Void)?
    public var onClose: (() -> Void)?

    /// The behaviour of `object`, which owns it (see ``GObjectReference/init(implementationOf:)``).
    package required override init(implementationOf object: UnsafeMutablePointer<GObject>) {
        super.init(implementationOf: object)
        popup = ChooserPopup(relativeTo: self)
        onToggleRequest = { [weak self] in self?.toggle() }
        onDismissRequest = { [weak self] in self?.close() }
        fieldDidLoad()
    }

    package var chooserField: UnsafeMutablePointer<EkChooserField> { cast() }

    /// Tells the object's watchers (`notify::…`) that a shared property changed.
    func notifyProperty(_ property: EkChooserFieldProperty) {
        ek_chooser_field_notify(chooserField, property)
    }

    /// Sets the items the object was given (`items`, `ek_chooser_field_set_items`), as each field
    /// takes them (``DropDownField/items``, ``PickerField/setItems(_:placeholder:)-(ListItems,_)``).
    func setItems(fromObject items: ListItems) {}

    /// Sets the field up, however it was made (in code or by GtkBuilder): called once, when the
    /// popup and its list exist.
    func fieldDidLoad() {}

    /// The list the popup shows (the core ``ListView``): its rows, highlight and filter.
    public var list: ListView { popup.list }

    /// The accessible of the list the field controls. Most of what assistive technologies see
    /// comes from the C base (`EkChooserEntry`): the role `combo box`, `expandable` and
    /// `expanded` with their change events, the name from the label or placeholder, AT-SPI
    /// Selection over all items, and `controller-for` this list: a `list`, or above 100 rows a
    /// one-column `table`, with every row a child at its true index. The list reports its
    /// highlighted row as the entry's active descendant, and a row chosen through AT-SPI
    /// Selection or Action is chosen as a click chooses it.
    public var listAccessible: UnsafeMutablePointer<AtkObject> { list.canvas.accessible }

    /// Rows shown without scrolling (the drop-down spec's `displayNumOfRows`): a drop-down's
    /// list is as tall as `min(visibleRowCount, items.count)` rows, a picker's wheel always
    /// `visibleRowCount` rows.
    var visibleRowCount: Int {
        get { list.visibleRowCount }
        set {
            let old = list.visibleRowCount
            list.visibleRowCount = max(newValue, 1)
            if list.visibleRowCount != old { notifyProperty(EK_CHOOSER_FIELD_PROP_VISIBLE_ROW_COUNT) }
        }
    }

    // MARK: The list's appearance (the drop-down spec's names in brackets)

    /// Row height in pixels (`heightOfListItem`); nil, the default, is the entry's own height.
    public var rowHeight: Int? {
        didSet { if rowHeight != oldValue { notifyProperty(EK_CHOOSER_FIELD_PROP_ROW_HEIGHT) } }
    }

    /// The list's one-pixel border as a CSS colour (`borderColorForList`); nil for none. A
    /// drop-down's is the theme's own border colour by default (``ListView/themeBorderColor``,
    /// `"@borders"`): the spec's light grey meant "a light border", and the theme knows what
    /// that is, black in high contrast; a picker's wheel has none. A colour GTK cannot parse is
    /// refused.
    public var listBorderColor: String? {
        get { list.borderColor }
        set {
            let old = list.borderColor
            list.borderColor = newValue
            if list.borderColor != old { notifyProperty(EK_CHOOSER_FIELD_PROP_LIST_BORDER_COLOR) }
        }
    }

    /// The rows' font as Pango describes it (`fontOfListItem`, `"Serif 14"`); nil, the default,
    /// is the entry's font.
    public var listFont: String? {
        didSet {
            if isExpanded { list.font = listFont ?? entryFont }
            if listFont != oldValue { notifyProperty(EK_CHOOSER_FIELD_PROP_LIST_FONT) }
        }
    }

    /// What the open list says when it has no row to show (nothing matches the typed text, or
    /// there are no items); nil, the default, is the field's own localized text.
    public var listPlaceholderText: String? {
        didSet {
            showListPlaceholder()
            if listPlaceholderText != oldValue { notifyProperty(EK_CHOOSER_FIELD_PROP_LIST_PLACEHOLDER_TEXT) }
        }
    }

    /// The field's own text for an empty list, in the current language ("No matches").
    var localizedListPlaceholder = "" {
        didSet { showListPlaceholder() }
    }

    private func showListPlaceholder() { list.emptyText = listPlaceholderText ?? localizedListPlaceholder }

    /// The height a row has when the list opens: ``rowHeight``, else the entry's own height, or
    /// the height the list's font needs with its padding where that is more (large text: the
    /// entry's minimum height no longer holds the text and padding).
    public var effectiveRowHeight: Int { measuredRowHeight(requested: rowHeight, font: listFont ?? entryFont) }

    // MARK: Refusals

    /// The last refused call, as the warning said it (for tests and diagnostics).
    public private(set) var lastRefusal: String?

    /// Refuses a call (an index out of range) with a warning in the "EntryKit" domain: one rule
    /// for both fields.
    func refuse(_ message: String) {
        lastRefusal = message
        ek_warn(message)
    }

    // MARK: Opening and closing

    /// Whether the list is open.
    public var isOpen: Bool { isExpanded }

    /// Where the list opened last: below the entry or above it.
    public var placement: ChooserPlacement { popup.placement }

    /// Opens the list; each field says what it shows. Nothing happens with no items, while open,
    /// or when ``shouldOpen`` refuses.
    func open() {}

    /// Whether the user may open the list now: there is one to open and ``shouldOpen`` agrees
    /// (asked again afterwards, as `shouldOpen` may itself have opened it).
    func mayOpen() -> Bool {
        isExpandable && !isExpanded && (shouldOpen?() ?? true) && isExpandable && !isExpanded
    }

    /// Shows the popup with rows of `rowHeight` pixels; ``didOpen()`` is the caller's to call
    /// once the list shows what it should.
    func showPopup(rowHeight: Int) {
        isExpanded = true
        popup.show(rowHeight: rowHeight)
    }

    /// Tells everyone the list opened: ``onOpen``, and the object's `is-open` and `opened`.
    func didOpen() {
        onOpen?()
        notifyProperty(EK_CHOOSER_FIELD_PROP_IS_OPEN)
        ek_chooser_field_emit_opened(chooserField)
    }

    /// Closes the list, keeping the text as it is.
    public func close() {
        guard isExpanded else { return }
        isExpanded = false
        popup.hide()
        list.resetTypeAhead()
        onClose?()
        notifyProperty(EK_CHOOSER_FIELD_PROP_IS_OPEN)
        ek_chooser_field_emit_closed(chooserField)
    }

    /// Opens the list when closed, closes it when open: what a click on the entry does.
    public func toggle() {
        if isExpanded { close() } else { open() }
    }

    // MARK: The entry's metrics

    /// The entry's height now: the rows' height unless told otherwise.
    var entryHeight: Int {
        let allocated = Int(gtk_widget_get_allocated_height(widget))
        if allocated > 1 { return allocated }
        var natural: gint = 0
        gtk_widget_get_preferred_height(widget, nil, &natural)
        return Int(natural)
    }

    /// The entry's font: the rows' font unless told otherwise.
    var entryFont: String {
        let description = pango_context_get_font_description(gtk_widget_get_pango_context(widget))
        let string = pango_font_description_to_string(description)!
        defer { g_free(string) }
        return String(cString: string)
    }

    /// The height a row needs: `requested` if given, else the entry's height, or the height the
    /// list's font needs with its padding where that is more (large text: the entry's minimum
    /// height no longer holds the text and padding). The list takes `font` first.
    func measuredRowHeight(requested: Int?, font: String) -> Int {
        if let requested { return min(max(requested, 1), ListView.maximumRowHeight) }
        if list.font != font { list.font = font }  // a new font re-measures the rows
        return min(max(entryHeight, list.textRowHeight, 1), ListView.maximumRowHeight)
    }

    // MARK: Keys

    /// Sends the key presses of `signal` (`key-press-event`, or a field's own class handler that
    /// runs after an application's handlers) to the field's `handle`, which returns whether it
    /// used the key, while there is a list to drive.
    func connectKeys<Field: ChooserFieldImplementation>(
        through signal: String = "key-press-event",
        to handle: @escaping @MainActor (Field) -> (_ keyval: guint, _ state: guint) -> Bool
    ) {
        connectKeyPresses(signal) { [weak self] keyval, state in
            guard let field = self as? Field, field.isExpandable else { return false }
            return handle(field)(keyval, state)
        }
    }

    /// The text a key press types for type-ahead, nil for a key that types nothing (space,
    /// controls, Delete, keys with no character).
    static func typedText(_ keyval: guint) -> String? {
        let code = gdk_keyval_to_unicode(keyval)
        guard code > 0x20, code != 0x7f, let scalar = Unicode.Scalar(code) else { return nil }
        return String(Character(scalar))
    }
}

// MARK: - The object's typed setters and getters call these (declared where C calls them)

@_cdecl("ek_chooser_field_implementation_set_items")
func chooserFieldSetItems(_ field: UnsafeMutableRawPointer?, _ items: UnsafePointer<UnsafePointer<gchar>?>?) {
    let items = StringVector.items(from: items)
    withField(field) { (field: ChooserFieldImplementation) in field.setItems(fromObject: items) }
}

/// The items split from one buffer straight into the item store, without a string per item (a
/// binding hands over a million items as one `GBytes`, not a `strv` it builds string by string).
@_cdecl("ek_chooser_field_implementation_set_items_from_bytes")
func chooserFieldSetItemsFromBytes(
    _ field: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<UInt8>?, _ length: gsize, _ separator: UnsafePointer<CChar>
) {
    let items = ListItems(
        separated: UnsafeBufferPointer(start: bytes, count: Int(length)),
        by: Array(UnsafeRawBufferPointer(start: separator, count: strlen(separator))))
    withField(field) { (field: ChooserFieldImplementation) in field.setItems(fromObject: items) }
}

@_cdecl("ek_chooser_field_implementation_get_items")
func chooserFieldGetItems(_ field: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>? {
    nonisolated(unsafe) let vector = withField(field) { (field: ChooserFieldImplementation) in StringVector.make(field.list.items) }
    return vector
}

@_cdecl("ek_chooser_field_implementation_set_visible_row_count")
func chooserFieldSetVisibleRowCount(_ field: UnsafeMutableRawPointer?, _ count: gint) {
    withField(field) { (field: ChooserFieldImplementation) in field.visibleRowCount = Int(count) }
}

@_cdecl("ek_chooser_field_implementation_get_visible_row_count")
func chooserFieldGetVisibleRowCount(_ field: UnsafeMutableRawPointer?) -> gint {
    withField(field) { (field: ChooserFieldImplementation) in gint(clamping: field.visibleRowCount) }
}

@_cdecl("ek_chooser_field_implementation_set_row_height")
func chooserFieldSetRowHeight(_ field: UnsafeMutableRawPointer?, _ height: gint) {
    withField(field) { (field: ChooserFieldImplementation) in field.rowHeight = height > 0 ? Int(height) : nil }
}

@_cdecl("ek_chooser_field_implementation_get_row_height")
func chooserFieldGetRowHeight(_ field: UnsafeMutableRawPointer?) -> gint {
    withField(field) { (field: ChooserFieldImplementation) in gint(clamping: field.rowHeight ?? 0) }
}

@_cdecl("ek_chooser_field_implementation_set_list_border_color")
func chooserFieldSetListBorderColor(_ field: UnsafeMutableRawPointer?, _ color: UnsafePointer<gchar>?) {
    let color = string(color)
    withField(field) { (field: ChooserFieldImplementation) in field.listBorderColor = color }
}

@_cdecl("ek_chooser_field_implementation_get_list_border_color")
func chooserFieldGetListBorderColor(_ field: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<gchar>? {
    duplicate(withField(field) { (field: ChooserFieldImplementation) in field.listBorderColor })
}

@_cdecl("ek_chooser_field_implementation_set_list_font")
func chooserFieldSetListFont(_ field: UnsafeMutableRawPointer?, _ font: UnsafePointer<gchar>?) {
    let font = string(font)
    withField(field) { (field: ChooserFieldImplementation) in field.listFont = font }
}

@_cdecl("ek_chooser_field_implementation_get_list_font")
func chooserFieldGetListFont(_ field: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<gchar>? {
    duplicate(withField(field) { (field: ChooserFieldImplementation) in field.listFont })
}

@_cdecl("ek_chooser_field_implementation_set_list_placeholder_text")
func chooserFieldSetListPlaceholderText(_ field: UnsafeMutableRawPointer?, _ text: UnsafePointer<gchar>?) {
    let text = string(text)
    withField(field) { (field: ChooserFieldImplementation) in field.listPlaceholderText = text }
}

@_cdecl("ek_chooser_field_implementation_get_list_placeholder_text")
func chooserFieldGetListPlaceholderText(_ field: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<gchar>? {
    duplicate(withField(field) { (field: ChooserFieldImplementation) in field.listPlaceholderText })
}

@_cdecl("ek_chooser_field_implementation_get_is_open")
func chooserFieldGetIsOpen(_ field: UnsafeMutableRawPointer?) -> gboolean {
    withField(field) { (field: ChooserFieldImplementation) in field.isOpen ? 1 : 0 }
}

@_cdecl("ek_chooser_field_implementation_set_open")
func chooserFieldSetOpen(_ field: UnsafeMutableRawPointer?, _ open: gboolean) {
    withField(field) { (field: ChooserFieldImplementation) in if open != 0 { field.open() } else { field.close() } }
}
