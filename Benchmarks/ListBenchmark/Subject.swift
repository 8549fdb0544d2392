import CGtk

/// One list widget under measurement. The harness owns the window and the clock; a subject only
/// builds its widget into `container` and performs the user-level actions.
///
/// To add a subject (e.g. the list core as "ListCore", or "DropDownField"):
///   1. write a `final class` conforming to this protocol (see `TreeViewPopoverSubject` for a
///      popover-based one, and README.md here for a ListCore sketch of about 20 lines);
///   2. add it to `allSubjects` below. `scripts/benchmark` runs every name `--list` prints, and
///      `scripts/benchmark-table` compares it with the competitors at the same size.
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
}

@MainActor
let allSubjects: [any BenchmarkSubject.Type] = [
    ComboBoxTextSubject.self,
    TreeViewPopoverSubject.self,
    ListCoreSubject.self,
    PickerFieldSubject.self,
    DropDownFieldSubject.self,
]

/// Scrolls a list's adjustment down by one page, as Page Down on its scrollbar does: the same
/// action for every subject, so `scroll_ms` compares like with like.
@MainActor
func scrollByPage(_ adjustment: UnsafeMutablePointer<GtkAdjustment>?) -> Bool {
    let page = gtk_adjustment_get_page_size(adjustment)
    let top = gtk_adjustment_get_upper(adjustment) - page
    gtk_adjustment_set_value(adjustment, min(gtk_adjustment_get_value(adjustment) + page, top))
    return true
}

/// Casts between GTK's C types, which Swift sees as unrelated pointer types.
func cast<T>(_ pointer: UnsafeMutableRawPointer?) -> UnsafeMutablePointer<T> {
    pointer!.assumingMemoryBound(to: T.self)
}
