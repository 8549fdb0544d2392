import CEntryKit
import CGtk
import EntryKitList

/// The state and behaviour of an `EkDropDownField`, made with it (see
/// ``ChooserFieldImplementation``); its own properties are declared in ``DropDownFieldProperty``,
/// and ``DropDownField`` is the public handle.
@MainActor
package final class DropDownFieldImplementation: ChooserFieldImplementation {
    /// The text and the choice when the list opened, restored by Escape; no text when typing
    /// opened the list (Escape then keeps what was typed).
    var textBeforeOpen: String?
    var selectionBeforeOpen: Int?
    /// The handler of the entry's `changed`, blocked while the field sets the text itself.
    var changedConnection: SignalConnection?

    /// Called when an item is picked (click, Enter, type-ahead, assistive technology), with its
    /// index in ``items`` and its text.
    var onSelect: ((_ index: Int, _ item: String) -> Void)?

    nonisolated override class var instanceType: GType { ek_drop_down_field_get_type() }

    override func fieldDidLoad() {
        DropDownFieldProperty.all.applyDefaults(to: self)
        list.borderColor = ListView.themeBorderColor
        list.onActivate = { [weak self] item in self?.pick(item) }
        connectKeys(to: DropDownFieldImplementation.handleKey(keyval:state:))
        changedConnection = connect("changed") { [weak self] in self?.textTyped() }
        connect("notify::editable", withPointer: { [weak self] _ in self?.entryEditable = nil })
        LocalizedText.bind(self) { field, strings in field.localizedListPlaceholder = strings.string("No matches") }
        itemsChanged()
    }

    // MARK: Items and choice

    /// Takes new items (``ChooserFieldProperty/items``): setting a million takes well under
    /// 100 ms. New items keep ``selectedIndex`` when it still exists, the text following it to the
    /// new item there; otherwise the choice ends, and a field that is not editable clears its
    /// text.
    override func takeItems(_ newItems: ListItems) {
        let indexWasSetForTheseItems = !hasReceivedItems
        hasReceivedItems = true
        guard newItems != list.items || indexWasSetForTheseItems else { return }
        list.setItems(newItems)
        if let index = selectedIndex {
            if newItems.indices.contains(index) {
                setTextQuietly(newItems[index])
            } else {
                // An index set ahead for the items is a mistake to report; a choice whose
                // item went away with new items simply ends.
                if indexWasSetForTheseItems {
                    refuse("DropDownField: selectedIndex \(index) is out of range for \(newItems.count) items; nothing is selected")
                }
                set(DropDownFieldProperty.selectedIndex, nil)
                if !wantsFreeText { setTextQuietly("") }
            }
        }
        itemsChanged()
    }

    /// Whether items were ever set: until then any ``selectedIndex`` waits for them.
    private var hasReceivedItems = false

    /// The index in ``items`` of the item last picked, nil when none is (or the text was typed).
    /// Setting it puts that item's text in the entry, without calling ``onSelect``. Before any
    /// items are set, any index is kept for them (so the order of a builder file's or a
    /// binding's properties does not matter); after, an index outside ``items`` is refused with
    /// a warning (``ChooserFieldImplementation/lastRefusal``) and the value kept, as a picker's is.
    var selectedIndex: Int? {
        didSet {
            if let index = selectedIndex {
                if items.indices.contains(index) {
                    setTextQuietly(items[index])
                } else if hasReceivedItems || index < 0 {
                    refuse(
                        "DropDownField: selectedIndex \(index) is out of range (nil for none, or 0..<\(items.count)); it stays \(oldValue.map(String.init) ?? "nil")"
                    )
                    selectedIndex = oldValue
                    return
                }
            }
            reportChoices(count: items.count, chosen: selectedItem == nil ? nil : selectedIndex)
        }
    }

    /// The text of the item at ``selectedIndex``, nil when none is selected (or the index waits
    /// for items).
    var selectedItem: String? { selectedIndex.flatMap { items.indices.contains($0) ? items[$0] : nil } }

    /// An assistive technology selected an item (or cleared the selection) through the combo
    /// box's AT-SPI Selection: picked as a click on its row would, or the text emptied.
    override func chooseRequested(_ index: Int) {
        guard index >= 0 else {
            set(DropDownFieldProperty.selectedIndex, nil)
            setTextQuietly("")
            return
        }
        pick(index)
    }

    /// Picks `item`: its text goes into the entry, the list closes, ``onSelect`` is called.
    func pick(_ item: Int) {
        guard items.indices.contains(item) else { return }
        set(DropDownFieldProperty.selectedIndex, item)
        close()
        reportSelection(item)
    }

    /// Tells ``onSelect`` and the object's `selected` signal that the user picked `item`.
    func reportSelection(_ item: Int) {
        onSelect?(item, items[item])
        ek_drop_down_field_emit_selected(opaque, gint(clamping: item), items[item])
    }

    /// Sets the text without it counting as typing (no filtering, no reopening).
    func setTextQuietly(_ newText: String) {
        guard !hasText(newText) else { return }
        if let changedConnection { changedConnection.whileBlocked { text = newText } } else { text = newText }
    }

    private func itemsChanged() {
        let hasItems = !items.isEmpty
        reportChoices(count: items.count, chosen: selectedItem == nil ? nil : selectedIndex)
        if !hasItems { close() }
        isExpandable = hasItems
        // No items: an ordinary editable entry. With items, typing is free only when editable.
        // Set only on a change: GtkEntry notifies "editable" on every set, and its accessible with it.
        let editable = !hasItems || wantsFreeText
        if entryEditable == nil { entryEditable = isEntryEditable }
        if entryEditable != editable {
            isEntryEditable = editable
            entryEditable = editable
        }
    }

    /// The entry's own `editable`, as last read or set: reading it is a `g_object_get`, which
    /// after an idle main loop costs a tenth of setting a thousand items. Forgotten when the
    /// entry notifies a change (made by the field, or by other code on the GtkEntry).
    private var entryEditable: Bool?

    private var wantsFreeText = false

    /// Free text (the `editable` mode): typing changes the text and filters the open list,
    /// with the matches marked in the rows; Enter with no highlighted row keeps the typed text.
    /// Off (the default) the text is only ever an item, and typed letters jump to the next item
    /// that starts with them. With no items the entry is always editable.
    var isEditable: Bool {
        get { wantsFreeText }
        set {
            wantsFreeText = newValue
            if !newValue {
                list.filterText = ""
                // Typed text is no item: the field shows its choice, or nothing.
                setTextQuietly(selectedItem ?? "")
            }
            itemsChanged()
        }
    }

    // MARK: Opening

    /// Opens the list (nothing happens with no items, or when ``shouldOpen`` refuses), with the
    /// picked item highlighted.
    override func open() {
        guard mayOpen() else { return }
        openShowing(filter: "")
    }

    func openShowing(filter: String) {
        textBeforeOpen = filter.isEmpty ? text : nil
        selectionBeforeOpen = selectedIndex
        list.filterText = filter
        list.textAlignment = Double(gtk_entry_get_alignment(cast()))
        showPopup(rowHeight: effectiveRowHeight)
        // Highlighted once the list has its size and has scrolled to the row: the highlight is
        // announced (as the entry's active descendant) among the rows on screen, whose number
        // and places a screen reader speaks.
        let row = filter.isEmpty ? selectedIndex.flatMap(list.row(ofItem:)) : list.highlightedRow
        if let row { list.scroll(toRow: row, placement: .center) }
        list.highlightedRow = row
        didOpen()
    }

    // MARK: Appearance

    /// The tallest the open list may be, in pixels (the popup's); nil for no limit but the room.
    var listMaxHeight: Int? {
        get { popup.maximumHeight }
        set { popup.maximumHeight = newValue }
    }

    /// The height the open list takes with `rows` rows (at least one): its rows and its frame,
    /// within ``listMaxHeight``.
    func listHeight(showingRows rows: Int) -> Int {
        min(effectiveRowHeight * max(rows, 1) + list.frameHeight, listMaxHeight ?? .max)
    }
}
