import CGtk
import EntryKit
import EntryKitTestInput
import Foundation

/// Pointer input delivered to a widget the way GTK's own tests deliver it: events made and
/// dispatched in-process, so gestures and handlers run as for a real click.
@MainActor
public enum TestInput {
    /// Presses and releases the primary button at (x, y) in `widget`'s own coordinates, on the
    /// window GTK delivers it through (an entry's input window, not its parent's).
    public static func click(_ widget: Widget, x: Double, y: Double) {
        SyntheticClick.click(widget, x: x, y: y)
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

    /// Presses and releases a key (`GDK_KEY_Down`) with modifiers (`GDK_MOD1_MASK`) in the
    /// window that holds `widget`; the window's focus widget gets it, as from a keyboard.
    public static func key(_ keyval: Int32, modifiers: GdkModifierType = GdkModifierType(0), in widget: Widget) {
        guard let window = gtk_widget_get_window(gtk_widget_get_toplevel(widget.widget)) else { return }
        let display = gdk_window_get_display(window)
        let keyboard = gdk_seat_get_keyboard(gdk_display_get_default_seat(display))
        // Key bindings (an entry's Return → "activate") are looked up by hardware keycode.
        var keys: UnsafeMutablePointer<GdkKeymapKey>?
        var count: gint = 0
        gdk_keymap_get_entries_for_keyval(gdk_keymap_get_for_display(display), guint(bitPattern: keyval), &keys, &count)
        let keycode = count > 0 ? guint16(keys![0].keycode) : 0
        g_free(keys)
        for type in [GDK_KEY_PRESS, GDK_KEY_RELEASE] {
            let event = gdk_event_new(type)!
            event.pointee.key.window = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(window)))
            event.pointee.key.send_event = 1
            event.pointee.key.keyval = guint(bitPattern: keyval)
            event.pointee.key.state = modifiers.rawValue
            event.pointee.key.hardware_keycode = keycode
            event.pointee.key.time = guint32(GDK_CURRENT_TIME)
            gdk_event_set_device(event, keyboard)
            gtk_main_do_event(event)
            gdk_event_free(event)
        }
    }

    /// Types `text` one key at a time into the focused widget of `widget`'s window.
    public static func type(_ text: String, in widget: Widget) {
        for scalar in text.unicodeScalars { key(Int32(bitPattern: gdk_unicode_to_keyval(scalar.value)), in: widget) }
    }
}
