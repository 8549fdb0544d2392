import CGtk
import EntryKit
import EntryKitTestInput

/// The list core alone, in a popover under an entry as the TreeView competitor, with the same
/// rows (`ListGeometry`).
final class ListCoreSubject: BenchmarkSubject {
    static let name = "ListCore"
    static let filtersWithListCore = true
    let entry: UnsafeMutablePointer<GtkWidget>
    let popover: UnsafeMutablePointer<GtkWidget>
    let list = ListView()

    init(container: UnsafeMutablePointer<GtkWidget>) {
        entry = gtk_entry_new()
        gtk_box_pack_start(cast(container), entry, 0, 0, 0)
        gtk_widget_show(entry)
        popover = gtk_popover_new(entry)
        gtk_popover_set_position(cast(popover), GTK_POS_BOTTOM)
        list.rowHeight = ListGeometry.rowHeight
        list.visibleRowCount = ListGeometry.rows
        gtk_widget_set_size_request(list.widget, ListGeometry.width, -1)
        gtk_container_add(cast(popover), list.widget)
        list.showAll()
    }

    func setItems(_ items: [String]) { list.setItems(items) }
    func open() { gtk_popover_popup(cast(popover)) }
    func close() { gtk_popover_popdown(cast(popover)) }
    var paintedWidget: UnsafeMutablePointer<GtkWidget>? { list.canvas.widget }

    func pageDown() -> Bool { scrollByPage(gtk_scrolled_window_get_vadjustment(list.cast())) }

    func typeQuery(_ query: String) -> Bool {
        gtk_entry_set_text(cast(entry), query)
        list.filterText = query
        return true
    }

    var isUpToDate: Bool { list.isFilterSettled }
    var shownRowCount: Int? { list.rowCount }

    func destroy() {
        gtk_widget_destroy(popover)
        gtk_widget_destroy(entry)
    }
}

/// The whole DropDownField, editable (typing filters), in a field as wide as the other lists,
/// showing the same rows. It opens the way a user opens it: a click on the entry, dispatched
/// through GTK, so the time runs from the click to the painted list.
final class DropDownFieldSubject: BenchmarkSubject {
    static let name = "DropDownField"
    static let filtersWithListCore = true
    let field = DropDownField()

    init(container: UnsafeMutablePointer<GtkWidget>) {
        field.isEditable = true
        field.visibleRowCount = ListGeometry.rows
        field.rowHeight = ListGeometry.rowHeight
        gtk_widget_set_size_request(field.widget, ListGeometry.width, -1)
        gtk_widget_set_halign(field.widget, GTK_ALIGN_START)
        gtk_box_pack_start(cast(container), field.widget, 0, 0, 0)
        field.show()
    }

    func setItems(_ items: [String]) { field.setItems(items) }
    func open() { SyntheticClick.click(field, x: 20, y: 8) }
    func close() { field.close() }
    var paintedWidget: UnsafeMutablePointer<GtkWidget>? { field.list.canvas.widget }
    func pageDown() -> Bool { scrollByPage(gtk_scrolled_window_get_vadjustment(field.list.cast())) }

    /// Typing into the entry: its text changes, and the field filters its open list.
    func typeQuery(_ query: String) -> Bool {
        field.text = query
        return true
    }

    var isUpToDate: Bool { field.list.isFilterSettled }
    var shownRowCount: Int? { field.list.rowCount }
    func destroy() { field.destroy() }
}

/// PickerField as a user meets it: `setItems` on the field, opened as a click opens it (the
/// wheel centred on the pick, in the popover under the field), with the same rows as the other
/// lists (15, odd, so the pick sits in the middle). It has no filter.
final class PickerFieldSubject: BenchmarkSubject {
    static let name = "PickerField"
    let field = PickerField()

    init(container: UnsafeMutablePointer<GtkWidget>) {
        field.popup.animationDuration = 0
        field.visibleRowCount = ListGeometry.rows
        field.list.rowHeight = ListGeometry.rowHeight
        gtk_widget_set_size_request(field.widget, ListGeometry.width, -1)
        gtk_widget_set_halign(field.widget, GTK_ALIGN_START)
        gtk_box_pack_start(cast(container), field.widget, 0, 0, 0)
        field.show()
    }

    func setItems(_ items: [String]) { field.setItems(items) }
    func open() { field.open() }
    func close() { field.close() }
    var paintedWidget: UnsafeMutablePointer<GtkWidget>? { field.list.canvas.widget }

    func pageDown() -> Bool { scrollByPage(gtk_scrolled_window_get_vadjustment(field.list.cast())) }

    func destroy() { field.destroy() }
}
