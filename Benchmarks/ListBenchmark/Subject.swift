import CGtk

/// One list widget under measurement. The harness owns the window and the clock; a subject only
/// builds its widget into `container` and performs the user-level actions.
///
/// To add a subject:
///   1. write a `final class` conforming to this protocol (see `ListCoreSubject` or
///      `TreeViewPopoverSubject` for popover-based ones), in the room `ListGeometry` gives;
///   2. add it to `allSubjects` below. `scripts/benchmark` runs every subject `--list` prints, and
///      `scripts/benchmark-table` compares the anchors with `DropDownField` at the same size.
/// Leave `pageDown`/`typeQuery` at their defaults if the widget cannot do them: the figure is
/// then left out of the JSON rather than faked.
@MainActor
protocol BenchmarkSubject: AnyObject {
    /// The row's "widget" name in the JSON.
    static var name: String { get }
    /// Builds the widget (closed, empty) into `container`, a vertical GtkBox in a shown window.
    init(container: UnsafeMutablePointer<GtkWidget>)
    /// Replaces the items. Timed as `set_ms`; must leave the widget ready to open.
    func setItems(_ items: [String])
    /// Shows the list the way a user's click would. Timed as `open_ms` to the painted frame.
    func open()
    func close()
    /// A widget inside the list's window, read after `open()`. Its toplevel's frame clock
    /// marks "painted": for a GTK 3 popover that is the entry's window, for a menu its own.
    var paintedWidget: UnsafeMutablePointer<GtkWidget>? { get }
    /// Scrolls the open list down by one page. Returns false if the widget cannot.
    func pageDown() -> Bool
    /// The user has typed `query` (one more character than last time) into the field.
    /// Returns false if the widget does not filter.
    func typeQuery(_ query: String) -> Bool
    /// How the widget matches the query; the floor scan and the expected row counts use the same.
    static var match: QueryMatch { get }
    /// Whether it filters with EntryKit's list core, whose filter is then also timed alone
    /// (`filter_model_ms`) beside the floor.
    static var filtersWithListCore: Bool { get }
    /// Rows the list shows now (after the last filter); nil if the widget cannot tell. Checked
    /// against a count made apart from the widget before a filter frame counts.
    var shownRowCount: Int? { get }
    /// Removes the widget (used after the warm-up so its memory leaves the baseline).
    func destroy()
    /// False while the widget still owes the result of the last action (a filter computed off
    /// the GTK thread): frames painted meanwhile do not count, the first one after does.
    var isUpToDate: Bool { get }
}

extension BenchmarkSubject {
    var isUpToDate: Bool { true }
    func pageDown() -> Bool { false }
    func typeQuery(_ query: String) -> Bool { false }
    static var match: QueryMatch { .substring }
    static var filtersWithListCore: Bool { false }
    var shownRowCount: Int? { nil }
}

/// Substring (the query anywhere in the item) or prefix, both case-insensitive.
enum QueryMatch: String {
    case substring, prefix

    /// Typed one key at a time. "r" alone matches most items and "rang" a few; every item
    /// starts with "item", so the prefix query keeps all of them (its worst case).
    var query: String { self == .substring ? "rang" : "item" }
}

/// The room every list gets, so each one draws the same rows: 15 rows of 26 pixels, 320 wide.
enum ListGeometry {
    static let width: Int32 = 320
    static let rows = 15
    static let rowHeight = 26
    static var height: Int32 { Int32(rows * rowHeight) }
}

@MainActor
let allSubjects: [any BenchmarkSubject.Type] = [
    ComboBoxTextSubject.self,
    TreeViewPopoverSubject.self,
    EntryCompletionPrefixSubject.self,
    EntryCompletionSubstringSubject.self,
    ListCoreSubject.self,
    PickerFieldSubject.self,
    DropDownFieldSubject.self,
]

/// Scrolls a list's adjustment down by one page, as Page Down on its scrollbar does: the same
/// action for every subject, so `scroll_ms` compares like with like. An adjustment that does
/// not move fails the run rather than timing nothing.
@MainActor
func scrollByPage(_ adjustment: UnsafeMutablePointer<GtkAdjustment>?) -> Bool {
    let page = gtk_adjustment_get_page_size(adjustment)
    let top = gtk_adjustment_get_upper(adjustment) - page
    let before = gtk_adjustment_get_value(adjustment)
    gtk_adjustment_set_value(adjustment, min(before + page, top))
    guard gtk_adjustment_get_value(adjustment) > before else { fail(5, "page down did not scroll the list") }
    return true
}

/// Casts between GTK's C types, which Swift sees as unrelated pointer types.
func cast<T>(_ pointer: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<T> {
    pointer!.assumingMemoryBound(to: T.self)
}
