import CEntryKit
import CGtk

/// A `GtkWindow`: a toplevel. GTK owns every toplevel until it is destroyed, so the wrapper
/// borrows it (``GObjectReference/init(transferNone:)-(UnsafeMutablePointer<T>)``) and keeps
/// its own reference, valid after a close until the wrapper goes.
@MainActor
open class Window: Container {
    /// A new toplevel window.
    public convenience init() {
        self.init(window: gtk_window_new(GTK_WINDOW_TOPLEVEL))
    }

    /// Wraps a toplevel that a GTK constructor just made (`gtk_dialog_new`, `gtk_about_dialog_new`).
    public init(window: UnsafeMutablePointer<GtkWidget>) {
        super.init(transferNone: window)
    }

    public var title: String {
        get { gtk_window_get_title(cast()).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(cast(), newValue) }
    }

    /// Shows the window and brings it to the front: shown first, then asked to be activated with
    /// a real timestamp, as window managers honour (`gtk_window_present` on a hidden window only
    /// shows it, and i3 never maps a new window behind a full-screen one).
    public func present() { ek_window_show_and_present(cast()) }

    /// Centres the window on the monitor under the pointer when it is first shown, as
    /// `GTK_WIN_POS_CENTER` does, with one question to the display server instead of about
    /// fourteen: GTK works the place out twice while showing the window, each time asking for
    /// the pointer, the window's frame and the work area, and on X11 every question is a round
    /// trip that holds the first frame back. The monitor's whole area is used, not its work area
    /// (a panel's height apart, the same place). On Wayland the compositor places windows.
    /// The window is placed at the size it is realized with: call it for a window whose content
    /// is complete when it is first shown (not one realized early to be measured).
    public func centreOnFirstShow() {
        gtk_window_set_position(cast(), GTK_WIN_POS_NONE)
        var connection: SignalConnection?
        // Realized, the window has the size GTK gave it, and is not mapped yet: the move is
        // part of the request that maps it.
        connection = connect("realize") { [weak self] in
            connection?.disconnect()
            connection = nil
            guard let self, let window = gtk_widget_get_window(widget), let display = gtk_widget_get_display(widget),
                let pointer = gdk_seat_get_pointer(gdk_display_get_default_seat(display))
            else { return }
            var x: gint = 0
            var y: gint = 0
            gdk_device_get_position(pointer, nil, &x, &y)
            guard let monitor = gdk_display_get_monitor_at_point(display, x, y) else { return }
            var area = GdkRectangle()
            gdk_monitor_get_geometry(monitor, &area)
            let width = gdk_window_get_width(window)
            let height = gdk_window_get_height(window)
            gtk_window_move(cast(), area.x + max((area.width - width) / 2, 0), area.y + max((area.height - height) / 2, 0))
        }
    }

    /// Asks the window to close, as its close button does (`delete-event` may refuse).
    public func close() { gtk_window_close(cast()) }

    /// Takes the window off the screen now and destroys it once the handler that decided it
    /// has returned and GTK's own idle work has run: never from inside a signal of one of its
    /// widgets. GTK 3 bug: an entry's "Insert Emoji" chooser finalized before its first idle
    /// load has run unrefs NULL (`g_variant_unref: assertion 'value != NULL'`), so a window
    /// destroyed in the same pass as the chooser opened (Return right after) gave a critical.
    public func destroyAfterHandlers() {
        gtk_widget_hide(widget)
        MainLoop.idle(afterGtksIdleWork: true) { [self] in destroy() }
    }

    /// Asks for keyboard focus each time the window comes on screen, then calls `whenMapped`.
    ///
    /// Without a window manager (a kiosk, Xvfb) a focus request made before the window is
    /// viewable does nothing, so it is asked again once mapped. Only the focus half of
    /// `gtk_window_present` is asked for (`gdk_window_focus`), never a show: on Wayland every
    /// show maps the window again, and a map handler that presents runs for ever (the window
    /// never reaches the screen). `gdk_window_focus` maps nothing on any backend.
    ///
    /// With `afterFirstFrame`, both wait until the window has been drawn: on X11 the focus
    /// request asks the display server a question first, which would hold the frame back.
    public func focusWhenMapped(afterFirstFrame: Bool = false, _ whenMapped: @escaping @MainActor () -> Void = {}) {
        connectEvent("map-event") { [weak self] _ in
            guard let self else { return false }
            if afterFirstFrame {
                afterFirstDraw { [weak self] in self?.focusNow(whenMapped) }
            } else {
                focusNow(whenMapped)
            }
            return false
        }
    }

    private func focusNow(_ whenMapped: @MainActor () -> Void) {
        ek_window_focus_now(cast())
        whenMapped()
    }
}

extension Window {
    /// Puts Cancel and OK into a `GtkDialog`'s button row (OK styled as the suggested action and,
    /// with `okIsDefault`, the default that Enter in an entry activates), and gives the row the
    /// margins the theme leaves out when there is no header bar.
    public func addDialogButtons(cancel: Widget, ok: Widget, okIsDefault: Bool) {
        precondition(isA(gtk_dialog_get_type()), "addDialogButtons needs a GtkDialog")
        gtk_dialog_add_action_widget(cast(), cancel.widget, GTK_RESPONSE_CANCEL.rawValue)
        gtk_dialog_add_action_widget(cast(), ok.widget, GTK_RESPONSE_OK.rawValue)
        if okIsDefault {
            gtk_widget_set_can_default(ok.widget, 1)
            gtk_dialog_set_default_response(cast(), GTK_RESPONSE_OK.rawValue)
        }
        ok.addStyleClass("suggested-action")
        cancel.show()
        ok.show()
        if let row = gtk_widget_get_parent(ok.widget) {
            gtk_widget_set_margin_start(row, 12)
            gtk_widget_set_margin_end(row, 12)
            gtk_widget_set_margin_bottom(row, 12)
        }
    }
}
