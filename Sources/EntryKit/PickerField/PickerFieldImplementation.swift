import CEntryKit
import CGtk
import EntryKitList

/// The state and behaviour of an `EkPickerField`, made with it (see
/// ``ChooserFieldImplementation``); its own property is declared in ``PickerFieldProperty``, and
/// ``PickerField`` is the public handle.
@MainActor
package final class PickerFieldImplementation: ChooserFieldImplementation {
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
    var onPick: ((_ index: Int, _ item: String) -> Void)?

    nonisolated override class var instanceType: GType { ek_picker_field_get_type() }

    override func fieldDidLoad() {
        PickerFieldProperty.all.applyDefaults(to: self)
        list.wheelStyle = true
        list.preparesItemsForSearch = false  // a picker's list is never filtered
        list.textAlignment = 0.5
        list.onHighlightChange = { [weak self] item in self?.highlightMoved(to: item) }
        list.onActivate = { [weak self] item in self?.rowChosen(item) }
        popup.onHidden = { [weak self] in
            guard let self, activatesWhenHidden else { return }
            activatesWhenHidden = false
            gtk_widget_activate(widget)
        }
        isEntryEditable = false
        hideCaret()
        // The class's own handler: keys come after an application's `key-press-event` handlers.
        connectKeys(through: "picker-key-press", to: PickerFieldImplementation.handleKey(keyval:state:))
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
        LocalizedText.bind(self) { field, strings in field.localizedListPlaceholder = strings.string("No items") }
    }

    /// GTK 3 draws the caret in a read-only entry too, where it sits on the first letter of a
    /// value nobody types; selecting still works without it.
    private func hideCaret() {
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, "entry { caret-color: transparent; }", -1, nil)
        gtk_style_context_add_provider(
            gtk_widget_get_style_context(widget), OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(provider)
    }

    // MARK: Items and the pick

    /// Selected through AT-SPI: picked as a clicked row is; cleared, as Escape restores none.
    override func chooseRequested(_ index: Int) {
        if index >= 0 { rowChosen(index) } else { set(PickerFieldProperty.pickedIndex, -1) }
    }

    /// Takes new items (``ChooserFieldProperty/items``). A ``pickedIndex`` set before is checked
    /// now: out of range, it is refused with a warning and nothing is picked. Items changed later
    /// keep the pick when its index still exists, and otherwise end it (no warning); with no items
    /// left an open picker closes.
    override func takeItems(_ newItems: ListItems) {
        // The same items again change nothing (and notify no one).
        guard newItems != items || !hasReceivedItems else { return }
        let indexWasSetForTheseItems = !hasReceivedItems
        hasReceivedItems = true
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
            set(PickerFieldProperty.pickedIndex, -1)
        }
        if newItems.isEmpty { close() }  // nothing left to pick from
        isExpandable = !newItems.isEmpty
        reportChoices(count: newItems.count, chosen: storedIndex)
        showPick()
    }

    /// The index in ``items`` of the picked item; -1 while nothing is picked. Setting it shows
    /// that item's text (and centres it in the picker) without calling ``onPick``. Before any
    /// items are set, any index from -1 up is kept for them; after, an index outside
    /// `-1..<items.count` is refused with a warning (``ChooserFieldImplementation/lastRefusal``)
    /// and the value kept.
    var pickedIndex: Int {
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
    var pickedItem: String? { items.indices.contains(storedIndex) ? items[storedIndex] : nil }

    /// A pick made by the user: shown, and reported through ``onPick``.
    func pick(_ index: Int) {
        guard items.indices.contains(index), index != storedIndex else { return }
        set(PickerFieldProperty.pickedIndex, index)
        reportPick()
    }

    /// Tells ``onPick`` and the object's `picked` signal about the pick the user made.
    private func reportPick() {
        guard let item = pickedItem else { return }
        onPick?(storedIndex, item)
        ek_picker_field_emit_picked(opaque, gint(clamping: storedIndex), item)
    }

    /// Puts the pick's text in the entry and the picker's highlight on it.
    private func showPick() {
        let picked = items.indices.contains(storedIndex) ? storedIndex : nil
        // Compared with the item's bytes: new items usually leave the text as it was.
        let unchanged = picked.map { hasText(item: $0, of: items) } ?? hasText("")
        if !unchanged {
            let newText = pickedItem ?? ""
            changedConnection?.whileBlocked { text = newText }
        }
        let row = picked.flatMap(list.row(ofItem:))
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

    /// Opens the picker under the field (nothing happens with no items, or when ``shouldOpen``
    /// refuses; a picker also asks it before Up/Down or a letter changes the pick while closed).
    /// With nothing picked, the first item is picked, as PickerTextField picks it.
    override func open() {
        guard mayOpen() else { return }
        activatesWhenHidden = false
        indexWhenOpened = storedIndex
        showPopup(rowHeight: effectiveRowHeight)
        didOpen()  // before the first pick: onOpen and onClose bracket every pick made while open
        guard isExpanded else { return }  // onOpen closed it again
        if storedIndex < 0 { pick(0) } else { showPick() }
        list.highlightedRow.map { list.scroll(toRow: $0, placement: .center) }
    }

    /// Closes the picker and restores the pick it had when it opened (what Escape does).
    func cancel() {
        guard isExpanded else { return }
        if indexWhenOpened != storedIndex {
            set(PickerFieldProperty.pickedIndex, indexWhenOpened)
            reportPick()
        }
        close()
    }

    /// Whether the user may change the pick while the picker is closed (Up/Down, letters).
    func mayChangePickWhileClosed() -> Bool { shouldOpen?() ?? true }

    // MARK: Appearance

    /// Rows the picker shows (odd, so the pick sits in the middle); 5 by default.
    override var visibleRowCount: Int {
        get { super.visibleRowCount }
        set { super.visibleRowCount = max(newValue | 1, 1) }
    }
}
