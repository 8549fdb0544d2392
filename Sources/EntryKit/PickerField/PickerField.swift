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
/// box` named by its label or placeholder, with the picked text as its text, `expandable`, and
/// `expanded` while the picker is open; see `PickerField+Accessibility.swift`.
///
/// The picker's handlers and an application's handlers on the entry's own signals (`changed`,
/// `activate`, `focus-in-event`, `key-press-event`) coexist: the application's run first and see
/// everything, and the field never re-enters its own handlers when it sets the text.
@MainActor
public final class PickerField: ChooserEntry {
    /// The popover and its list.
    public private(set) var popup: ChooserPopup!
    /// The items to pick from.
    public private(set) var items = ListItems()
    /// Whether items were ever set: until then any ``pickedIndex`` ≥ -1 waits for them.
    private var hasReceivedItems = false
    private var storedIndex = -1 {
        didSet { reportChoices(count: items.count, chosen: storedIndex) }
    }
    /// The pick when the picker opened, restored by Escape.
    var indexWhenOpened = -1
    /// Set while the field moves the list's highlight itself, so that is not taken for a pick.
    private var movingHighlight = false
    private var changedConnection: SignalConnection?
    /// Enter closed the picker: the entry activates once the popover is hidden.
    var activatesWhenHidden = false

    /// Called when the user changes the pick (live, as the picker moves; also when Escape
    /// restores an earlier item), with the index in ``items`` and its text. Setting
    /// ``pickedIndex`` in code does not call it.
    public var onPick: ((_ index: Int, _ item: String) -> Void)?
    /// Asked before the user starts changing the pick (opening the picker, or Up/Down while it
    /// is closed); return `false` to refuse.
    public var shouldBeginPicking: (() -> Bool)?
    /// Called after the picker opens and after it closes.
    public var onBegin: (() -> Void)?
    public var onEnd: (() -> Void)?
    /// The last refused call, as the warning said it (for tests and diagnostics).
    public private(set) var lastRefusal: String?

    /// A new field with no items: a read-only entry until it gets some.
    public init() {
        super.init(transferFull: ek_picker_field_new())
        setUp()
    }

    /// Wraps a field made by GtkBuilder (`<object class="EkPickerField" id="size"/>`), which
    /// keeps its own reference.
    ///
    /// ```swift
    /// let size = PickerField(wrapping: gtk_builder_get_object(builder, "size"))
    /// ```
    public init(wrapping object: UnsafeMutablePointer<GObject>) {
        precondition(entrykit_is_a(object, ek_picker_field_get_type()) != 0, "PickerField(wrapping:) needs an EkPickerField")
        super.init(transferNone: object)
        setUp()
    }

    private func setUp() {
        popup = ChooserPopup(relativeTo: self)
        list.wheelStyle = true
        list.textAlignment = 0.5
        list.visibleRowCount = 5
        list.onHighlightChange = { [weak self] item in self?.highlightMoved(to: item) }
        list.onActivate = { [weak self] item in self?.rowChosen(item) }
        popup.onHidden = { [weak self] in
            guard let self, activatesWhenHidden else { return }
            activatesWhenHidden = false
            gtk_widget_activate(widget)
        }
        onToggleRequest = { [weak self] in self?.toggle() }
        onDismissRequest = { [weak self] in self?.close() }
        // Selected through AT-SPI: picked as a clicked row is; cleared, as Escape restores none.
        onChooseRequest = { [weak self] index in
            guard let self else { return }
            if index >= 0 { rowChosen(index) } else { pickedIndex = -1 }
        }
        super.isEditable = false
        hideCaret()
        connectKeyboard()
        // Opening waits for the loop: a click that focuses the field also asks for a toggle,
        // and must open the picker once, not open and close it.
        connectEvent("focus-in-event") { [weak self] _ in
            MainLoop.idle { [weak self] in
                guard let self, gtk_widget_has_focus(widget) != 0 else { return }
                open()
            }
            return false
        }
        changedConnection = connect("changed") { [weak self] in self?.textChangedElsewhere() }
        LocalizedText.bind(self) { field, strings in field.list.emptyText = strings.string("No items") }
    }

