import CGtk

// The stock GTK 3 competitors, written the way an application would use them, with the faster
// idiom where GTK offers two (fill the store before attaching it; detach the view while refiltering).

private let stringType = GType(16 << 2)  // G_TYPE_STRING, a macro Swift cannot import

/// `GtkComboBoxText` with an entry: the stock GTK 3 drop-down. Its list is a GtkMenu (a menu
/// item per row) in a popup window of its own. No filter or page-down: it has neither.
final class ComboBoxTextSubject: BenchmarkSubject {
    static let name = "GtkComboBoxText"
    let combo: UnsafeMutablePointer<GtkWidget>

    init(container: UnsafeMutablePointer<GtkWidget>) {
        combo = gtk_combo_box_text_new_with_entry()
        // As wide as the other lists; its menu's height is GTK's choice (it fills the screen).
        gtk_widget_set_size_request(combo, ListGeometry.width, -1)
        gtk_widget_set_halign(combo, GTK_ALIGN_START)
        gtk_box_pack_start(cast(container), combo, 0, 0, 0)
        gtk_widget_show_all(combo)
    }

    func setItems(_ items: [String]) {
        gtk_combo_box_text_remove_all(cast(combo))
        for item in items { gtk_combo_box_text_append_text(cast(combo), item) }
    }

    func open() { gtk_combo_box_popup(cast(combo)) }
    func close() { gtk_combo_box_popdown(cast(combo)) }

    /// The menu's popup window exists only once it is shown; find it among the toplevels.
    var paintedWidget: UnsafeMutablePointer<GtkWidget>? { mappedPopupWindow() }

    func destroy() { gtk_widget_destroy(combo) }
}

/// A `GtkTreeView` in fixed-height mode over a `GtkListStore`, in a scrolled window in a
/// `GtkPopover` under an entry: the fastest stock GTK 3 list (a node per row, no widget per row).
final class TreeViewPopoverSubject: BenchmarkSubject {
    static let name = "GtkTreeView popover"
    let entry: UnsafeMutablePointer<GtkWidget>
    let popover: UnsafeMutablePointer<GtkWidget>
    let treeView: UnsafeMutablePointer<GtkWidget>
    var store: UnsafeMutablePointer<GtkListStore>?
    var filter: OpaquePointer?  // GtkTreeModel*, an interface Swift sees as opaque
    /// Read by the C visible-func; lower-case ASCII, as the items are.
    let query = QueryBox()

