import CEntryKit
import CGtk
import EntryKitList

/// What every view of an `EkChooserEntry` (a text entry that opens a list of choices) reads and
/// sets, written once for both: the public handles (``ChooserEntry`` and the fields under it)
/// and the fields' implementation inside EntryKit.
///
/// The C base gives the same behaviour however the entry was made, in code or by GtkBuilder:
/// while ``isExpandable`` it is a `combo box` over AT-SPI with `expandable` (and `expanded`
/// while ``isExpanded``), one primary click emits `toggle-requested` exactly once, and while
/// expanded a press outside the entry and its popup, or focus leaving the entry, emits
/// `dismiss-requested`. It shows nothing by itself: a field opens and closes its popup on them.
@MainActor
public protocol ChooserEntryInstance: GObjectInstance {}

extension ChooserEntryInstance {
    package var chooserEntry: UnsafeMutablePointer<EkChooserEntry> { cast() }

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

    /// Whether typing changes the text (`GtkEditable`'s `editable`).
    var isEntryEditable: Bool {
        get { gtk_editable_get_editable(opaque) != 0 }
        set { gtk_editable_set_editable(opaque, newValue ? 1 : 0) }
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

    /// Tells the accessible what there is to choose: `count` items, the one at `chosen` chosen
    /// (nil for none). Its AT-SPI Selection reads this, as GTK's combo box reads its active item.
    public func reportChoices(count: Int, chosen: Int?) {
        ek_chooser_entry_set_choices(chooserEntry, gint(clamping: count), chosen.map { gint(clamping: $0) } ?? -1)
    }

    /// ``reportChoices(count:chosen:)`` with -1 for none.
    public func reportChoices(count: Int, chosen: Int) {
        reportChoices(count: count, chosen: chosen >= 0 ? chosen : nil)
    }

    /// Names the entry after a label: the label's mnemonic (Alt+letter) focuses the entry, and
    /// the label's text names the entry for screen readers (`labelled-by` too).
    public func setLabel(_ label: Label) {
        gtk_label_set_mnemonic_widget(label.cast(), cast())
    }

    /// Calls `handle` with the key and modifier state of each press of an event signal
    /// (`key-press-event`, or a subclass's own); it returns whether the field used the key.
    func connectKeyPresses(_ signal: String, _ handle: @escaping @MainActor (_ keyval: guint, _ state: guint) -> Bool) {
        connectEvent(signal) { event in handle(event.pointee.key.keyval, event.pointee.key.state) }
    }
}

/// A handle onto an `EkChooserEntry`: the C base under ``ChooserField`` (and so under
/// ``DropDownField`` and ``PickerField``), with what every such entry does
/// (``ChooserEntryInstance``). It holds nothing of its own: the behaviour is the field's.
@MainActor
open class ChooserEntry: Widget, ChooserEntryInstance {
    /// Wraps a new `EkChooserEntry` or subclass instance (a constructor's result).
    public override init<T>(transferFull pointer: UnsafeMutablePointer<T>) {
        super.init(transferFull: pointer)
        precondition(isA(ek_chooser_entry_get_type()), "ChooserEntry wraps an EkChooserEntry")
    }

    /// Wraps an `EkChooserEntry` that something else made, such as a GtkBuilder file.
    public override init<T>(transferNone pointer: UnsafeMutablePointer<T>) {
        super.init(transferNone: pointer)
        precondition(isA(ek_chooser_entry_get_type()), "ChooserEntry wraps an EkChooserEntry")
    }

    /// Whether typing changes the text.
    open var isEditable: Bool {
        get { isEntryEditable }
        set { isEntryEditable = newValue }
    }
}

/// The modifiers that change what a list key means: Ctrl, Alt and Super (Shift, Caps Lock and
/// Num Lock do not).
func commandModifiers(_ state: guint) -> guint {
    state & (GDK_CONTROL_MASK.rawValue | GDK_MOD1_MASK.rawValue | GDK_SUPER_MASK.rawValue)
}
