import CEntryKit
import CGtk
import EntryKitList

/// What ``DropDownField`` and ``PickerField`` share, as a handle onto one `EkChooserField`
/// object: its items, the open list's size, font, border and placeholder, opening and closing,
/// and the callbacks around them.
///
/// A handle is a typed pointer, as a gtk-rs wrapper is: the field's behaviour
/// (``ChooserFieldImplementation``) is made with the object, in its `constructed`, whoever made
/// it (this handle's `init()`, C, Python, JavaScript, Vala, GtkBuilder), and lives as long as
/// the object does. So any number of handles onto one field, and the code of any language that
/// holds it, drive the same field. A handle holds one reference to the object (transfer full
/// from ``DropDownField/init()``, none from `init(wrapping:)`), released on GTK's thread.
@MainActor
open class ChooserField: ChooserEntry {
    /// The object's behaviour, made with it; kept by the handle, so a destroyed field's handle
    /// still answers.
    package let chooser: ChooserFieldImplementation

    /// A handle onto a new field: a constructor's result, whose reference it takes.
    init(transferFull field: UnsafeMutablePointer<GtkWidget>) {
        chooser = Self.implementation(of: field)
        super.init(transferFull: field)
    }

    /// A handle onto a field made elsewhere (GtkBuilder, C, a binding), adding a reference; `type`
    /// is the C type it must be (a field of another type is a programming error).
    init(wrapping object: UnsafeMutablePointer<GObject>, ofType type: GType) {
        precondition(ek_is_a(object, type) != 0, "\(Self.self)(wrapping:) needs an \(String(cString: g_type_name(type)))")
        chooser = Self.implementation(of: object)
        super.init(transferNone: object)
    }

    private static func implementation<T>(of object: UnsafeMutablePointer<T>) -> ChooserFieldImplementation {
        let field = UnsafeMutableRawPointer(object).assumingMemoryBound(to: EkChooserField.self)
        guard let implementation = ek_chooser_field_implementation(field) else {
            preconditionFailure("\(Self.self): the field was disposed before it was wrapped")
        }
        return Unmanaged<ChooserFieldImplementation>.fromOpaque(implementation).takeUnretainedValue()
    }

    /// The field for EntryKit's C functions (`ek_chooser_field_…`).
    package var chooserField: UnsafeMutablePointer<EkChooserField> { cast() }

    /// The popover and its list.
    public var popup: ChooserPopup { chooser.popup }

    /// The list the popup shows (the core ``ListView``): its rows, highlight and filter.
    public var list: ListView { chooser.list }

    /// The accessible of the list the field controls; see
    /// ``ChooserFieldImplementation/listAccessible``.
    public var listAccessible: UnsafeMutablePointer<AtkObject> { chooser.listAccessible }

    /// Asked before the user opens the list (a click, a key, focus); return `false` to refuse.
    public var shouldOpen: (() -> Bool)? {
        get { chooser.shouldOpen }
        set { chooser.shouldOpen = newValue }
    }

    /// Called after the list opens.
    public var onOpen: (() -> Void)? {
        get { chooser.onOpen }
        set { chooser.onOpen = newValue }
    }

    /// Called after the list closes.
    public var onClose: (() -> Void)? {
        get { chooser.onClose }
        set { chooser.onClose = newValue }
    }

    /// The height a row has when the list opens: ``rowHeight``, else what the entry and the
    /// list's font need.
    public var effectiveRowHeight: Int { chooser.effectiveRowHeight }

    /// The last refused call, as the warning said it (for tests and diagnostics).
    public var lastRefusal: String? { chooser.lastRefusal }

    /// Whether the list is open.
    public var isOpen: Bool { chooser.isOpen }

    /// Where the list opened last: below the entry or above it.
    public var placement: ChooserPlacement { chooser.placement }

    /// Opens the list as a click does (nothing happens with no items, while open, or when
    /// ``shouldOpen`` refuses).
    public func open() { chooser.open() }

    /// Closes the list, keeping the text as it is.
    public func close() { chooser.close() }

    /// Opens the list when closed, closes it when open: what a click on the entry does.
    public func toggle() { chooser.toggle() }
}
