import CGtk
import EntryKit
import Foundation

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
            gdk_event_set_source_device(event, pointer)
            gtk_main_do_event(event)
            gdk_event_free(event)
        }
    }

    /// Presses the primary button at `start` in `widget`'s window, moves to `end` in steps and
    /// releases there, through the X server's test extension (`xdotool`): real pointer input,
    /// with the motion and grabs a person's drag has.
    public static func drag(_ widget: Widget, from start: (x: Double, y: Double), to end: (x: Double, y: Double), steps: Int = 8) {
        guard let window = gtk_widget_get_window(widget.widget) else { return }
        var originX: gint = 0, originY: gint = 0
        gdk_window_get_origin(window, &originX, &originY)
        func screen(_ x: Double, _ y: Double) -> [String] { [String(Int(originX) + Int(x)), String(Int(originY) + Int(y))] }
        var arguments = ["mousemove", "--sync"] + screen(start.x, start.y) + ["mousedown", "1"]
        for step in 1...steps {
            let fraction = Double(step) / Double(steps)
            arguments += ["mousemove", "--sync"] + screen(start.x + (end.x - start.x) * fraction, start.y + (end.y - start.y) * fraction)
        }
        arguments += ["mouseup", "1"]
        let xdotool = Process()
        xdotool.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        xdotool.arguments = arguments
        do { try xdotool.run() } catch { preconditionFailure("xdotool could not run: \(error)") }
        // The loop must run while the pointer moves, or `--sync` waits for motion GTK never reads.
        MainLoop.run(until: { !xdotool.isRunning }, timeout: 10)
        MainLoop.run(until: { false }, timeout: 0.05)
    }
}
