import CGtk
import FoundationEssentials

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
    /// Checks `condition` at least every 10 ms, so a change made by another thread or process
    /// is seen too: for tests that wait for a frame, a signal or a helper process. A dialog
    /// waiting for its answer uses ``wait(until:timeout:)``, which sleeps between events.
    @discardableResult
    public static func run(until condition: () -> Bool, timeout: TimeInterval) -> Bool {
        // Monotonic: a wall-clock change (NTP, suspend) must not end or stretch the wait.
        let deadline = ContinuousClock.now.advanced(by: .seconds(clamped(timeout)))
        // A ticking source wakes the blocking iteration so the deadline is checked.
        let tick = g_timeout_add(10, { _ in 1 }, nil)
        defer { g_source_remove(tick) }
        while !condition() {
            if ContinuousClock.now >= deadline { return false }
            g_main_context_iteration(nil, 1)
        }
        return true
    }

    /// Runs the loop until `condition` holds, or until `timeout` seconds pass (nil: no limit);
    /// returns whether it held. Sleeps until the next event, so `condition` must change in the
    /// loop's own callbacks, as a dialog's answer does.
    @discardableResult
    public static func wait(until condition: () -> Bool, timeout: TimeInterval?) -> Bool {
        let flag = DeadlineFlag()
        let deadline = timeout.map { seconds in
            addTimeout(
                seconds: seconds,
                { data in
                    Unmanaged<DeadlineFlag>.fromOpaque(data!).takeUnretainedValue().passed = true
                    return 0  // G_SOURCE_REMOVE
                }, data: Unmanaged.passUnretained(flag).toOpaque())
        }
        return withExtendedLifetime(flag) {
            defer { if !flag.passed, let deadline { g_source_remove(deadline) } }
            while !condition() {
                if flag.passed { return false }
                g_main_context_iteration(nil, 1)
            }
            return true
        }
    }

    /// `g_timeout_add` for any number of seconds: whole seconds (to 136 years) where
    /// milliseconds would overflow, none below zero or for NaN.
    @discardableResult
    package static func addTimeout(seconds: TimeInterval, _ callback: GSourceFunc, data: UnsafeMutableRawPointer?) -> guint {
        let seconds = clamped(seconds)
        let milliseconds = (seconds * 1000).rounded(.up)
        if milliseconds <= Double(UInt32.max) { return g_timeout_add(guint(milliseconds), callback, data) }
        return g_timeout_add_seconds(guint(min(seconds, Double(UInt32.max))), callback, data)
    }

    /// A wait in seconds that the clocks can hold: NaN and negatives are 0, and anything over
    /// a few centuries is a few centuries.
    private static func clamped(_ seconds: TimeInterval) -> TimeInterval {
        seconds.isNaN ? 0 : min(max(seconds, 0), 1e10)
    }

    /// Runs `work` once after `seconds` (any number: see ``addTimeout(seconds:_:data:)``).
    public static func after(seconds: TimeInterval, _ work: @escaping @MainActor () -> Void) {
        let box = SignalClosureBox<SignalHandler>(work).retainedPointer()
        addTimeout(
            seconds: seconds,
            { data in
                MainActor.assumeIsolated { SignalClosureBox<SignalHandler>.from(data)() }
                SignalClosures.release(data)
                return 0  // G_SOURCE_REMOVE
            }, data: box)
    }

    /// Runs `work` once, the next time the loop is idle; with `afterGtksIdleWork`, only once
    /// GTK's own idle callbacks (`G_PRIORITY_DEFAULT_IDLE`) have all run.
    public static func idle(afterGtksIdleWork: Bool = false, _ work: @escaping @MainActor () -> Void) {
        g_idle_add_full(
            afterGtksIdleWork ? G_PRIORITY_LOW : G_PRIORITY_DEFAULT_IDLE, runOnce, retained(work), releaseWork)
    }

    /// `work` as the data of a one-shot GLib source: run by ``runOnce``, freed by ``releaseWork``.
    static func retained(_ work: @escaping @MainActor () -> Void) -> UnsafeMutableRawPointer {
        SignalClosureBox<SignalHandler>(work).retainedPointer()
    }

    /// The callback of a one-shot source whose data is ``retained(_:)`` work: runs it once.
    static var runOnce: GSourceFunc {
        { data in
            MainActor.assumeIsolated { SignalClosureBox<SignalHandler>.from(data)() }
            return 0  // G_SOURCE_REMOVE
        }
    }

    /// The destroy notify of such a source: frees the work.
    static var releaseWork: GDestroyNotify { { data in SignalClosures.release(data) } }

    /// Runs `work` on the GTK thread soon, before the next frame is drawn; callable from any
    /// thread (a filter finishing in the background hands its result back this way).
    public nonisolated static func post(_ work: @escaping @Sendable @MainActor () -> Void) {
        g_idle_add_full(
            G_PRIORITY_DEFAULT,
            { data in
                let work = SignalClosureBox<@Sendable @MainActor () -> Void>.from(data)
                MainActor.assumeIsolated { work() }
                return 0  // G_SOURCE_REMOVE
            }, SignalClosureBox<@Sendable @MainActor () -> Void>(work).retainedPointer(), { data in SignalClosures.release(data) })
    }
}

/// Set by the timeout of ``MainLoop/wait(until:timeout:)`` when its time is up.
private final class DeadlineFlag {
    var passed = false
}
