import CGtk
import EntryKit

/// Pointer input delivered to a widget the way GTK's own tests deliver it: events made and
/// dispatched in-process, so gestures and handlers run as for a real click.
@MainActor
public enum TestInput {
    /// Presses and releases the primary button at (x, y) in `widget`'s own window.
    public static func click(_ widget: Widget, x: Double, y: Double) {
        guard let window = gtk_widget_get_window(widget.widget) else { return }
        let pointer = gdk_seat_get_pointer(gdk_display_get_default_seat(gdk_window_get_display(window)))
        for type in [GDK_BUTTON_PRESS, GDK_BUTTON_RELEASE] {
            let event = gdk_event_new(type)!
            event.pointee.button.window = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(window)))  // the event owns a reference
            event.pointee.button.send_event = 1
            event.pointee.button.x = x
            event.pointee.button.y = y
            event.pointee.button.button = 1
            event.pointee.button.time = guint32(GDK_CURRENT_TIME)
            if type == GDK_BUTTON_RELEASE { event.pointee.button.state = GDK_BUTTON1_MASK.rawValue }
            gdk_event_set_device(event, pointer)
            gtk_main_do_event(event)
            gdk_event_free(event)
        }
    }
}
