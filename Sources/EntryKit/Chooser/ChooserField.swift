import CEntryKit
import CGtk
import EntryKitList

/// What ``DropDownField`` and ``PickerField`` share, as a handle onto one `EkChooserField`
/// object: its items, the open list's size, font, border and placeholder, opening and closing,
/// and the callbacks around them.
///
/// A handle is a typed reference onto the object, as a gtk-rs wrapper is, and holds nothing else:
/// the field's state and behaviour (``ChooserFieldImplementation``) are made with the object, in
/// its `constructed`, whoever made it (this handle's `init()`, C, Python, JavaScript, Vala,
/// GtkBuilder), and live until the object is destroyed. So any number of handles onto one field,
/// and the code of any language that holds it, drive the same field. A handle holds one reference
/// to the object (transfer full from ``DropDownField/init()``, none from `init(wrapping:)`),
/// released on GTK's thread. Once the field is destroyed its handle reads the properties'
/// defaults and its calls do nothing; its ``list`` and ``popup`` are gone.
@MainActor
open class ChooserField: ChooserEntry {
    /// A handle onto a new field: a constructor's result, whose reference it takes.
    init(transferFull field: UnsafeMutablePointer<GtkWidget>) {
        super.init(transferFull: field)
    }

    /// A handle onto a field made elsewhere (GtkBuilder, C, a binding), adding a reference; `type`
    /// is the C type it must be (a field of another type is a programming error).
    init(wrapping object: UnsafeMutablePointer<GObject>, ofType type: GType) {
        precondition(ek_is_a(object, type) != 0, "\(Self.self)(wrapping:) needs an \(String(cString: g_type_name(type)))")
        super.init(transferNone: object)
        precondition(chooser != nil, "\(Self.self): the field was destroyed before it was wrapped")
    }

    /// The field's state and behaviour, nil once the field is destroyed.
    package var chooser: ChooserFieldImplementation? { ChooserFieldImplementation.of(object) }

    /// The field's state and behaviour, which a destroyed field no longer has.
    package var alive: ChooserFieldImplementation {
        guard let chooser else { preconditionFailure("\(Self.self): the field was destroyed") }
        return chooser
    }

    /// The field for EntryKit's C functions (`ek_chooser_field_…`).
    package var chooserField: UnsafeMutablePointer<EkChooserField> { cast() }

    /// The popover and its list.
    public var popup: ChooserPopup { alive.popup }

    /// The list the popup shows (the core ``ListView``): its rows, highlight and filter.
    public var list: ListView { alive.list }

    /// The accessible of the list the field controls. Most of what assistive technologies see
    /// comes from the C base (`EkChooserEntry`): the role `combo box`, `expandable` and
    /// `expanded` with their change events, the name from the label or placeholder, AT-SPI
    /// Selection over all items, and `controller-for` this list: a `list`, or above 100 rows a
    /// one-column `table`, with every row a child at its true index. The list reports its
    /// highlighted row as the entry's active descendant, and a row chosen through AT-SPI
    /// Selection or Action is chosen as a click chooses it.
    public var listAccessible: UnsafeMutablePointer<AtkObject> { alive.list.canvas.accessible }

    /// Asked before the user opens the list (a click, a key, focus); return `false` to refuse.
    public var shouldOpen: (() -> Bool)? {
        get { chooser?.shouldOpen }
        set { chooser?.shouldOpen = newValue }
    }

    /// Called after the list opens.
    public var onOpen: (() -> Void)? {
        get { chooser?.onOpen }
        set { chooser?.onOpen = newValue }
    }

    /// Called after the list closes.
    public var onClose: (() -> Void)? {
        get { chooser?.onClose }
        set { chooser?.onClose = newValue }
    }

    /// The height a row has when the list opens: ``rowHeight``, else the entry's own height, or
    /// the height the list's font needs with its padding where that is more (large text: the
    /// entry's minimum height no longer holds the text and padding).
    public var effectiveRowHeight: Int { chooser?.effectiveRowHeight ?? 0 }

    /// The last refused call, as the warning said it (for tests and diagnostics).
    public var lastRefusal: String? { chooser?.lastRefusal }

    /// Where the list opened last: below the entry or above it.
    public var placement: ChooserPlacement { chooser?.placement ?? .below }

    /// Opens the list as a click does (nothing happens with no items, while open, or when
    /// ``shouldOpen`` refuses).
    public func open() { chooser?.open() }

    /// Closes the list, keeping the text as it is.
    public func close() { chooser?.close() }

    /// Opens the list when closed, closes it when open: what a click on the entry does.
    public func toggle() { chooser?.toggle() }
}
