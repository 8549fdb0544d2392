import CGtk

/// `GtkEntryCompletion`: GTK 3's own filtered popup under an entry, as an application sets it up
/// (a `GtkListStore`, text column 0). Its popup opens and filters as the entry's text changes,
/// after GTK's own short delay, which a user waits for too. It refilters with its view attached;
/// the popup's height is GTK's choice (the room below the entry), its width the entry's 320.
///
/// The match function does what GTK's default one does (normalize, casefold, compare with the
/// key GTK normalized and casefolded), anchored at the start or anywhere, and notes the key it
/// was called with: that is how the benchmark knows GTK has refiltered for the latest text.
class EntryCompletionSubject: BenchmarkSubject {
    class var name: String { "GtkEntryCompletion" }
    class var match: QueryMatch { .substring }
    let window: UnsafeMutablePointer<GtkWidget>
    let entry: UnsafeMutablePointer<GtkWidget>
    let completion: UnsafeMutablePointer<GtkEntryCompletion>
    let state: CompletionState
    var store: UnsafeMutablePointer<GtkListStore>?

    required init(container: UnsafeMutablePointer<GtkWidget>) {
        window = gtk_widget_get_toplevel(container)
        entry = gtk_entry_new()
        gtk_widget_set_size_request(entry, ListGeometry.width, -1)
        gtk_widget_set_halign(entry, GTK_ALIGN_START)
        gtk_box_pack_start(cast(container), entry, 0, 0, 0)
        gtk_widget_show(entry)
        completion = gtk_entry_completion_new()
        state = CompletionState(prefix: Self.match == .prefix)
        gtk_entry_completion_set_text_column(completion, 0)
        gtk_entry_completion_set_match_func(completion, foldedMatch, Unmanaged.passRetained(state).toOpaque()) { data in
            Unmanaged<CompletionState>.fromOpaque(data!).release()
        }
        gtk_entry_set_completion(cast(entry), completion)
        g_object_unref(completion)  // the entry holds it
        if let cells = gtk_cell_layout_get_cells(OpaquePointer(completion)) {
            setRowHeight(cast(cells.pointee.data))
            g_list_free(cells)
        }
    }

    func setItems(_ items: [String]) {
        gtk_entry_completion_set_model(completion, nil)
        if let store { g_object_unref(store) }
        let store = makeListStore(items)
        self.store = store
        gtk_entry_completion_set_model(completion, OpaquePointer(store))
    }

