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

    /// Tells the object's watchers (`notify::…`) that one of its properties changed.
    func notify(_ property: ObjectProperty) { property.notify(object) }

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
            if list.visibleRowCount != old { notify(ChooserFieldProperty.visibleRowCount) }
        }
    }

    // MARK: The list's appearance (the drop-down spec's names in brackets)

    /// Row height in pixels (`heightOfListItem`); nil, the default, is the entry's own height.
    public var rowHeight: Int? {
        didSet { if rowHeight != oldValue { notify(ChooserFieldProperty.rowHeight) } }
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
            if list.borderColor != old { notify(ChooserFieldProperty.listBorderColor) }
        }
    }

    /// The rows' font as Pango describes it (`fontOfListItem`, `"Serif 14"`); nil, the default,
    /// is the entry's font.
    public var listFont: String? {
        didSet {
            if isExpanded { list.font = listFont ?? entryFont }
            if listFont != oldValue { notify(ChooserFieldProperty.listFont) }
        }
    }

    /// What the open list says when it has no row to show (nothing matches the typed text, or
    /// there are no items); nil, the default, is the field's own localized text.
    public var listPlaceholderText: String? {
        didSet {
            showListPlaceholder()
            if listPlaceholderText != oldValue { notify(ChooserFieldProperty.listPlaceholderText) }
        }
    }

    /// How long the list takes to slide open or closed, in milliseconds (the original's
    /// `animateWithDuration:.2f`); 0 for none. Off with the desktop's animations.
    public var listTransitionDuration: Int {
        get { Int(popup.animationDuration) }
        set {
            let old = popup.animationDuration
            popup.animationDuration = UInt32(clamping: newValue)
            if popup.animationDuration != old { notify(ChooserFieldProperty.listTransitionDuration) }
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
        notify(ChooserFieldProperty.isOpen)
        ek_chooser_field_emit_opened(chooserField)
    }

    /// Closes the list, keeping the text as it is.
    public func close() {
        guard isExpanded else { return }
        isExpanded = false
        popup.hide()
        list.resetTypeAhead()
        onClose?()
        notify(ChooserFieldProperty.isOpen)
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

// MARK: - EkChooserField's properties
//
// Each property in one block: what GObject shows (its entry in ``ChooserFieldProperty``), its
// typed C accessors (defined here, under the names and prototypes of the public header, which
// documents them), and the Swift handle's property. `g_object_set` reaches the setter through
// the entry, C calls it directly, and the setter calls the field's behaviour: no look-up by name.

/// EkChooserField's properties, in the order of their ids.
enum ChooserFieldProperty {
    static let all = ObjectProperties([
        items, visibleRowCount, rowHeight, listBorderColor, listFont, listPlaceholderText, isOpen, listTransitionDuration,
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

/// A field's C accessor: `body` runs with the field's behaviour (see ``withImplementation(of:type:implementation:otherwise:function:_:)``).
func withChooserField<Field: ChooserFieldImplementation, Result>(
    _ field: (some ObjectPointer)?, _ type: GType = ek_chooser_field_get_type(), otherwise: Result,
    function: String = #function, _ body: @MainActor (Field) -> Result
) -> Result {
    withImplementation(
        of: field, type: type, implementation: { ek_chooser_field_implementation($0.assumingMemoryBound(to: EkChooserField.self)) },
        otherwise: otherwise, function: function, body)
}

func withChooserField<Field: ChooserFieldImplementation>(
    _ field: (some ObjectPointer)?, _ type: GType = ek_chooser_field_get_type(), function: String = #function,
    _ body: @MainActor (Field) -> Void
) {
    withChooserField(field, type, otherwise: (), function: function, body)
}

// MARK: items

extension ChooserFieldProperty {
    static let items = ObjectProperty.strings(
        "items", "Items", "The items to choose from", get: ek_chooser_field_get_items, set: ek_chooser_field_set_items)
}

@_cdecl("ek_chooser_field_set_items")
@_spi(CAccessors) public func ek_chooser_field_set_items(
    _ field: UnsafeMutablePointer<EkChooserField>?, _ items: UnsafePointer<UnsafePointer<gchar>?>?
) {
    let items = StringVector.items(from: items)
    withChooserField(field) { (field: ChooserFieldImplementation) in field.setItems(fromObject: items) }
}

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
    withChooserField(field) { (field: ChooserFieldImplementation) in field.setItems(fromObject: items) }
}

@_cdecl("ek_chooser_field_get_items")
@_spi(CAccessors) public func ek_chooser_field_get_items(
    _ field: UnsafeMutablePointer<EkChooserField>?
) -> UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>? {
    nonisolated(unsafe) let vector = withChooserField(field, otherwise: nil) { (field: ChooserFieldImplementation) in
        StringVector.make(field.list.items)
    }
    return vector
}

// MARK: visible-row-count

extension ChooserFieldProperty {
    static let visibleRowCount = ObjectProperty.int(
        "visible-row-count", "Visible row count", "Rows shown without scrolling", range: 1...gint.max, default: 5,
        get: ek_chooser_field_get_visible_row_count, set: ek_chooser_field_set_visible_row_count)
}

extension ChooserField {
    /// Rows shown without scrolling (the drop-down spec's `displayNumOfRows`): a drop-down's
    /// list is as tall as `min(visibleRowCount, items.count)` rows, a picker's wheel always
    /// `visibleRowCount` rows (made odd).
    public var visibleRowCount: Int {
        get { chooser.visibleRowCount }
        set { chooser.visibleRowCount = newValue }
    }
}

@_cdecl("ek_chooser_field_set_visible_row_count")
@_spi(CAccessors) public func ek_chooser_field_set_visible_row_count(_ field: UnsafeMutablePointer<EkChooserField>?, _ count: gint) {
    withChooserField(field) { (field: ChooserFieldImplementation) in field.visibleRowCount = Int(count) }
}

@_cdecl("ek_chooser_field_get_visible_row_count")
@_spi(CAccessors) public func ek_chooser_field_get_visible_row_count(_ field: UnsafeMutablePointer<EkChooserField>?) -> gint {
    withChooserField(field, otherwise: 0) { (field: ChooserFieldImplementation) in gint(clamping: field.visibleRowCount) }
}

// MARK: row-height

extension ChooserFieldProperty {
    static let rowHeight = ObjectProperty.int(
        "row-height", "Row height", "Row height in pixels; 0 for the entry's own height", range: 0...4096, default: 0,
        get: ek_chooser_field_get_row_height, set: ek_chooser_field_set_row_height)
}

extension ChooserField {
    /// Row height in pixels (`heightOfListItem`); nil, the default, is the entry's own height.
    public var rowHeight: Int? {
        get { chooser.rowHeight }
        set { chooser.rowHeight = newValue }
    }
}

@_cdecl("ek_chooser_field_set_row_height")
@_spi(CAccessors) public func ek_chooser_field_set_row_height(_ field: UnsafeMutablePointer<EkChooserField>?, _ height: gint) {
    withChooserField(field) { (field: ChooserFieldImplementation) in field.rowHeight = height > 0 ? Int(height) : nil }
}

@_cdecl("ek_chooser_field_get_row_height")
@_spi(CAccessors) public func ek_chooser_field_get_row_height(_ field: UnsafeMutablePointer<EkChooserField>?) -> gint {
    withChooserField(field, otherwise: 0) { (field: ChooserFieldImplementation) in gint(clamping: field.rowHeight ?? 0) }
}

// MARK: list-border-color

extension ChooserFieldProperty {
    static let listBorderColor = ObjectProperty.string(
        "list-border-color", "List border colour",
        "The list's border as a CSS colour, or a theme colour such as @borders; NULL for none",
        get: ek_chooser_field_get_list_border_color, set: ek_chooser_field_set_list_border_color)
}

extension ChooserField {
    /// The list's one-pixel border as a CSS colour (`borderColorForList`); nil for none. See
    /// ``ChooserFieldImplementation/listBorderColor``.
    public var listBorderColor: String? {
        get { chooser.listBorderColor }
        set { chooser.listBorderColor = newValue }
    }
}

@_cdecl("ek_chooser_field_set_list_border_color")
@_spi(CAccessors) public func ek_chooser_field_set_list_border_color(
    _ field: UnsafeMutablePointer<EkChooserField>?, _ color: UnsafePointer<gchar>?
) {
    let color = string(color)
    withChooserField(field) { (field: ChooserFieldImplementation) in field.listBorderColor = color }
}

@_cdecl("ek_chooser_field_get_list_border_color")
@_spi(CAccessors) public func ek_chooser_field_get_list_border_color(
    _ field: UnsafeMutablePointer<EkChooserField>?
) -> UnsafeMutablePointer<gchar>? {
    duplicate(withChooserField(field, otherwise: nil) { (field: ChooserFieldImplementation) in field.listBorderColor })
}

// MARK: list-font

extension ChooserFieldProperty {
    static let listFont = ObjectProperty.string(
        "list-font", "List font", "The rows' font as Pango describes it; NULL for the entry's",
        get: ek_chooser_field_get_list_font, set: ek_chooser_field_set_list_font)
}

extension ChooserField {
    /// The rows' font as Pango describes it (`fontOfListItem`, `"Serif 14"`); nil, the default,
    /// is the entry's font.
    public var listFont: String? {
        get { chooser.listFont }
        set { chooser.listFont = newValue }
    }
}

@_cdecl("ek_chooser_field_set_list_font")
@_spi(CAccessors) public func ek_chooser_field_set_list_font(_ field: UnsafeMutablePointer<EkChooserField>?, _ font: UnsafePointer<gchar>?)
{
    let font = string(font)
    withChooserField(field) { (field: ChooserFieldImplementation) in field.listFont = font }
}

@_cdecl("ek_chooser_field_get_list_font")
@_spi(CAccessors) public func ek_chooser_field_get_list_font(_ field: UnsafeMutablePointer<EkChooserField>?) -> UnsafeMutablePointer<gchar>?
{
    duplicate(withChooserField(field, otherwise: nil) { (field: ChooserFieldImplementation) in field.listFont })
}

// MARK: list-placeholder-text

extension ChooserFieldProperty {
    static let listPlaceholderText = ObjectProperty.string(
        "list-placeholder-text", "List placeholder text", "What the open list says with no row to show; NULL for the localized default",
        get: ek_chooser_field_get_list_placeholder_text, set: ek_chooser_field_set_list_placeholder_text)
}

extension ChooserField {
    /// What the open list says when it has no row to show; nil, the default, is the field's own
    /// localized text ("No matches", "No items").
    public var listPlaceholderText: String? {
        get { chooser.listPlaceholderText }
        set { chooser.listPlaceholderText = newValue }
    }
}

@_cdecl("ek_chooser_field_set_list_placeholder_text")
@_spi(CAccessors) public func ek_chooser_field_set_list_placeholder_text(
    _ field: UnsafeMutablePointer<EkChooserField>?, _ text: UnsafePointer<gchar>?
) {
    let text = string(text)
    withChooserField(field) { (field: ChooserFieldImplementation) in field.listPlaceholderText = text }
}

@_cdecl("ek_chooser_field_get_list_placeholder_text")
@_spi(CAccessors) public func ek_chooser_field_get_list_placeholder_text(
    _ field: UnsafeMutablePointer<EkChooserField>?
) -> UnsafeMutablePointer<gchar>? {
    duplicate(withChooserField(field, otherwise: nil) { (field: ChooserFieldImplementation) in field.listPlaceholderText })
}

// MARK: is-open, and opening and closing

extension ChooserFieldProperty {
    static let isOpen = ObjectProperty.boolean(
        "is-open", "Is open", "Whether the list is open", default: false, get: ek_chooser_field_get_is_open)
}

@_cdecl("ek_chooser_field_get_is_open")
@_spi(CAccessors) public func ek_chooser_field_get_is_open(_ field: UnsafeMutablePointer<EkChooserField>?) -> gboolean {
    withChooserField(field, otherwise: 0) { (field: ChooserFieldImplementation) in field.isOpen ? 1 : 0 }
}

@_cdecl("ek_chooser_field_open")
@_spi(CAccessors) public func ek_chooser_field_open(_ field: UnsafeMutablePointer<EkChooserField>?) {
    withChooserField(field) { (field: ChooserFieldImplementation) in field.open() }
}

@_cdecl("ek_chooser_field_close")
@_spi(CAccessors) public func ek_chooser_field_close(_ field: UnsafeMutablePointer<EkChooserField>?) {
    withChooserField(field) { (field: ChooserFieldImplementation) in field.close() }
}

// MARK: list-transition-duration

extension ChooserFieldProperty {
    static let listTransitionDuration = ObjectProperty.int(
        "list-transition-duration", "List transition duration", "Milliseconds the list takes to slide open or closed; 0 for none",
        range: 0...10_000, default: 200,
        get: ek_chooser_field_get_list_transition_duration, set: ek_chooser_field_set_list_transition_duration)
}

extension ChooserField {
    /// How long the list takes to slide open or closed, in milliseconds: 200 by default, as in
    /// the original; 0 for none.
    public var listTransitionDuration: Int {
        get { chooser.listTransitionDuration }
        set { chooser.listTransitionDuration = newValue }
    }
}

@_cdecl("ek_chooser_field_set_list_transition_duration")
@_spi(CAccessors) public func ek_chooser_field_set_list_transition_duration(
    _ field: UnsafeMutablePointer<EkChooserField>?, _ duration: gint
) {
    withChooserField(field) { (field: ChooserFieldImplementation) in field.listTransitionDuration = Int(max(duration, 0)) }
}

@_cdecl("ek_chooser_field_get_list_transition_duration")
@_spi(CAccessors) public func ek_chooser_field_get_list_transition_duration(_ field: UnsafeMutablePointer<EkChooserField>?) -> gint {
    withChooserField(field, otherwise: 0) { (field: ChooserFieldImplementation) in gint(clamping: field.listTransitionDuration) }
}