    /// GTK 3 draws the caret in a read-only entry too, where it sits on the first letter of a
    /// value nobody types; selecting still works without it.
    private func hideCaret() {
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, "entry { caret-color: transparent; }", -1, nil)
        gtk_style_context_add_provider(gtk_widget_get_style_context(widget), OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }

    /// The list the picker shows (the core ``ListView``, in wheel style).
    public var list: ListView { popup.list }

    /// Always `false`: typing never changes a picker field's text (it can still be selected and
    /// copied). Setting it does nothing.
    public override var isEditable: Bool {
        get { false }
        set {}
    }

    // MARK: Items and the pick

    /// Sets the items to pick from and the placeholder shown while nothing is picked (the
    /// original's `setDataSource:andPlaceHolder:`). A ``pickedIndex`` set before is checked now:
    /// out of range, it is refused with a warning and nothing is picked. Items changed later
    /// keep the pick when its index still exists, and otherwise end it (no warning); with no
    /// items left an open picker closes.
    ///
    /// ```swift
    /// field.pickedIndex = 2
    /// field.setItems(["red", "green", "blue"], placeholder: "Colour")   // shows "blue"
    /// ```
    public func setItems(_ newItems: ListItems, placeholder: String? = nil) {
        let indexWasSetForTheseItems = !hasReceivedItems
        items = newItems
        hasReceivedItems = true
        if let placeholder { placeholderText = placeholder }
        movingHighlight = true  // the list moving its highlight onto fewer rows is no pick
        list.setItems(newItems)
        movingHighlight = false
        if indexWhenOpened >= newItems.count { indexWhenOpened = -1 }  // Escape cannot bring it back
        if storedIndex >= newItems.count {
            // An index set ahead for the items is a mistake to report; a pick whose item went
            // away with new items simply ends.
            if indexWasSetForTheseItems {
                refuse("PickerField: pickedIndex \(storedIndex) is out of range for \(newItems.count) items; nothing is picked")
            }
            storedIndex = -1
        }
        if newItems.isEmpty { close() }  // nothing left to pick from
        isExpandable = !newItems.isEmpty
        reportChoices(count: newItems.count, chosen: storedIndex)
        showPick()
    }

    /// Sets the items from strings; see ``setItems(_:placeholder:)-(ListItems,_)``.
    public func setItems(_ strings: [String], placeholder: String? = nil) {
        setItems(ListItems(strings), placeholder: placeholder)
    }

    /// The index in ``items`` of the picked item; -1 while nothing is picked. Setting it shows
    /// that item's text (and centres it in the picker) without calling ``onPick``. Before any
    /// items are set, any index from -1 up is kept for them; after, an index outside
    /// `-1..<items.count` is refused with a warning (``lastRefusal``) and the value kept.
    public var pickedIndex: Int {
        get { storedIndex }
        set {
            guard newValue >= -1, !hasReceivedItems || newValue < items.count else {
                refuse("PickerField: pickedIndex \(newValue) is out of range (-1 for none, or 0..<\(items.count)); it stays \(storedIndex)")
                return
            }
            storedIndex = newValue
            showPick()
        }
    }

    /// The picked item's text, nil while nothing is picked.
    public var pickedItem: String? { items.indices.contains(storedIndex) ? items[storedIndex] : nil }

    private func refuse(_ message: String) {
        lastRefusal = message
        ek_picker_field_warn(message)
    }

    /// A pick made by the user: shown, and reported through ``onPick``.
    func pick(_ index: Int) {
        guard items.indices.contains(index), index != storedIndex else { return }
        storedIndex = index
        showPick()
        onPick?(index, items[index])
    }

    /// Puts the pick's text in the entry and the picker's highlight on it.
    private func showPick() {
        let newText = pickedItem ?? ""
        if newText != text { changedConnection?.whileBlocked { text = newText } }
        let row = pickedItem == nil ? nil : list.row(ofItem: storedIndex)
        guard list.highlightedRow != row else { return }
        movingHighlight = true
        list.highlightedRow = row
        movingHighlight = false
        if let row, isExpanded { list.scroll(toRow: row, placement: .center) }
    }

