import CGtk
import EntryKit

/// A primary-button click made in-process and dispatched with `gtk_main_do_event`, as GTK's own
/// tests deliver input: the widget's handlers and gestures run as for a real click. For the test
/// support and the benchmarks (which time from the click), not for applications.
@MainActor
public enum SyntheticClick {
    /// Presses and releases the primary button at (x, y) in `widget`'s own coordinates, on the
    /// window GTK delivers it through (an entry's input window, not its parent's).
    public static func click(_ widget: Widget, x: Double, y: Double) {
        guard let (window, windowX, windowY) = eventWindow(of: widget, x: x, y: y) else { return }
        let pointer = gdk_seat_get_pointer(gdk_display_get_default_seat(gdk_window_get_display(window)))
        for type in [GDK_BUTTON_PRESS, GDK_BUTTON_RELEASE] {
            let event = gdk_event_new(type)!
            event.pointee.button.window = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(window)))  // the event owns a reference
            event.pointee.button.send_event = 1
            event.pointee.button.x = windowX
            event.pointee.button.y = windowY
            event.pointee.button.button = 1
            event.pointee.button.time = guint32(GDK_CURRENT_TIME)
            if type == GDK_BUTTON_RELEASE { event.pointee.button.state = GDK_BUTTON1_MASK.rawValue }
            gdk_event_set_device(event, pointer)
            gdk_event_set_source_device(event, pointer)
            gtk_main_do_event(event)
            gdk_event_free(event)
        }
    }

    /// The GdkWindow that receives pointer events at (x, y) of `widget`, with the point in its
    /// coordinates: the widget's own window, or the input-only child window it made (an entry's).
    private static func eventWindow(of widget: Widget, x: Double, y: Double) -> (OpaquePointer, Double, Double)? {
        guard let window = gtk_widget_get_window(widget.widget) else { return nil }
        if gtk_widget_get_has_window(widget.widget) != 0 { return (window, x, y) }
        var allocation = GtkAllocation()
        gtk_widget_get_allocation(widget.widget, &allocation)
        var node = gdk_window_peek_children(window)
        while let current = node {
            let child = OpaquePointer(current.pointee.data)!
            var owner: gpointer?
            gdk_window_get_user_data(child, &owner)
            if owner == UnsafeMutableRawPointer(widget.widget), gdk_window_is_visible(child) != 0 {
                var childX: gint = 0, childY: gint = 0
                gdk_window_get_position(child, &childX, &childY)
                return (child, Double(allocation.x) + x - Double(childX), Double(allocation.y) + y - Double(childY))
            }
            node = current.pointee.next
        }
        return (window, Double(allocation.x) + x, Double(allocation.y) + y)
    }
}
