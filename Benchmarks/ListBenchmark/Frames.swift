import CGtk
import Foundation

/// Time from an action to the pixels on the display server: the end of the first frame painted
/// afterwards (the frame clock's `after-paint`) that drew the measured widget, followed by a round
/// trip to the X server (`gdk_display_sync`), so the drawing requests have been carried out, not
/// just queued. Monotonic clock throughout.
@MainActor
enum Frames {
    static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }

    /// Milliseconds the action itself takes (no frame).
    static func time(_ action: () -> Void) -> Double {
        let start = now()
        action()
        return Double(now() - start) / 1e6
    }

    /// Milliseconds from the start of `action` to the display server having the first frame that
    /// drew `widget()` while `ready()` held. `widget()` is read after the action, and again after
    /// each main-loop iteration until it is mapped: a menu's window exists only then, and a
    /// completion popup shows after a delay of GTK's. The widget is queued for drawing too, so an action that changes nothing visible
    /// still ends on a frame; a frame the action caused is not delayed by it.
    /// Fails the run (exit 3 or 4, a reason on stderr) when the widget is not mapped or no such
    /// frame comes within `timeout` ms: the harness reports it as an error.
    static func timeToPaint(
        of widget: () -> UnsafeMutablePointer<GtkWidget>?, until ready: () -> Bool = { true },
        timeout: Double = 20_000, _ action: () -> Void
    ) -> Double {
        let start = now()
        action()
        // A wake-up source, so the blocking iterations below also return to check the timeout.
        let wake = g_timeout_add(50, { _ in 1 }, nil)
        defer { g_source_remove(wake) }
        func mappedWidget() -> UnsafeMutablePointer<GtkWidget>? {
            widget().flatMap { gtk_widget_get_mapped($0) != 0 ? $0 : nil }
        }
        while mappedWidget() == nil && Double(now() - start) / 1e6 < timeout { gtk_main_iteration_do(1) }
        guard let painted = mappedWidget(), let clock = gtk_widget_get_frame_clock(painted) else {
            fail(3, "no mapped list after the action")
        }
        paintedAt = 0
        drawn = false
        let afterPaintHandler = g_signal_connect_data(
            UnsafeMutableRawPointer(clock), "after-paint",
            unsafeBitCast(afterPaint as @convention(c) (gpointer?, gpointer?) -> Void, to: GCallback.self),
            nil, nil, GConnectFlags(0))
        let drawHandler = g_signal_connect_data(
            UnsafeMutableRawPointer(painted), "draw",
            unsafeBitCast(onDraw as @convention(c) (gpointer?, gpointer?, gpointer?) -> gboolean, to: GCallback.self),
            nil, nil, GConnectFlags(0))
        gtk_widget_queue_draw(painted)
        var done = false
        while !done && Double(now() - start) / 1e6 < timeout {
            // A frame counts only if the result was there before the iteration that painted it
            // (one iteration dispatches one source, so the two cannot interleave) and the frame
            // drew the measured widget.
            let wasReady = ready()
            gtk_main_iteration_do(1)
            if paintedAt != 0 {
                done = wasReady && drawn
                if !done {
                    paintedAt = 0
                    drawn = false
                    if ready() { gtk_widget_queue_draw(painted) }
                }
            }
        }
        var end: UInt64 = 0
        if done {
            gdk_display_sync(gdk_display_get_default())
            end = now()
        }
        g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), afterPaintHandler)
        g_signal_handler_disconnect(UnsafeMutableRawPointer(painted), drawHandler)
        guard done else {
            fail(4, "no frame showing the result within \(Int(timeout / 1000)) s (result there: \(ready()), frame drew the list: \(drawn))")
        }
        return Double(end - start) / 1e6
    }

    /// Runs the main loop for a while so earlier frames, idles and unmaps are done, and the
    /// frame clock (which spaces frames by the refresh interval) is idle again.
    static func settle(milliseconds: UInt32 = 100) {
        let done = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
        done.pointee = false
        g_timeout_add(
            milliseconds,
            { data in
                data!.assumingMemoryBound(to: Bool.self).pointee = true
                return 0
            }, done)
        while !done.pointee { gtk_main_iteration_do(1) }
        done.deallocate()
    }
}

/// Ends the measurement with a reason the harness puts in the row's `error`.
func fail(_ status: Int32, _ reason: String) -> Never {
    FileHandle.standardError.write(Data("list-benchmark: \(reason)\n".utf8))
    exit(status)
}

nonisolated(unsafe) private var paintedAt: UInt64 = 0
nonisolated(unsafe) private var drawn = false

private func afterPaint(_ clock: gpointer?, _ data: gpointer?) {
    if paintedAt == 0 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        paintedAt = UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}

private func onDraw(_ widget: gpointer?, _ cairo: gpointer?, _ data: gpointer?) -> gboolean {
    if paintedAt == 0 { drawn = true }  // drawn in the frame that is about to end
    return 0
}