    /// The list's highlight moved by the user (keys, wheel, drag): the text follows live.
    private func highlightMoved(to item: Int?) {
        guard !movingHighlight, let item else { return }
        pick(item)
    }

    /// A row clicked, or selected or activated through AT-SPI: picked, and the picker closes.
    private func rowChosen(_ item: Int) {
        pick(item)
        close()
    }

    /// The text only ever comes from the picker: text set by other code on the entry is put
    /// back (the application's `changed` handlers see both changes).
    private func textChangedElsewhere() {
        let expected = pickedItem ?? ""
        guard text != expected else { return }
        changedConnection?.whileBlocked { text = expected }
    }

    // MARK: Opening and closing

    /// Whether the picker is open.
    public var isOpen: Bool { isExpanded }

    /// Opens the picker under the field (nothing happens with no items, or when
    /// ``shouldBeginPicking`` refuses). With nothing picked, the first item is picked, as in the
    /// original.
    public func open() {
        // Asked again after `shouldBeginPicking`, which may itself have opened the picker.
        guard isExpandable, !isExpanded, mayBeginPicking(), isExpandable, !isExpanded else { return }
        activatesWhenHidden = false
        indexWhenOpened = storedIndex
        list.font = entryFont
        isExpanded = true
        popup.show(rowHeight: entryHeight)
        showWholeWheel()
        onBegin?()  // before the first pick: onBegin and onEnd bracket every pick made while open
        guard isExpanded else { return }  // onBegin closed it again
        if storedIndex < 0 { pick(0) } else { showPick() }
        list.highlightedRow.map { list.scroll(toRow: $0, placement: .center) }
    }

    /// Closes the picker, keeping the pick.
    public func close() {
        guard isExpanded else { return }
        isExpanded = false
        popup.hide()
        list.resetTypeAhead()
        onEnd?()
    }

    /// Closes the picker and restores the pick it had when it opened (what Escape does).
    public func cancel() {
        guard isExpanded else { return }
        if indexWhenOpened != storedIndex {
            storedIndex = indexWhenOpened
            showPick()
            if let item = pickedItem { onPick?(storedIndex, item) }
        }
        close()
    }

    /// Opens the picker when closed, closes it when open: what a click on the field does.
    public func toggle() {
        if isExpanded { close() } else { open() }
    }

    func mayBeginPicking() -> Bool { shouldBeginPicking?() ?? true }

    // MARK: Appearance

    /// Rows the picker shows (odd, so the pick sits in the middle); 5 by default.
    public var visibleRowCount: Int {
        get { list.visibleRowCount }
        set { list.visibleRowCount = max(newValue | 1, 1) }
    }

    /// A wheel is as tall as all its rows, however few items there are, so the pick can sit in
    /// the middle with room above and below (the list core sizes to `min(rows, items)`).
    private func showWholeWheel() {
        let height = Int32(list.height(ofRows: list.visibleRowCount))
        gtk_scrolled_window_set_max_content_height(list.cast(), max(height, gtk_scrolled_window_get_max_content_height(list.cast())))
        gtk_scrolled_window_set_min_content_height(list.cast(), height)
        gtk_scrolled_window_set_max_content_height(list.cast(), height)
    }

    /// The entry's height now: the picker's row height.
    private var entryHeight: Int {
        let allocated = Int(gtk_widget_get_allocated_height(widget))
        if allocated > 1 { return allocated }
        var natural: gint = 0
        gtk_widget_get_preferred_height(widget, nil, &natural)
        return Int(natural)
    }

    /// The entry's font: the picker's rows use it too.
    private var entryFont: String {
        let string = pango_font_description_to_string(pango_context_get_font_description(gtk_widget_get_pango_context(widget)))!
        defer { g_free(string) }
        return String(cString: string)
    }
}