    init(container: UnsafeMutablePointer<GtkWidget>) {
        entry = gtk_entry_new()
        gtk_box_pack_start(cast(container), entry, 0, 0, 0)
        gtk_widget_show(entry)

        treeView = gtk_tree_view_new()
        gtk_tree_view_set_headers_visible(cast(treeView), 0)
        let column = gtk_tree_view_column_new()!
        let renderer = gtk_cell_renderer_text_new()!
        gtk_tree_view_column_pack_start(column, renderer, 1)
        gtk_tree_view_column_add_attribute(column, renderer, "text", 0)
        gtk_tree_view_column_set_sizing(column, GTK_TREE_VIEW_COLUMN_FIXED)
        gtk_tree_view_column_set_fixed_width(column, ListGeometry.width - 20)
        setRowHeight(renderer)
        gtk_tree_view_append_column(cast(treeView), column)
        gtk_tree_view_set_fixed_height_mode(cast(treeView), 1)

        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_policy(cast(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_size_request(scrolled, ListGeometry.width, ListGeometry.height)
        gtk_container_add(cast(scrolled), treeView)

        popover = gtk_popover_new(entry)
        gtk_popover_set_position(cast(popover), GTK_POS_BOTTOM)
        gtk_container_add(cast(popover), scrolled)
        gtk_widget_show_all(scrolled)
    }

    func setItems(_ items: [String]) {
        gtk_tree_view_set_model(cast(treeView), nil)
        if let filter {
            g_object_unref(UnsafeMutableRawPointer(filter))
            self.filter = nil
        }
        if let store { g_object_unref(store) }
        let store = makeListStore(items)
        self.store = store
        gtk_tree_view_set_model(cast(treeView), OpaquePointer(store))
    }

    func open() { gtk_popover_popup(cast(popover)) }
    func close() { gtk_popover_popdown(cast(popover)) }
    var paintedWidget: UnsafeMutablePointer<GtkWidget>? { treeView }
    var shownRowCount: Int? { rowCount(of: treeView) }

    func pageDown() -> Bool { scrollByPage(gtk_scrollable_get_vadjustment(OpaquePointer(treeView))) }

    /// Substring filter through GtkTreeModelFilter, made on the first keystroke. Refiltering
    /// while attached emits a signal per changed row, so the view is detached meanwhile.
    func typeQuery(_ query: String) -> Bool {
        gtk_entry_set_text(cast(entry), query)
        self.query.bytes = Array(query.lowercased().utf8)
        if filter == nil {
            filter = gtk_tree_model_filter_new(OpaquePointer(store), nil)
            gtk_tree_model_filter_set_visible_func(
                cast(UnsafeMutableRawPointer(filter)), visibleByQuery, Unmanaged.passUnretained(self.query).toOpaque(), nil)
        }
        gtk_tree_view_set_model(cast(treeView), nil)
        gtk_tree_model_filter_refilter(cast(UnsafeMutableRawPointer(filter)))
        gtk_tree_view_set_model(cast(treeView), filter)
        return true
    }

    func destroy() {
        gtk_widget_destroy(popover)
        gtk_widget_destroy(entry)
        if let filter { g_object_unref(UnsafeMutableRawPointer(filter)) }
        if let store { g_object_unref(store) }
    }
}

final class QueryBox: @unchecked Sendable {
    var bytes: [UInt8] = []
}

/// ASCII case-insensitive substring test, the cheapest honest match for these items.
private func visibleByQuery(
    model: OpaquePointer?, iter: UnsafeMutablePointer<GtkTreeIter>?, data: gpointer?
) -> gboolean {
    let needle = Unmanaged<QueryBox>.fromOpaque(data!).takeUnretainedValue().bytes
    if needle.isEmpty { return 1 }
    var value = GValue()
    gtk_tree_model_get_value(model, iter, 0, &value)
    defer { g_value_unset(&value) }
    guard let text = g_value_get_string(&value) else { return 0 }
    let length = strlen(text)
    if length < needle.count { return 0 }
    return text.withMemoryRebound(to: UInt8.self, capacity: length) { haystack in
        outer: for start in 0...(length - needle.count) {
            for (offset, byte) in needle.enumerated() {
                var c = haystack[start + offset]
                if c >= 65 && c <= 90 { c += 32 }
                if c != byte { continue outer }
            }
            return 1
        }
        return 0
    }
}

/// A one-column `GtkListStore` holding `items`, filled before anyone watches it (the fast way).
@MainActor
func makeListStore(_ items: [String]) -> UnsafeMutablePointer<GtkListStore> {
    var types = [stringType]
    let store = gtk_list_store_newv(1, &types)!
    var iter = GtkTreeIter()
    var column: gint = 0
    var value = GValue()
    g_value_init(&value, stringType)
    for item in items {
        item.withCString { text in
            g_value_set_static_string(&value, text)  // the store copies it
            gtk_list_store_insert_with_valuesv(store, &iter, -1, &column, &value, 1)
        }
    }
    g_value_unset(&value)
    return store
}

/// Tree view rows of `ListGeometry.rowHeight` pixels: the cell's fixed height plus the
/// separator a tree view puts between rows (the theme's, read from a throwaway view).
@MainActor
func setRowHeight(_ renderer: UnsafeMutablePointer<GtkCellRenderer>) {
    gtk_cell_renderer_set_fixed_size(renderer, -1, gint(ListGeometry.rowHeight) - treeViewRowSeparator)
}

@MainActor
private let treeViewRowSeparator: gint = {
    let probe = g_object_ref_sink(UnsafeMutableRawPointer(gtk_tree_view_new()))
    defer { g_object_unref(probe) }
    var separator = GValue()
    g_value_init(&separator, GType(6 << 2))  // G_TYPE_INT
    defer { g_value_unset(&separator) }
    gtk_widget_style_get_property(cast(probe), "vertical-separator", &separator)
    return g_value_get_int(&separator)
}()

/// Rows a tree view shows: its model's top-level rows.
@MainActor
func rowCount(of treeView: UnsafeMutablePointer<GtkWidget>) -> Int? {
    guard let model = gtk_tree_view_get_model(cast(treeView)) else { return nil }
    return Int(gtk_tree_model_iter_n_children(model, nil))
}

/// The mapped popup-type toplevel (a menu's or a combo list's window), if any.
@MainActor
func mappedPopupWindow() -> UnsafeMutablePointer<GtkWidget>? {
    let list = gtk_window_list_toplevels()
    defer { g_list_free(list) }
    var node = list
    while let current = node {
        let widget: UnsafeMutablePointer<GtkWidget> = cast(current.pointee.data)
        if gtk_widget_get_mapped(widget) != 0 && gtk_window_get_window_type(cast(widget)) == GTK_WINDOW_POPUP {
            return widget
        }
        node = current.pointee.next
    }
    return nil
}
