import CEntryKit
import CGtk
import EntryKitList

/// A text entry that opens a list of choices: the C base under ``ChooserField`` (and so under
/// ``DropDownField`` and ``PickerField``).
///
/// It wraps `EkChooserEntry`, a `GtkEntry` subclass in C, which gives the same behaviour however
/// the entry was made, in code or by GtkBuilder: while ``isExpandable`` it is a `combo box` over
/// AT-SPI with `expandable` (and `expanded` while ``isExpanded``), one primary click calls
/// ``onToggleRequest`` exactly once, and while expanded a press outside the entry and its popup,
/// or focus leaving the entry, calls ``onDismissRequest``. It shows nothing by itself:
/// ``ChooserField`` adds the popup and opens and closes it on those calls; a new kind of field
/// subclasses that.
@MainActor
open class ChooserEntry: Widget {
    /// Called on a primary click on the entry while it is expandable: open or close the popup.
    public var onToggleRequest: (() -> Void)?
    /// Called while expanded on a press outside the entry and the popup, or when focus leaves.
    public var onDismissRequest: (() -> Void)?
    /// Called when an assistive technology selects item `index` through the combo box's AT-SPI
    /// Selection (-1 to clear it): choose it, then say so with ``reportChoices(count:chosen:)``.
    public var onChooseRequest: ((_ index: Int) -> Void)?

    /// Wraps a new `EkChooserEntry` or subclass instance (a constructor's result).
    public override init<T>(transferFull pointer: UnsafeMutablePointer<T>) {
        super.init(transferFull: pointer)
        precondition(isA(ek_chooser_entry_get_type()), "ChooserEntry wraps an EkChooserEntry")
        connectChooserSignals()
    }

    /// Wraps an `EkChooserEntry` that something else made, such as a GtkBuilder file.
    public override init<T>(transferNone pointer: UnsafeMutablePointer<T>) {
        super.init(transferNone: pointer)
        precondition(isA(ek_chooser_entry_get_type()), "ChooserEntry wraps an EkChooserEntry")
        connectChooserSignals()
    }

    /// The behaviour an `EkChooserEntry` subclass owns (see ``GObjectReference/init(implementationOf:)``).
    package override init(implementationOf object: UnsafeMutablePointer<GObject>) {
        super.init(implementationOf: object)
        precondition(isA(ek_chooser_entry_get_type()), "ChooserEntry wraps an EkChooserEntry")
        connectChooserSignals()
    }

    private func connectChooserSignals() {
        connect("toggle-requested") { [weak self] in self?.onToggleRequest?() }
        connect("dismiss-requested") { [weak self] in self?.onDismissRequest?() }
        connect("choose-requested", withInteger: { [weak self] index in self?.onChooseRequest?(Int(index)) })
    }

    package var chooserEntry: UnsafeMutablePointer<EkChooserEntry> { cast() }

    /// Tells the accessible what there is to choose: `count` items, the one at `chosen` chosen
    /// (nil for none). Its AT-SPI Selection reads this, as GTK's combo box reads its active item.
    public func reportChoices(count: Int, chosen: Int?) {
        ek_chooser_entry_set_choices(chooserEntry, gint(clamping: count), chosen.map { gint(clamping: $0) } ?? -1)
    }

    /// ``reportChoices(count:chosen:)`` with -1 for none.
    public func reportChoices(count: Int, chosen: Int) {
        reportChoices(count: count, chosen: chosen >= 0 ? chosen : nil)
    }

    /// Calls `handle` with the key and modifier state of each press of an event signal
    /// (`key-press-event`, or a subclass's own); it returns whether the field used the key.
    func connectKeyPresses(_ signal: String, _ handle: @escaping @MainActor (_ keyval: guint, _ state: guint) -> Bool) {
        connectEvent(signal) { event in handle(event.pointee.key.keyval, event.pointee.key.state) }
    }

    /// The modifiers that change what a list key means: Ctrl, Alt and Super (Shift, Caps Lock
    /// and Num Lock do not).
    static func commandModifiers(_ state: guint) -> guint {
        state & (GDK_CONTROL_MASK.rawValue | GDK_MOD1_MASK.rawValue | GDK_SUPER_MASK.rawValue)
    }

    /// The entry's text.
    public var text: String {
        get { String(cString: gtk_entry_get_text(cast())) }
        set { gtk_entry_set_text(cast(), newValue) }
    }

    /// Whether the entry's text is `string` (compared as GTK compares a new text with the old),
    /// without copying the text into a `String`.
    func hasText(_ string: String) -> Bool {
        string.withCString { strcmp(gtk_entry_get_text(cast()), $0) == 0 }
    }

    /// Whether the entry's text is item `index` of `items`, without making the item a `String`.
    func hasText(item index: Int, of items: ListItems) -> Bool {
        let text = gtk_entry_get_text(cast())!
        return items.withUTF8(at: index) { item in
            strlen(text) == item.count && (item.isEmpty || memcmp(text, item.baseAddress!, item.count) == 0)
        }
    }

    /// Dimmed text shown while the entry is empty; also its accessible name when nothing else names it.
    public var placeholderText: String? {
        get { gtk_entry_get_placeholder_text(cast()).map { String(cString: $0) } }
        set { gtk_entry_set_placeholder_text(cast(), newValue) }
    }

    /// Whether typing changes the text.
    open var isEditable: Bool {
        get { gtk_editable_get_editable(OpaquePointer(object)) != 0 }
        set { gtk_editable_set_editable(OpaquePointer(object), newValue ? 1 : 0) }
    }

    /// Whether there is a list to open: a combo box, not a plain entry.
    public var isExpandable: Bool {
        get { ek_chooser_entry_get_expandable(chooserEntry) != 0 }
        set { ek_chooser_entry_set_expandable(chooserEntry, newValue ? 1 : 0) }
    }

    /// Whether the list is shown (`expanded` over AT-SPI). Only an expandable entry expands.
    public var isExpanded: Bool {
        get { ek_chooser_entry_get_expanded(chooserEntry) != 0 }
        set { ek_chooser_entry_set_expanded(chooserEntry, newValue ? 1 : 0) }
    }

    /// Names the entry after a label: the label's mnemonic (Alt+letter) focuses the entry, and
    /// the label's text names the entry for screen readers (`labelled-by` too).
    public func setLabel(_ label: Label) {
        gtk_label_set_mnemonic_widget(label.cast(), widget)
    }
}
