import CGtk
import Foundation

/// Time from an action to the end of the first frame painted afterwards, read from the frame
/// clock's `after-paint` signal, on a monotonic clock.
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

    /// Milliseconds from the start of `action` to the end of the next painted frame of the
    /// toplevel holding `widget()` (read after the action: a menu's window exists only then).
    /// The widget is queued for drawing too, so an action that changes nothing visible still
    /// ends on a frame instead of waiting forever; a frame the action caused is not delayed by it.
    static func timeToPaint(
        of widget: () -> UnsafeMutablePointer<GtkWidget>?, until ready: () -> Bool = { true },
        timeout: Double = 600_000, _ action: () -> Void
    ) -> Double {
        let start = now()
        action()
        guard let painted = widget(), let clock = gtk_widget_get_frame_clock(painted) else {
            FileHandle.standardError.write(Data("list-benchmark: no painted window after the action\n".utf8))
            exit(3)
        }
        paintedAt = 0
        let handler = g_signal_connect_data(
            UnsafeMutableRawPointer(clock), "after-paint", unsafeBitCast(afterPaint as @convention(c) (gpointer?, gpointer?) -> Void, to: GCallback.self),
            nil, nil, GConnectFlags(0))
        gtk_widget_queue_draw(painted)
        // A wake-up source, so the blocking iteration below also returns to check the timeout.
        let wake = g_timeout_add(50, { _ in 1 }, nil)
        while Double(now() - start) / 1e6 < timeout {
            // A frame counts only if the result was there before the iteration that painted it
            // (one iteration dispatches one source, so the two cannot interleave).
            let wasReady = ready()
            gtk_main_iteration_do(1)
            if paintedAt != 0 {
                if wasReady { break }
                paintedAt = 0
                if ready() { gtk_widget_queue_draw(painted) }
            }
        }
        g_source_remove(wake)
        g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), handler)
        guard paintedAt != 0 else {
            FileHandle.standardError.write(Data("list-benchmark: no frame within \(Int(timeout)) ms\n".utf8))
            exit(4)
        }
        return Double(paintedAt - start) / 1e6
    }

    /// Runs the main loop for a while so earlier frames, idles and unmaps are done, and the
    /// frame clock (which spaces frames by the refresh interval) is idle again.
    static func settle(milliseconds: UInt32 = 100) {
        let done = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
        done.pointee = false
        g_timeout_add(milliseconds, { data in
            data!.assumingMemoryBound(to: Bool.self).pointee = true
            return 0
        }, done)
        while !done.pointee { gtk_main_iteration_do(1) }
        done.deallocate()
    }
}

nonisolated(unsafe) private var paintedAt: UInt64 = 0

private func afterPaint(_ clock: gpointer?, _ data: gpointer?) {
    if paintedAt == 0 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        paintedAt = UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}
