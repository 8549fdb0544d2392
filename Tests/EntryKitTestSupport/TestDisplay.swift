import CGtk
import EntryKit
import Foundation

/// Widget tests need GTK on a display. With none the test fails, never skips: the suite is
/// meant to run under `xvfb-run -a dbus-run-session`, as `scripts/test` does.
public enum TestDisplay {
    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    @MainActor
    public static func require() throws {
        do {
            try GtkRuntime.initialize()
        } catch {
            throw Missing(description: "GTK needs a display: \(error). Run the tests with scripts/test (it starts Xvfb).")
        }
        // GTK is single-threaded: every widget test must run where GTK was started (main-actor work).
        guard GtkRuntime.isInGtkContext else {
            throw Missing(description: "this test runs outside GTK's context (the thread or queue GTK was started on)")
        }
    }
}

/// A toplevel window for widget tests, shown and painted before the test looks at it.
@MainActor
public final class TestWindow {
    public let window = Window()

    public init(_ content: Widget, width: Int32 = 320, height: Int32 = -1) {
        gtk_window_set_default_size(window.cast(), width, height)
        window.add(content)
        window.showAll()
        waitForFrames()
    }

    /// Runs the loop until the window has painted (and any queued layout is done).
    public func waitForFrames() {
        MainLoop.run(until: { gtk_widget_get_mapped(window.widget) != 0 }, timeout: 5)
        var painted = false
        let clock = gtk_widget_get_frame_clock(window.widget)
        let connection = GObjectReference(transferNone: clock!).connect("after-paint") { painted = true }
        gtk_widget_queue_draw(window.widget)
        MainLoop.run(until: { painted }, timeout: 5)
        connection.disconnect()
        MainLoop.drain()
    }

    /// Saves a picture of the window to `$ENTRYKIT_TEST_SCREENSHOTS/NAME.png` when that is set,
    /// so a person can look at what a widget test built.
    public func saveScreenshot(_ name: String) {
        guard let folder = ProcessInfo.processInfo.environment["ENTRYKIT_TEST_SCREENSHOTS"],
            let gdkWindow = gtk_widget_get_window(window.widget)
        else { return }
        let width = gdk_window_get_width(gdkWindow), height = gdk_window_get_height(gdkWindow)
        guard let pixbuf = gdk_pixbuf_get_from_window(gdkWindow, 0, 0, width, height) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        gdk_pixbuf_savev(pixbuf, "\(folder)/\(name).png", "png", nil, nil, nil)
    }

    isolated deinit { window.destroy() }
}