    /// The popup shows only while the entry has the keyboard focus, which no window manager
    /// gives under a bare Xvfb: the window is told it has it, as a window manager would.
    func focusEntry() {
        let event = gdk_event_new(GDK_FOCUS_CHANGE)!
        event.pointee.focus_change.window = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(gtk_widget_get_window(window))))
        event.pointee.focus_change.send_event = 1
        event.pointee.focus_change.in = 1
        gtk_widget_send_focus_change(window, event)
        gdk_event_free(event)
        gtk_widget_grab_focus(entry)
    }

    /// All the items, as an empty key matches every row (no minimum key length): a key typed
    /// and the text emptied again. The completion pops up only for a change made by an input
    /// device, so the key is a key event dispatched through GTK; later changes reuse its device.
    func open() {
        focusEntry()
        gtk_entry_completion_set_minimum_key_length(completion, 0)
        pressKey(guint(GDK_KEY_x))
        state.key = nil
        expectedKey = ""
        gtk_editable_delete_text(OpaquePointer(entry), 0, -1)
    }

    /// Text changes through the editable interface or key events: `gtk_entry_set_text` hides
    /// them from the completion.

    func pressKey(_ keyval: guint) {
        let event = gdk_event_new(GDK_KEY_PRESS)!
        event.pointee.key.window = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(gtk_widget_get_window(window))))
        event.pointee.key.send_event = 1
        event.pointee.key.time = guint32(GDK_CURRENT_TIME)
        event.pointee.key.keyval = keyval
        gdk_event_set_device(event, gdk_seat_get_keyboard(gdk_display_get_default_seat(gdk_display_get_default())))
        gtk_main_do_event(event)
        gdk_event_free(event)
    }

    /// GTK 3 has no call that closes the popup; emptying the text with a minimum key length does.
    func close() {
        gtk_entry_completion_set_minimum_key_length(completion, gint.max)
        var position: gint = -1
        gtk_editable_insert_text(OpaquePointer(entry), "x", 1, &position)
        gtk_editable_delete_text(OpaquePointer(entry), 0, -1)
    }

    var paintedWidget: UnsafeMutablePointer<GtkWidget>? { mappedPopupWindow().flatMap(firstTreeView(in:)) }
    var shownRowCount: Int? { paintedWidget.flatMap(rowCount(of:)) }
    var expectedKey: String?
    var isUpToDate: Bool { state.key == expectedKey }

    func pageDown() -> Bool {
        guard let view = paintedWidget else { return false }
        return scrollByPage(gtk_scrollable_get_vadjustment(OpaquePointer(view)))
    }

    /// The query's last character as a key press when the entry holds the rest (typing);
    /// otherwise the text replaced through the editable interface.
    func typeQuery(_ query: String) -> Bool {
        let text = String(cString: gtk_entry_get_text(cast(entry)))
        expectedKey = query.lowercased()
        if text == query { return true }  // no change, so the completion has nothing to redo
        state.key = nil
        if let last = query.unicodeScalars.last, text == String(query.dropLast()) {
            pressKey(gdk_unicode_to_keyval(last.value))
        } else {
            gtk_editable_delete_text(OpaquePointer(entry), 0, -1)
            var position: gint = 0
            gtk_editable_insert_text(OpaquePointer(entry), query, gint(query.utf8.count), &position)
        }
        return true
    }

    func destroy() {
        gtk_widget_destroy(entry)
        if let store { g_object_unref(store) }
    }
}

final class EntryCompletionPrefixSubject: EntryCompletionSubject {
    override class var match: QueryMatch { .prefix }
}

final class EntryCompletionSubstringSubject: EntryCompletionSubject {}

/// What the match function shares with the subject: prefix or substring, and the last key.
final class CompletionState: @unchecked Sendable {
    let prefix: Bool
    var key: String?
    init(prefix: Bool) { self.prefix = prefix }
}

/// GTK's default match (gtkentrycompletion.c): the item normalized and casefolded, compared with
/// the key GTK normalized and casefolded once per refilter; here at the start or anywhere.
private func foldedMatch(
    completion: UnsafeMutablePointer<GtkEntryCompletion>?, key: UnsafePointer<gchar>?,
    iter: UnsafeMutablePointer<GtkTreeIter>?, data: gpointer?
) -> gboolean {
    let state = Unmanaged<CompletionState>.fromOpaque(data!).takeUnretainedValue()
    guard let key else { return 0 }
    if state.key == nil { state.key = String(cString: key) }
    var value = GValue()
    gtk_tree_model_get_value(gtk_entry_completion_get_model(completion), iter, 0, &value)
    defer { g_value_unset(&value) }
    guard let text = g_value_get_string(&value),
        let normalized = g_utf8_normalize(text, -1, G_NORMALIZE_ALL)
    else { return 0 }
    defer { g_free(normalized) }
    guard let folded = g_utf8_casefold(normalized, -1) else { return 0 }
    defer { g_free(folded) }
    if state.prefix { return strncmp(key, folded, strlen(key)) == 0 ? 1 : 0 }
    return strstr(folded, key) != nil ? 1 : 0
}

/// The first `GtkTreeView` inside `widget` (a completion popup holds its matches' view first).
@MainActor
func firstTreeView(in widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
    func isA(_ type: GType) -> Bool { g_type_check_instance_is_a(cast(UnsafeMutableRawPointer(widget)), type) != 0 }
    if isA(gtk_tree_view_get_type()) { return widget }
    guard isA(gtk_container_get_type()),
        let children = gtk_container_get_children(cast(widget))
    else { return nil }
    defer { g_list_free(children) }
    var node: UnsafeMutablePointer<GList>? = children
    while let current = node {
        if let found = firstTreeView(in: cast(current.pointee.data)) { return found }
        node = current.pointee.next
    }
    return nil
}
