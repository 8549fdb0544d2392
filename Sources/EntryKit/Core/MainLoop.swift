import CGtk
import Foundation

/// Small helpers around the GLib main loop that GTK runs on.
@MainActor
public enum MainLoop {
    /// Handles every pending event and idle callback, at most `limit` of them, without blocking.
    public static func drain(limit: Int = 10_000) {
        var handled = 0
        while handled < limit, g_main_context_iteration(nil, 0) != 0 { handled += 1 }
    }

    /// Runs the loop until `condition` holds or `timeout` seconds pass; returns whether it held.
    ///
    /// Used by synchronous dialogs and by tests that wait for a frame or a signal.
    @discardableResult
    public static func run(until condition: () -> Bool, timeout: TimeInterval) -> Bool {
        // Monotonic: a wall-clock change (NTP, suspend) must not end or stretch the wait.
        let deadline = ContinuousClock.now.advanced(by: .seconds(timeout))
        // A ticking source wakes the blocking iteration so the deadline is checked.
        let tick = g_timeout_add(10, { _ in 1 }, nil)
        defer { g_source_remove(tick) }
        while !condition() {
            if ContinuousClock.now >= deadline { return false }
            g_main_context_iteration(nil, 1)
        }
        return true
    }

    /// Runs `work` once, the next time the loop is idle.
    public static func idle(_ work: @escaping @MainActor () -> Void) {
        g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, { data in
            MainActor.assumeIsolated { SignalClosureBox<SignalHandler>.from(data)() }
            return 0  // G_SOURCE_REMOVE
        }, SignalClosureBox<SignalHandler>(work).retainedPointer(), { data in SignalClosures.release(data) })
    }

    /// Runs `work` on the GTK thread soon, before the next frame is drawn; callable from any
    /// thread (a filter finishing in the background hands its result back this way).
    public nonisolated static func post(_ work: @escaping @Sendable @MainActor () -> Void) {
        g_idle_add_full(G_PRIORITY_DEFAULT, { data in
            let work = SignalClosureBox<@Sendable @MainActor () -> Void>.from(data)
            MainActor.assumeIsolated { work() }
            return 0  // G_SOURCE_REMOVE
        }, SignalClosureBox<@Sendable @MainActor () -> Void>(work).retainedPointer(), { data in SignalClosures.release(data) })
    }
}
