import CEntryKit
import CGtk
import EntryKitList

/// The state and behaviour ``DropDownField`` and ``PickerField`` share, made with each
/// `EkChooserField` instance (see ``ObjectImplementation``) and owned by it until it is disposed:
/// a ``ChooserPopup`` and its life (open, close, toggle, the callbacks around them), the entry's
/// metrics the list takes by default (its height and font), the list's appearance, the key filter
/// for type-ahead, the placement and the accessibility glue. Each field adds its items and choice
/// under the names of the field it comes from (ANZDropDownField's `dropList` and selected index,
/// PickerTextField's `setDataSource:andPlaceHolder:` and `pickedIndex`: see docs/architecture.md)
/// and decides what opening shows (``open()``). Its properties are declared in
/// ``ChooserFieldProperty``; the public classes are handles onto the object.
@MainActor
package class ChooserFieldImplementation: ObjectImplementation, ChooserEntryInstance {
    /// The popover and its list.
    package private(set) var popup: ChooserPopup!

    /// Asked before the user opens the list (a click, a key, focus); return `false` to refuse.
    var shouldOpen: (() -> Bool)?
    /// Called after the list opens and after it closes.
    var onOpen: (() -> Void)?
    var onClose: (() -> Void)?

    package required init(instance object: UnsafeMutablePointer<GObject>) {
        super.init(instance: object)
        popup = ChooserPopup(relativeTo: self)
        connect("toggle-requested") { [weak self] in self?.toggle() }
        connect("dismiss-requested") { [weak self] in self?.close() }
        connect("choose-requested", withInteger: { [weak self] index in self?.chooseRequested(Int(index)) })
        ChooserFieldProperty.all.applyDefaults(to: self)
        fieldDidLoad()
    }

    nonisolated override class var instanceType: GType { ek_chooser_field_get_type() }

    nonisolated override class func kept(by instance: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        ek_chooser_field_implementation(instance.assumingMemoryBound(to: EkChooserField.self))
    }

    package var widget: UnsafeMutablePointer<GtkWidget> { cast() }
    package var chooserField: UnsafeMutablePointer<EkChooserField> { cast() }

    /// Sets the field up, however it was made (in code or by GtkBuilder): called once, when the
    /// popup and its list exist.
    func fieldDidLoad() {}

    /// An assistive technology chose item `index` through the combo box's AT-SPI Selection (-1
    /// to clear the choice): each field chooses it as a click would.
    func chooseRequested(_ index: Int) {}

    /// The list the popup shows (the core ``ListView``): its rows, highlight and filter.
    package var list: ListView { popup.list }

    // MARK: The state behind the properties (``ChooserFieldProperty``)

    /// The items: the list's; each field takes new ones its own way (``takeItems(_:)``).
    var items: ListItems {
        get { list.items }
        set { takeItems(newValue) }
    }

    /// Takes new items (``items``), as the field keeps its choice.
    func takeItems(_ items: ListItems) {}

    /// Rows shown without scrolling; see ``ChooserFieldProperty/visibleRowCount``.
    var visibleRowCount: Int {
        get { list.visibleRowCount }
        set { list.visibleRowCount = newValue }
    }

    /// Row height in pixels; nil is the entry's own height.
    var rowHeight: Int?

    /// The list's border as a CSS colour; the list refuses a colour GTK cannot parse. A
    /// drop-down's is the theme's own border colour by default (``ListView/themeBorderColor``,
    /// `"@borders"`): ANZDropDownField's light grey meant "a light border", and the theme knows
    /// what that is, black in high contrast; a picker's wheel has none.
    var listBorderColor: String? {
        get { list.borderColor }
        set { list.borderColor = newValue }
    }

    /// The rows' font as Pango describes it; nil is the entry's font.
    var listFont: String? {
        didSet { if isExpanded { list.font = listFont ?? entryFont } }
    }

    /// What the open list says with no row to show; nil is ``localizedListPlaceholder``.
    var listPlaceholderText: String? {
        didSet { showListPlaceholder() }
    }

    /// Whether the list is open.
    var isOpen: Bool { isExpanded }

    /// How long the list takes to slide open or closed, in milliseconds.
    var listTransitionDuration: Int {
        get { Int(popup.animationDuration) }
        set { popup.animationDuration = UInt32(clamping: newValue) }
    }

    /// The field's own text for an empty list, in the current language ("No matches").
    var localizedListPlaceholder = "" {
        didSet { showListPlaceholder() }
    }

    private func showListPlaceholder() { list.emptyText = listPlaceholderText ?? localizedListPlaceholder }

    /// The height a row has when the list opens: ``rowHeight``, else the entry's own height, or
    /// the height the list's font needs with its padding where that is more.
    var effectiveRowHeight: Int { measuredRowHeight(requested: rowHeight, font: listFont ?? entryFont) }

    // MARK: Refusals

    /// The last refused call, as the warning said it (for tests and diagnostics).
    private(set) var lastRefusal: String?

    /// Refuses a call (an index out of range) with a warning in the "EntryKit" domain: one rule
    /// for both fields.
    func refuse(_ message: String) {
        lastRefusal = message
        ek_warn(message)
    }

    // MARK: Opening and closing

    /// Where the list opened last: below the entry or above it.
    var placement: ChooserPlacement { popup.placement }

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
        notify(ChooserFieldProperty.isOpen)
        ek_chooser_field_emit_opened(chooserField)
    }

    /// Closes the list, keeping the text as it is.
    func close() {
        guard isExpanded else { return }
        isExpanded = false
        popup.hide()
        list.resetTypeAhead()
        onClose?()
        notify(ChooserFieldProperty.isOpen)
        ek_chooser_field_emit_closed(chooserField)
    }

    /// Opens the list when closed, closes it when open: what a click on the entry does.
    func toggle() {
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

// MARK: - Made and released by the C fields

@_cdecl("ek_drop_down_field_implementation_new")
func dropDownFieldImplementationNew(_ field: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer {
    DropDownFieldImplementation.retained(for: field)
}

@_cdecl("ek_picker_field_implementation_new")
func pickerFieldImplementationNew(_ field: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer {
    PickerFieldImplementation.retained(for: field)
}

/// The field is disposed: its behaviour goes.
@_cdecl("ek_chooser_field_implementation_release")
func chooserFieldImplementationRelease(_ implementation: UnsafeMutableRawPointer?) {
    ObjectImplementation.release(implementation)
}

// MARK: - The methods of EkChooserField that are no property's accessors

/// The items split from one buffer straight into the item store, without a string per item (a
/// binding hands over a million items as one `GBytes`, not a `strv` it builds string by string).
@_cdecl("ek_chooser_field_set_items_from_bytes")
@_spi(CAccessors) public func ek_chooser_field_set_items_from_bytes(
    _ field: UnsafeMutablePointer<EkChooserField>?, _ text: OpaquePointer?, _ separator: UnsafePointer<gchar>?
) {
    var length: gsize = 0
    let data = text.flatMap { g_bytes_get_data($0, &length) }?.assumingMemoryBound(to: guint8.self)
    ek_chooser_field_set_items_from_data(field, data, length, separator)
}

/// The same from the caller's memory, copied during the call (PyGObject lends a `bytes`
/// object's buffer to it without a copy).
@_cdecl("ek_chooser_field_set_items_from_data")
@_spi(CAccessors) public func ek_chooser_field_set_items_from_data(
    _ field: UnsafeMutablePointer<EkChooserField>?, _ data: UnsafePointer<guint8>?, _ length: gsize,
    _ separator: UnsafePointer<gchar>?
) {
    let function = "ek_chooser_field_set_items_from_data"
    if let separator, separator.pointee == 0 {
        return g_return_if_fail_warning("EntryKit", function, "separator == NULL || *separator != '\\0'")
    }
    if data == nil, length != 0 { return g_return_if_fail_warning("EntryKit", function, "data != NULL || length == 0") }
    let items = ListItems(
        separated: UnsafeBufferPointer(start: data, count: Int(length)),
        by: separator.map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) } ?? Array("\n".utf8))
    ChooserFieldImplementation.with(field, accessor: function, otherwise: ()) { $0.set(ChooserFieldProperty.items, items) }
}

@_cdecl("ek_chooser_field_open")
@_spi(CAccessors) public func ek_chooser_field_open(_ field: UnsafeMutablePointer<EkChooserField>?) {
    ChooserFieldImplementation.with(field, accessor: #function, otherwise: ()) { $0.open() }
}

@_cdecl("ek_chooser_field_close")
@_spi(CAccessors) public func ek_chooser_field_close(_ field: UnsafeMutablePointer<EkChooserField>?) {
    ChooserFieldImplementation.with(field, accessor: #function, otherwise: ()) { $0.close() }
}
