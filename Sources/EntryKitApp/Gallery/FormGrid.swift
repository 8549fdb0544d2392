import CGtk
import EntryKit

/// A gallery page's form: labels in the first column beside the controls they name, filled
/// row by row.
@MainActor
final class FormGrid {
    let container = Container(transferFull: gtk_grid_new())
    private var nextRow: Int32 = 0
    private var grid: UnsafeMutablePointer<GtkGrid> { container.cast() }

    init() {
        gtk_grid_set_row_spacing(grid, 8)
        gtk_grid_set_column_spacing(grid, 12)
    }

    /// A row of `control`, with `label` before it as its name (its mnemonic focuses the control).
    func add(_ label: Label, naming control: Widget) {
        gtk_label_set_mnemonic_widget(label.cast(), control.widget)
        add(label, beside: control)
    }

    /// A row of `widget` with `caption` (none: an empty first column) before it.
    func add(_ caption: Label?, beside widget: Widget) {
        if let caption { gtk_grid_attach(grid, caption.widget, 0, nextRow, 1, 1) }
        gtk_grid_attach(grid, widget.widget, 1, nextRow, 1, 1)
        nextRow += 1
    }

    /// A row of `widget` across both columns.
    func add(spanning widget: Widget) {
        gtk_grid_attach(grid, widget.widget, 0, nextRow, 2, 1)
        nextRow += 1
    }
}
