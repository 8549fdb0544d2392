import CGtk

/// How much of the screen a window may take.
///
/// X11 window managers publish the work area (the monitor less panels and docks). Wayland
/// compositors publish nothing: GDK then gives the whole monitor as the work area, and so does
/// a bare X server with no window manager. Where the work area is the whole monitor it is
/// therefore not trusted: room is kept for the panels and title bar that may be there unseen
/// (GNOME's top bar and a title bar take about 80 pixels), so that a window sized to the
/// result keeps its buttons on screen.
///
/// ```swift
/// let rows = (ScreenSpace.usableHeight(near: window) - chrome) / rowHeight
/// ```
@MainActor
public enum ScreenSpace {
    /// The part of the monitor kept for unseen panels when the work area is unknown: a tenth
    /// of the height, at least ``minimumUnseenChrome`` pixels.
    public nonisolated static let minimumUnseenChrome = 96

    /// The height a window may take on the monitor showing `widget`'s window (or the primary
    /// monitor before it is on screen), in application pixels.
    public static func usableHeight(near widget: Widget? = nil) -> Int {
        guard let display = gdk_display_get_default(), let monitor = monitor(of: widget, on: display) else {
            return 32_767  // no monitor known: X11's largest window
        }
        var geometry = GdkRectangle(), workArea = GdkRectangle()
        gdk_monitor_get_geometry(monitor, &geometry)
        gdk_monitor_get_workarea(monitor, &workArea)
        return usableHeight(monitorHeight: Int(geometry.height), workAreaHeight: Int(workArea.height))
    }

    /// The rule itself: a work area smaller than the monitor is what a window manager said and
    /// is used as it is; one as big as the monitor is unknown and keeps room for unseen panels.
    public nonisolated static func usableHeight(monitorHeight: Int, workAreaHeight: Int) -> Int {
        guard monitorHeight > 0 else { return max(workAreaHeight, 1) }
        if workAreaHeight > 0 && workAreaHeight < monitorHeight { return workAreaHeight }
        return max(monitorHeight - max(monitorHeight / 10, minimumUnseenChrome), monitorHeight / 2, 1)
    }

    private static func monitor(of widget: Widget?, on display: OpaquePointer) -> OpaquePointer? {
        if let widget, let window = gtk_widget_get_window(widget.widget), let monitor = gdk_display_get_monitor_at_window(display, window) {
            return monitor
        }
        return gdk_display_get_primary_monitor(display) ?? gdk_display_get_monitor(display, 0)
    }
}
